/**
 * Issue 55, item 5: WhatsApp through the Cloud API, against a stand-in on loopback (real HTTP): a
 * person who chose WhatsApp gets their meeting texts there as template messages (Bearer token,
 * `carebook_<name>`, their language, the body parameters in docs/messages.md's order; both on:
 * both channels); retries on 429/5xx as SMS's, none on another 4xx; the webhook answers the
 * verify-token challenge and takes signed status reports (a bad or missing signature is 403 and
 * changes nothing); the admin's mail page lists the rows with their state.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startTwilioStandin, type TwilioStandin } from "../../tests/support/twilio-standin";
import { startWhatsappStandin, type WhatsappStandin } from "../../tests/support/whatsapp-standin";
import { movingClock } from "../../tests/support/moving-clock";
import { nextMonday } from "../../tests/support/monday";
import { startOutboxSender, type MailSender } from "./sender";
import { twilioChannel } from "./twilio";
import { whatsappChannel, whatsappSignature, WHATSAPP_HOOK_PATH } from "./whatsapp";
import { recentOutbox } from "../db/queries/mail";
import { startTexts } from "./start-texts";

const REASON = "Recurring migraine with aura since March";
const NUMBER_ID = "1098765432100";
const TOKEN = "wa-token-not-a-real-one";
const SECRET = "wa-app-secret-not-real";
const VERIFY = "wa-verify-token";
let twilio: TwilioStandin;
let wa: WhatsappStandin;
let h: Harness;
let sms: MailSender;
let whatsapp: MailSender;
let seq = 9600000000;

beforeAll(async () => {
  twilio = await startTwilioStandin();
  wa = await startWhatsappStandin();
  h = await startHarness({
    PUBLIC_URL: "https://carebook.test",
    TWILIO_API_URL: twilio.url,
    TWILIO_ACCOUNT_SID: "ACwa00000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "wa-twilio-token",
    TWILIO_FROM: "+15005550006",
    WHATSAPP_API_URL: wa.url,
    WHATSAPP_PHONE_NUMBER_ID: NUMBER_ID,
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_VERIFY_TOKEN: VERIFY,
    WHATSAPP_APP_SECRET: SECRET,
    QUIET_HOURS: "0-0",
    UNDO_SECONDS: "0",
    MAIL_ROUND_SECONDS: "3600",
  });
  sms = startOutboxSender(h.deps, twilioChannel(h.deps.config));
  whatsapp = startOutboxSender(h.deps, whatsappChannel(h.deps.config));
});
afterAll(async () => {
  await sms.stop();
  await whatsapp.stop();
  twilio.stop();
  wa.stop();
  await h.stop();
});

/** `who` with a verified number, a language, Kolkata's zone, and the channels chosen. */
async function reader(who: { token: string }, lang: "en" | "hi", channels: { sms: boolean; whatsapp: boolean }): Promise<string> {
  const mobile = String(++seq);
  await h.call("PUT", "/api/auth/language", { token: who.token, json: { language: lang } });
  await h.call("PUT", "/api/auth/time-zone", { token: who.token, json: { timeZone: "Asia/Kolkata" } });
  await h.call("POST", "/api/auth/account/phone", { token: who.token, json: { phone: mobile } });
  await sms.runOnce();
  expect((await h.call("POST", "/api/auth/account/phone/verify", { token: who.token, json: { code: twilio.codeTo(`+91${mobile}`)! } })).status).toBe(200);
  expect((await h.call("PUT", "/api/auth/mail-preferences", { token: who.token, json: { reminders: true, notices: true, ...channels } })).status).toBe(200);
  return `+91${mobile}`;
}
const waTo = (number: string) => wa.received.filter((r) => r.body?.to === number.replace("+", ""));
/** The WhatsApp confirmation rows to `number` (its reminder waits for its time). */
const rowsTo = async (number: string) => (await recentOutbox(h.deps.database.db, 200)).filter((r) => r.channel === "whatsapp" && r.toAddress === number && r.subject === "WhatsApp: confirmed");

/** A meeting of a new patient (reading as `lang`, on `channels`) scheduled for a Monday 11:00 Kolkata; its patient's number. */
async function scheduled(lang: "en" | "hi", channels: { sms: boolean; whatsapp: boolean }) {
  const clock = movingClock(h.deps);
  const doctor = await h.signupDoctor({ name: "Dr Meera Shah" });
  const patient = await h.signupPatient("Arjun WhatsApp");
  const number = await reader(patient, lang, channels);
  const at = new Date(nextMonday(clock.now()).getTime() + 7 * 86_400_000 + 5.5 * 3_600_000);
  const id = await h.book(patient.token, doctor.id, REASON);
  expect((await h.schedule(doctor.token, id, patient.id, at)).status).toBe(200);
  return { clock, number, id, patient, doctor };
}

describe("WhatsApp through the Cloud API", () => {
  test("a confirmation as a template message: Bearer, carebook_confirmed, Hindi, the body parameters in order; WhatsApp alone sends no SMS", async () => {
    const { number } = await scheduled("hi", { sms: false, whatsapp: true });
    await whatsapp.runOnce();
    await sms.runOnce();
    const [sent] = waTo(number);
    expect(sent!.path).toBe(`/v21.0/${NUMBER_ID}/messages`);
    expect(sent!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent!.contentType).toContain("application/json");
    expect(sent!.body).toMatchObject({ messaging_product: "whatsapp", to: number.slice(1), type: "template", template: { name: "carebook_confirmed", language: { code: "hi" } } });
    const params = sent!.body.template.components[0].parameters.map((p: { type: string; text: string }) => p.text);
    expect(sent!.body.template.components[0].type).toBe("body");
    expect(params).toHaveLength(3);
    expect(params[1]).toContain("(Asia/Kolkata)");
    expect(params[1]).toContain("11:00");
    expect(params[2]).toMatch(/^https:\/\/carebook\.test\/m\/\w{8}p$/);
    expect(JSON.stringify(sent!.body)).not.toContain("migraine");
    expect(twilio.received.filter((r) => r.fields.To === number && !/\d{6}/.test(r.fields.Body ?? ""))).toHaveLength(0);
    expect((await rowsTo(number))[0]).toMatchObject({ state: "sent" });
  });

  test("both chosen: both channels; English as language en", async () => {
    const { number } = await scheduled("en", { sms: true, whatsapp: true });
    await whatsapp.runOnce();
    await sms.runOnce();
    expect(waTo(number)).toHaveLength(1);
    expect(waTo(number)[0]!.body.template.language.code).toBe("en");
    expect(twilio.received.filter((r) => r.fields.To === number && r.fields.Body?.startsWith("Carebook: your appointment"))).toHaveLength(1);
  });

  test("429, 5xx and a dropped connection are tried again; another 4xx is not", async () => {
    wa.answerNext(429, 503, "drop");
    const { clock, number } = await scheduled("en", { sms: false, whatsapp: true });
    await whatsapp.runOnce();
    expect((await rowsTo(number))[0]).toMatchObject({ state: "failing", attempts: 1 });
    for (const wait of [10, 30, 60]) {
      clock.forward(wait * 1000 + 500);
      await whatsapp.runOnce();
    }
    expect((await rowsTo(number))[0]).toMatchObject({ state: "sent", attempts: 4 });

    wa.answerNext(400);
    const other = await scheduled("en", { sms: false, whatsapp: true });
    await whatsapp.runOnce();
    const given = (await rowsTo(other.number))[0]!;
    expect(given).toMatchObject({ state: "given_up", attempts: 1 });
    expect(given.lastError).toContain("400");
  });

  test("the webhook: the verify token's challenge; signed statuses move a row to delivered or failed; a bad or missing signature is 403 and changes nothing", async () => {
    const challenge = await h.app.request(`${WHATSAPP_HOOK_PATH}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect([challenge.status, await challenge.text()]).toEqual([200, "1158201444"]);
    expect((await h.app.request(`${WHATSAPP_HOOK_PATH}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);

    const first = await scheduled("en", { sms: false, whatsapp: true });
    const second = await scheduled("en", { sms: false, whatsapp: true });
    await whatsapp.runOnce();
    const [a] = waTo(first.number);
    const [b] = waTo(second.number);
    const report = (statuses: unknown[]) =>
      JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "WABA", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses } }] }] });
    const post = (raw: string, signature?: string) =>
      h.app.request(WHATSAPP_HOOK_PATH, { method: "POST", headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "x-hub-signature-256": signature }) }, body: raw });

    const delivered = report([{ id: a!.id, status: "delivered", timestamp: "1", recipient_id: first.number.slice(1) }]);
    expect((await post(delivered)).status).toBe(403);
    expect((await post(delivered, whatsappSignature("another-secret", delivered))).status).toBe(403);
    expect((await rowsTo(first.number))[0]!.state).toBe("sent");
    expect((await post(delivered, whatsappSignature(SECRET, delivered))).status).toBe(200);
    expect((await rowsTo(first.number))[0]!.state).toBe("delivered");

    const failed = report([{ id: b!.id, status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] }]);
    expect((await post(failed, whatsappSignature(SECRET, failed))).status).toBe(200);
    expect((await rowsTo(second.number))[0]).toMatchObject({ state: "failed" });

    // The admin's mail page lists them with their state.
    const admin = await h.admin();
    const page = await (await h.app.request("/admin-dashboard/mail", { headers: { cookie: `__Host-carebook_session=${admin}` } })).text();
    expect(page).toContain("WhatsApp: confirmed");
    expect(page).toContain(`<td>${first.number}</td>`);
    expect(page).toContain("delivered");
    expect(page).toContain("failed (the provider says)");
  });

  test("two senders of each channel on one database (two instances) send each appointment text once, by SMS and by WhatsApp", async () => {
    const secondSms = startOutboxSender(h.deps, twilioChannel(h.deps.config));
    const secondWa = startOutboxSender(h.deps, whatsappChannel(h.deps.config));
    try {
      const numbers: string[] = [];
      for (let i = 0; i < 4; i++) numbers.push((await scheduled(i % 2 === 0 ? "en" : "hi", { sms: true, whatsapp: true })).number);
      await Promise.all([sms.runOnce(), secondSms.runOnce(), whatsapp.runOnce(), secondWa.runOnce(), sms.runOnce(), secondSms.runOnce(), whatsapp.runOnce(), secondWa.runOnce()]);
      for (const number of numbers) {
        expect(waTo(number).filter((r) => r.body.template.name === "carebook_confirmed")).toHaveLength(1);
        expect(twilio.received.filter((r) => r.fields.To === number && /^Carebook: /.test(r.fields.Body ?? "") && !/\d{6}/.test(r.fields.Body ?? ""))).toHaveLength(1);
      }
    } finally {
      await secondSms.stop();
      await secondWa.stop();
    }
  });

  test("at start, one line says how WhatsApp goes: through the Cloud API with its settings, off without them", async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => void lines.push(String(line));
    try {
      for (const config of [h.deps.config, { ...h.deps.config, whatsapp: undefined }]) {
        for (const sender of startTexts({ ...h.deps, config })) await sender.stop();
      }
    } finally {
      console.log = log;
    }
    const said = lines.filter((line) => line.startsWith("WhatsApp"));
    expect(said).toEqual([`WhatsApp is on: through the Cloud API (${wa.url}), template messages.`, expect.stringMatching(/^WhatsApp is off: WHATSAPP_PHONE_NUMBER_ID, /)]);
  });
});
