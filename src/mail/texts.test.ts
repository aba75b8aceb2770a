/**
 * Issue 55, items 3 and 4: what goes by SMS about a meeting, through the outbox to a stand-in of
 * Twilio's API on loopback: confirmed, cancelled by the other side, the reminders; each in the
 * reader's language and zone with the zone named, with the doctor's name and a short link, never
 * the reason or the meet link, within its segments (English 2 GSM-7, Hindi 3 UCS-2); only to a
 * verified number that chose SMS; held in quiet hours unless the meeting comes soon after.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness, type Patient } from "../../tests/support/harness";
import { startTwilioStandin, type TwilioStandin } from "../../tests/support/twilio-standin";
import { movingClock } from "../../tests/support/moving-clock";
import { nextMonday } from "../../tests/support/monday";
import { startOutboxSender, type MailSender } from "./sender";
import { twilioChannel } from "./twilio";
import { findOutbox, recentOutbox } from "../db/queries/mail";
import { isGsm7, quietUntil, smsSegments, toGsm7 } from "../domain/phone";
import { renderText } from "./texts";

const SITE = "https://carebook.test";
const REASON = "Recurring migraine with aura since March";
let twilio: TwilioStandin;
let h: Harness;
let sender: MailSender;
let seq = 9700000000;

beforeAll(async () => {
  twilio = await startTwilioStandin();
  h = await startHarness({
    PUBLIC_URL: SITE,
    TWILIO_API_URL: twilio.url,
    TWILIO_ACCOUNT_SID: "ACtexts0000000000000000000000000",
    TWILIO_AUTH_TOKEN: "texts-token-not-real",
    TWILIO_FROM: "+15005550006",
    QUIET_HOURS: "0-0",
    UNDO_SECONDS: "0",
    MAIL_ROUND_SECONDS: "3600",
  });
  await h.admin();
  sender = startOutboxSender(h.deps, twilioChannel(h.deps.config));
});
afterAll(async () => {
  await sender.stop();
  twilio.stop();
  await h.stop();
});

/** Gives `who` a verified number (through the API and the stand-in), its language and zone; answers the number. */
async function verified(who: { token: string }, lang: "en" | "hi", zone: string): Promise<string> {
  const mobile = String(++seq);
  await h.call("PUT", "/api/auth/language", { token: who.token, json: { language: lang } });
  await h.call("PUT", "/api/auth/time-zone", { token: who.token, json: { timeZone: zone } });
  await h.call("POST", "/api/auth/account/phone", { token: who.token, json: { phone: mobile } });
  await sender.runOnce();
  const code = twilio.codeTo(`+91${mobile}`)!;
  const res = await h.call("POST", "/api/auth/account/phone/verify", { token: who.token, json: { code } });
  if (res.status !== 200) throw new Error(res.text);
  return `+91${mobile}`;
}
const bodiesTo = (number: string) => twilio.received.filter((r) => r.fields.To === number && !/\d{6}/.test(r.fields.Body ?? "")).map((r) => r.fields.Body!);

describe("texts about a meeting", () => {
  test("confirmed (Hindi, Kolkata) and cancelled by the patient (English, São Paulo): names, zones, links; no reason, no meet link", async () => {
    const clock = movingClock(h.deps);
    const doctor = await h.signupDoctor({ name: "Dr João Mendes" });
    const patient = await h.signupPatient("Kavya Iyer");
    const patientPhone = await verified(patient, "hi", "Asia/Kolkata");
    const doctorPhone = await verified(doctor, "en", "America/Sao_Paulo");
    const at = new Date(nextMonday(clock.now()).getTime() + 7 * 86_400_000 + 5.5 * 3_600_000); // a Monday, 11:00 in Kolkata
    const id = await h.book(patient.token, doctor.id, REASON);
    expect((await h.schedule(doctor.token, id, patient.id, at)).status).toBe(200);
    await sender.runOnce();
    const [confirmed] = bodiesTo(patientPhone);
    expect(confirmed).toMatch(/^Carebook: डॉ\. जोआओ|^Carebook: .*João Mendes/);
    expect(confirmed).toContain("(Asia/Kolkata)");
    expect(confirmed).toContain("11:00");
    expect(confirmed).toContain("पक्का");
    const link = confirmed!.match(/https:\/\/carebook\.test\/m\/(\S+)/)!;
    expect(link[1]!.length).toBeLessThanOrEqual(10);
    expect(link[1]).toMatch(/p$/);
    expect(confirmed).not.toContain("migraine");
    expect(confirmed).not.toContain("meet.jit.si");
    expect(confirmed).not.toContain("Cardiologist");
    expect(smsSegments(confirmed!)).toMatchObject({ encoding: "UCS-2" });
    expect(smsSegments(confirmed!).segments).toBeLessThanOrEqual(3);

    // The short link opens the meeting for its patient, after sign-in; not signed in, the sign-in page.
    const open = await h.app.request(`/m/${link[1]}`, { headers: { cookie: `__Host-carebook_session=${patient.token}` } });
    expect([open.status, open.headers.get("location")]).toEqual([303, `/patient-dashboard/patient-meetings#meeting-${id}`]);
    const anon = await h.app.request(`/m/${link[1]}`);
    expect(anon.headers.get("location")).toBe(`/loginPatient?next=${encodeURIComponent(`/m/${link[1]}`)}`);
    // Signing in from there comes back to the link, which lands on that appointment (not the list alone).
    const loginPage = await (await h.app.request(anon.headers.get("location")!)).text();
    expect(loginPage).toContain(`value="/m/${link[1]}"`); // the form carries it
    const login = await h.app.request("/loginPatient", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: patient.email, password: PASSWORD, next: `/m/${link[1]}` }),
    });
    expect([login.status, login.headers.get("location")]).toEqual([303, `/m/${link[1]}`]);
    const other = await h.signupPatient();
    const notMine = await h.app.request(`/m/${link[1]}`, { headers: { cookie: `__Host-carebook_session=${other.token}` } });
    expect(notMine.headers.get("location")).toBe("/patient-dashboard/patient-meetings");

    // The patient cancels: the doctor hears it, in English, São Paulo's time with the zone named, GSM-7 only.
    const cancelled = await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: id, reason: "Travel" } });
    expect(cancelled.status).toBe(200);
    await sender.runOnce();
    const [told] = bodiesTo(doctorPhone);
    expect(told).toStartWith("Carebook: your appointment with Dr Joao Mendes on ");
    expect(told).toContain("(America/Sao_Paulo)");
    expect(told).toContain("02:30");
    expect(told).toContain("is cancelled");
    expect(told).toMatch(/\/m\/\w{8}d$/);
    expect(isGsm7(told!)).toBe(true);
    expect(smsSegments(told!).segments).toBeLessThanOrEqual(2);
    expect(told).not.toContain("Travel");
  });

  test("reminders go at their time to both; none to a number not verified, or to one who turned SMS off", async () => {
    const clock = movingClock(h.deps);
    const doctor = await h.signupDoctor({ name: "Dr Anil Rao" });
    const patient = await h.signupPatient("Ravi K");
    const patientPhone = await verified(patient, "en", "Asia/Kolkata");
    const doctorPhone = await verified(doctor, "en", "Asia/Kolkata");
    await h.call("PUT", "/api/auth/mail-preferences", { token: doctor.token, json: { reminders: true, notices: true, sms: false } });
    const quiet = await h.signupPatient("No Phone");
    await h.call("POST", "/api/auth/account/phone", { token: quiet.token, json: { phone: String(++seq) } });
    const at = new Date(clock.now().getTime() + 3 * 86_400_000);
    const id = await h.book(patient.token, doctor.id);
    await h.schedule(doctor.token, id, patient.id, at);
    const id2 = await h.book(quiet.token, doctor.id);
    await h.schedule(doctor.token, id2, quiet.id, new Date(at.getTime() + 3_600_000));
    await sender.runOnce();
    expect(bodiesTo(patientPhone)).toHaveLength(1);
    clock.to(at.getTime() - 1440 * 60_000 + 1000);
    await sender.runOnce();
    const bodies = bodiesTo(patientPhone);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toStartWith("Carebook reminder: your appointment with Dr Anil Rao is at ");
    expect(bodiesTo(doctorPhone)).toHaveLength(0);
    const rows = await recentOutbox(h.deps.database.db, 500);
    expect(rows.filter((r) => r.channel === "sms" && r.subject !== "SMS: code" && r.toAddress.startsWith("+91") && r.toAddress === `+91${seq}`)).toHaveLength(0);
  });
});

describe("every template fits", () => {
  test("English within 2 GSM-7 segments, Hindi within 3 UCS-2, with long names and zones", () => {
    const values = { doctor: "Dr. Maria da Conceição Albuquerque", when: "28 Mar, 10:30 (America/Argentina/ComodRivadavia)", link: "https://carebook.example.org/m/Ab3dE6gHp", code: "123456", minutes: "10" };
    for (const template of ["code", "confirmed", "changed", "cancelled", "reminder", "offer"] as const) {
      const en = renderText(template, "en", values);
      expect(isGsm7(en)).toBe(true);
      expect(smsSegments(en).segments).toBeLessThanOrEqual(2);
      const hi = renderText(template, "hi", { ...values, doctor: "डॉ. मारिया दा कॉन्सेइकाओ", when: "28 मार्च, 10:30 (America/Argentina/ComodRivadavia)" });
      expect(smsSegments(hi).segments).toBeLessThanOrEqual(3);
    }
    expect(toGsm7("São Paulo – Zürich")).toBe("Sao Paulo - Zürich");
  });
});

describe("quiet hours (21-8 in the reader's zone)", () => {
  const q = { from: 21, to: 8 };
  test("a text due at 22:00 Kolkata waits until 08:00, unless the meeting starts before 09:00", () => {
    const due = new Date("2026-12-07T16:30:00Z"); // 22:00 in Kolkata
    expect(quietUntil(due, "Asia/Kolkata", q, new Date("2026-12-09T05:00:00Z")).toISOString()).toBe("2026-12-08T02:30:00.000Z");
    expect(quietUntil(due, "Asia/Kolkata", q, new Date("2026-12-08T03:00:00Z"))).toEqual(due);
    const day = new Date("2026-12-07T06:30:00Z"); // 12:00 in Kolkata
    expect(quietUntil(day, "Asia/Kolkata", q, new Date("2026-12-09T05:00:00Z"))).toEqual(day);
    const early = new Date("2026-12-07T20:30:00Z"); // 02:00 in Kolkata: the same morning's 08:00
    expect(quietUntil(early, "Asia/Kolkata", q, new Date("2026-12-09T05:00:00Z")).toISOString()).toBe("2026-12-08T02:30:00.000Z");
  });
});

describe("docs/messages.md", () => {
  test("holds every template, English and Hindi, in DLT form as sent", async () => {
    const doc = await Bun.file(new URL("../../docs/messages.md", import.meta.url)).text();
    for (const template of ["code", "confirmed", "changed", "cancelled", "reminder", "offer"] as const) {
      expect(doc).toContain(`## carebook_${template}`);
      for (const lang of ["en", "hi"] as const) {
        const marks = Object.fromEntries(["code", "minutes", "doctor", "when", "link"].map((name) => [name, "{#var#}"]));
        expect(doc).toContain(`\`${renderText(template, lang, marks)}\``);
      }
    }
  });
});

describe("quiet hours through the outbox", () => {
  test("a doctor's time set at 22:00 Kolkata reaches the patient at 08:00; a meeting the next morning, at once", async () => {
    const quiet = await startHarness({ PUBLIC_URL: SITE, MAIL_PREVIEW: "true", UNDO_SECONDS: "0" });
    try {
      await quiet.admin();
      const clock = movingClock(quiet.deps);
      // The next 22:00 in Kolkata (16:30 UTC) ahead of now; the clock stands there.
      const night = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 16, 30));
      clock.stand();
      clock.to(night);
      const doctor = await quiet.signupDoctor({ name: "Dr Night" });
      const patient = await quiet.signupPatient("Late Reader");
      await quiet.call("PUT", "/api/auth/time-zone", { token: patient.token, json: { timeZone: "Asia/Kolkata" } });
      await quiet.call("POST", "/api/auth/account/phone", { token: patient.token, json: { phone: "9912345678" } });
      const codeRow = (await recentOutbox(quiet.deps.database.db, 10)).find((r) => r.channel === "sms")!;
      // A code the person asked for goes at once, quiet hours or not.
      expect(codeRow.nextAttemptAt.getTime()).toBe(night.getTime());
      const code = (await findOutbox(quiet.deps.database.db, codeRow.id))!.text.match(/\d{6}/)![0];
      expect((await quiet.call("POST", "/api/auth/account/phone/verify", { token: patient.token, json: { code } })).status).toBe(200);
      const later = await quiet.book(patient.token, doctor.id);
      await quiet.schedule(doctor.token, later, patient.id, new Date(night.getTime() + 3 * 86_400_000));
      const dawn = await quiet.signupDoctor({ name: "Dr Dawn" });
      const soon = await quiet.book(patient.token, dawn.id);
      // 08:30 the next morning: before the quiet hours' end plus an hour, so its text goes at once.
      await quiet.schedule(dawn.token, soon, patient.id, new Date(night.getTime() + 10.5 * 3_600_000));
      const rows = (await recentOutbox(quiet.deps.database.db, 50)).filter((r) => r.channel === "sms" && r.subject === "SMS: confirmed");
      const byMeeting = new Map(rows.map((r) => [r.id, r]));
      expect(byMeeting.size).toBe(2);
      const times = rows.map((r) => r.nextAttemptAt.toISOString()).sort();
      expect(times).toEqual([night.toISOString(), new Date(night.getTime() + 10 * 3_600_000).toISOString()]); // at once; 08:00 Kolkata
    } finally {
      await quiet.stop();
    }
  });
});
