/**
 * Issue 55, items 1-3: a verified phone through the API, its code sent by SMS through the outbox
 * to a stand-in of Twilio's Messages API on loopback (real HTTP: Basic auth, form fields); the
 * code's bounds (life, 5 wrong tries, one use) and throttles; retries on 429/5xx/network and none
 * on another 4xx (at most 5 tries); delivery reports with good, bad and missing signatures; two
 * senders on one database sending each text once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { startTwilioStandin, type TwilioStandin } from "../../../tests/support/twilio-standin";
import { movingClock } from "../../../tests/support/moving-clock";
import { startOutboxSender, type MailSender } from "../../mail/sender";
import { twilioChannel, twilioSignature, TWILIO_STATUS_PATH } from "../../mail/twilio";
import { findOutbox, recentOutbox } from "../../db/queries/mail";

const SITE = "https://carebook.test";
const SID = "ACtest00000000000000000000000000";
const TOKEN = "test-auth-token-not-a-real-one";
const FROM = "+15005550006";

let twilio: TwilioStandin;
let h: Harness;
let sender: MailSender;
let numberSeq = 9800000000;
/** A fresh Indian mobile for each use: the per-number throttle never carries over between tests. */
const freshNumber = () => String(++numberSeq);

beforeAll(async () => {
  twilio = await startTwilioStandin();
  h = await startHarness({ PUBLIC_URL: SITE, TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, MAIL_ROUND_SECONDS: "3600" });
  sender = startOutboxSender(h.deps, twilioChannel(h.deps.config));
});

afterAll(async () => {
  await sender.stop();
  twilio.stop();
  await h.stop();
});

/** The SMS rows of the outbox, newest first. */
const texts = async () => (await recentOutbox(h.deps.database.db, 200)).filter((row) => row.channel === "sms");

describe("a verified phone", () => {
  test("a 10-digit Indian mobile is +91; the code goes by SMS through Twilio's API, with Basic auth and its form fields", async () => {
    const p = await h.signupPatient("Asha Rao");
    const mobile = freshNumber();
    const asked = await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: expect.any(String), phone: { number: `+91${mobile}`, verified: false } });
    await sender.runOnce();
    const sms = await twilio.waitFor((r) => r.fields.To === `+91${mobile}`);
    expect(sms.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sms.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(sms.contentType).toContain("application/x-www-form-urlencoded");
    expect(sms.fields.From).toBe(FROM);
    expect(sms.fields.StatusCallback).toBe(`${SITE}/hooks/twilio/status`);
    expect(sms.fields.Body).toMatch(/^Carebook code: \d{6}\. It works for 10 minutes\./);
    const profile = await h.call("GET", "/api/auth/patient-profile", { token: p.token });
    expect(profile.body.patient.phone).toEqual({ number: `+91${mobile}`, verified: false });

    // A sent code's digits are not kept in the outbox (the admin's page never shows a live code).
    const row = (await texts()).find((r) => r.toAddress === `+91${mobile}`)!;
    expect(row.state).toBe("sent");
    const kept = await findOutbox(h.deps.database.db, row.id);
    expect(kept!.text).not.toMatch(/\d{6}/);
    expect(kept!.providerId).toBe(sms.sid);

    const code = sms.fields.Body!.match(/\d{6}/)![0];
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code: wrong } })).status).toBe(400);
    const verified = await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ message: "Your phone number is verified.", phone: { number: `+91${mobile}`, verified: true } });
    expect((await h.call("GET", "/api/auth/patient-profile", { token: p.token })).body.patient.phone).toEqual({ number: `+91${mobile}`, verified: true });
    // Single use.
    expect((await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code } })).status).toBe(400);
  });

  test("a doctor has one too; E.164 is taken as given; bad numbers and codes are 400", async () => {
    const d = await h.signupDoctor({ name: "Dr Mehta" });
    expect((await h.call("POST", "/api/auth/account/phone", { token: d.token, json: { phone: "12345" } })).body.message).toMatch(/international form/);
    expect((await h.call("POST", "/api/auth/account/phone", { token: d.token, json: {} })).status).toBe(400);
    expect((await h.call("POST", "/api/auth/account/phone/verify", { token: d.token, json: { code: "12ab56" } })).status).toBe(400);
    const asked = await h.call("POST", "/api/auth/account/phone", { token: d.token, json: { phone: "+44 7700 900123" } });
    expect(asked.status).toBe(202);
    expect(asked.body.phone.number).toBe("+447700900123");
    expect((await h.call("GET", "/api/auth/doctor-profile", { token: d.token })).body.doctor.phone).toEqual({ number: "+447700900123", verified: false });
    const admin = await h.admin();
    expect((await h.call("POST", "/api/auth/account/phone", { token: admin, json: { phone: "+447700900123" } })).status).toBe(403);
  });

  test("a code dies after 5 wrong tries, and after PHONE_CODE_MINUTES", async () => {
    const clock = movingClock(h.deps);
    const p = await h.signupPatient();
    const mobile = freshNumber();
    expect((await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } })).status).toBe(202);
    await sender.runOnce();
    const code = twilio.codeTo(`+91${mobile}`)!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code: wrong } })).status).toBe(400);
    expect((await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code } })).status).toBe(400);

    clock.forward(61_000);
    expect((await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } })).status).toBe(202);
    await sender.runOnce();
    const second = twilio.codeTo(`+91${mobile}`)!;
    clock.forward(10 * 60_000 + 1000);
    expect((await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code: second } })).status).toBe(400);
  });

  test("one code a minute per account, five an hour per number: 429 with Retry-After", async () => {
    const clock = movingClock(h.deps);
    clock.stand();
    const p = await h.signupPatient();
    const mobile = freshNumber();
    expect((await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } })).status).toBe(202);
    const again = await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: freshNumber() } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Four more accounts ask for the same number: the fifth code of the hour is the last.
    for (let i = 0; i < 4; i++) {
      const other = await h.signupPatient();
      expect((await h.call("POST", "/api/auth/account/phone", { token: other.token, json: { phone: mobile } })).status).toBe(202);
    }
    const sixth = await h.signupPatient();
    const refused = await h.call("POST", "/api/auth/account/phone", { token: sixth.token, json: { phone: mobile } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    clock.forward(3_600_000 + 1000);
    expect((await h.call("POST", "/api/auth/account/phone", { token: sixth.token, json: { phone: mobile } })).status).toBe(202);
    await sender.runOnce();
  });

  test("DELETE removes the number; again is 404", async () => {
    const p = await h.signupPatient();
    await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: freshNumber() } });
    const removed = await h.call("DELETE", "/api/auth/account/phone", { token: p.token });
    expect(removed.status).toBe(200);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: p.token })).body.patient.phone).toBeNull();
    expect((await h.call("DELETE", "/api/auth/account/phone", { token: p.token })).status).toBe(404);
    await sender.runOnce();
  });
});

describe("the SMS outbox", () => {
  test("429, 5xx and a dropped connection are tried again with backoff; the 5th failure is the last", async () => {
    const clock = movingClock(h.deps);
    await sender.runOnce();
    const p = await h.signupPatient();
    const mobile = `+91${freshNumber()}`;
    twilio.answerNext(429, 503, "drop");
    await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
    const rowOf = async () => (await texts()).find((r) => r.toAddress === mobile)!;
    await sender.runOnce();
    expect(await rowOf()).toMatchObject({ state: "failing", attempts: 1 });
    for (const wait of [10, 30, 60]) {
      clock.forward(wait * 1000 + 500);
      await sender.runOnce();
    }
    expect(await rowOf()).toMatchObject({ state: "sent", attempts: 4 });
    expect(twilio.received.filter((r) => r.fields.To === mobile).length).toBe(3); // the dropped one never reached the list

    const q = await h.signupPatient();
    const other = `+91${freshNumber()}`;
    twilio.answerNext(500, 500, 500, 500, 500);
    await h.call("POST", "/api/auth/account/phone", { token: q.token, json: { phone: other } });
    await sender.runOnce();
    for (const wait of [10, 30, 60, 120]) {
      clock.forward(wait * 1000 + 500);
      await sender.runOnce();
    }
    const given = (await texts()).find((r) => r.toAddress === other)!;
    expect(given).toMatchObject({ state: "given_up", attempts: 5 });
    clock.forward(3_600_000);
    await sender.runOnce();
    expect(twilio.received.filter((r) => r.fields.To === other).length).toBe(5);
  });

  test("another 4xx is not tried again", async () => {
    const p = await h.signupPatient();
    const mobile = `+91${freshNumber()}`;
    twilio.answerNext(400);
    await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
    await sender.runOnce();
    const row = (await texts()).find((r) => r.toAddress === mobile)!;
    expect(row).toMatchObject({ state: "given_up", attempts: 1 });
    expect(row.lastError).toContain("400");
  });

  test("delivery reports: a good signature moves the text to delivered or failed; a bad or missing one is 403 and changes nothing", async () => {
    const p = await h.signupPatient();
    const mobile = `+91${freshNumber()}`;
    await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
    await sender.runOnce();
    const sms = await twilio.waitFor((r) => r.fields.To === mobile);
    const report = async (fields: Record<string, string>, signature?: string) => {
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
      if (signature !== undefined) headers["x-twilio-signature"] = signature;
      return h.call("POST", TWILIO_STATUS_PATH, { raw: new URLSearchParams(fields).toString(), contentType: headers["content-type"], headers });
    };
    const fields = { MessageSid: sms.sid, MessageStatus: "delivered", AccountSid: SID, To: mobile };
    const rowOf = async () => (await texts()).find((r) => r.toAddress === mobile)!;

    expect((await report(fields)).status).toBe(403);
    expect((await report(fields, twilioSignature("another-token", `${SITE}${TWILIO_STATUS_PATH}`, fields))).status).toBe(403);
    // Signed for other fields (a changed status): refused.
    expect((await report({ ...fields, MessageStatus: "failed" }, twilioSignature(TOKEN, `${SITE}${TWILIO_STATUS_PATH}`, fields))).status).toBe(403);
    expect((await rowOf()).state).toBe("sent");

    expect((await report(fields, twilioSignature(TOKEN, `${SITE}${TWILIO_STATUS_PATH}`, fields))).status).toBe(204);
    expect((await rowOf()).state).toBe("delivered");
    const failed = { ...fields, MessageStatus: "undelivered", ErrorCode: "30003" };
    expect((await report(failed, twilioSignature(TOKEN, `${SITE}${TWILIO_STATUS_PATH}`, failed))).status).toBe(204);
    expect(await rowOf()).toMatchObject({ state: "failed", lastError: "Twilio: undelivered (30003)" });
  });

  test("two senders on one database send each text once", async () => {
    const second = startOutboxSender(h.deps, twilioChannel(h.deps.config));
    try {
      const numbers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const p = await h.signupPatient();
        const mobile = `+91${freshNumber()}`;
        numbers.push(mobile);
        await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
      }
      await Promise.all([sender.runOnce(), second.runOnce(), sender.runOnce(), second.runOnce()]);
      for (const mobile of numbers) expect(twilio.received.filter((r) => r.fields.To === mobile).length).toBe(1);
    } finally {
      await second.stop();
    }
  });

  test("export carries the phone; erasure takes it away", async () => {
    const p = await h.signupPatient();
    const mobile = freshNumber();
    await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
    await sender.runOnce();
    const code = twilio.codeTo(`+91${mobile}`)!;
    await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code } });
    const exported = await h.call("GET", "/api/auth/account/export", { token: p.token });
    expect(exported.body.profile.phone).toEqual({ number: `+91${mobile}`, verifiedAt: expect.any(String) });
    const erased = await h.call("POST", "/api/auth/account/delete", { token: p.token, json: { password: "correct-horse-1" } });
    expect(erased.status).toBe(200);
    const rows = await h.deps.database.client.execute({ sql: "select count(*) as n from patients where phone = ?", args: [`+91${mobile}`] });
    expect(Number(rows.rows[0]!.n)).toBe(0);
    const codes = await h.deps.database.client.execute({ sql: "select count(*) as n from phone_codes where account_id = ?", args: [p.id] });
    expect(Number(codes.rows[0]!.n)).toBe(0);
  });
});

describe("SMS off", () => {
  test("without Twilio's settings (and no preview) a number cannot be verified: 409", async () => {
    const off = await startHarness();
    try {
      const p = await off.signupPatient();
      const asked = await off.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: "9812345678" } });
      expect(asked.status).toBe(409);
      expect((await off.call("GET", "/api/auth/patient-profile", { token: p.token })).body.patient.phone).toBeNull();
    } finally {
      await off.stop();
    }
  });
});
