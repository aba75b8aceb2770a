/**
 * Issue 55, items 3 to 5, against the Twilio stand-in on loopback: two senders on one database
 * send an appointment's text once; quiet hours (21-8 in the reader's zone) do not hold
 * the answer to a person's own booking, but hold a reminder until 08:00; a waitlist offer passed
 * on after another ran out is texted to the next person. Planned from the next Monday (UTC) with
 * the app's clock moved, never the hour the run starts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness, type Patient } from "../../tests/support/harness";
import { startTwilioStandin, type TwilioStandin } from "../../tests/support/twilio-standin";
import { nextMonday } from "../../tests/support/monday";
import { expireOffers } from "../actions/waitlist-offers";
import { startOutboxSender, type MailSender } from "./sender";
import { twilioChannel } from "./twilio";

const PATIENT = "/api/auth/patient-dashboard";
const HOLD_MINUTES = 30;
const ENV = {
  PUBLIC_URL: "https://carebook.test",
  TWILIO_ACCOUNT_SID: "ACtiming000000000000000000000000",
  TWILIO_AUTH_TOKEN: "timing-token-not-real",
  TWILIO_FROM: "+15005550006",
  QUIET_HOURS: "21-8",
  REMINDER_MINUTES: "600",
  UNDO_SECONDS: "0",
  BOOKING_NOTICE_MINUTES: "0",
  CHANGE_NOTICE_MINUTES: "0",
  CONSULT_MINUTES: "30",
  WAITLIST_HOLD_MINUTES: String(HOLD_MINUTES),
  MAIL_ROUND_SECONDS: "3600",
};
const monday = nextMonday(new Date());
/** `hours` after Monday 00:00 UTC. */
const at = (hours: number) => new Date(monday.getTime() + hours * 3_600_000);

let twilio: TwilioStandin;
let h: Harness;
let sender: MailSender;
let clock = at(8);
let seq = 9800000000;

beforeAll(async () => {
  twilio = await startTwilioStandin();
  h = await startHarness({ ...ENV, TWILIO_API_URL: twilio.url });
  h.deps.now = () => new Date(clock);
  await h.admin();
  sender = startOutboxSender(h.deps, twilioChannel(h.deps.config));
});
afterAll(async () => {
  await sender.stop();
  twilio.stop();
  await h.stop();
});

/** Gives `who` a verified number in Kolkata's zone (English); answers the number. */
async function verified(who: { token: string }): Promise<string> {
  const mobile = String(++seq);
  await h.call("PUT", "/api/auth/language", { token: who.token, json: { language: "en" } });
  await h.call("PUT", "/api/auth/time-zone", { token: who.token, json: { timeZone: "Asia/Kolkata" } });
  expect((await h.call("POST", "/api/auth/account/phone", { token: who.token, json: { phone: mobile } })).status).toBe(202);
  await sender.runOnce();
  const code = twilio.codeTo(`+91${mobile}`)!;
  expect((await h.call("POST", "/api/auth/account/phone/verify", { token: who.token, json: { code } })).status).toBe(200);
  return `+91${mobile}`;
}
/** The texts (not codes) the stand-in received for `number`. */
const textsTo = (number: string) => twilio.received.filter((r) => r.fields.To === number && !/\d{6}/.test(r.fields.Body ?? "")).map((r) => r.fields.Body!);

/** A doctor taking instant bookings on `day` (ISO weekday) 09:00-12:00 in Kolkata. */
async function instantDoctor(name: string, day: number) {
  const doctor = await h.signupDoctor({ name });
  const res = await h.call("PUT", "/api/auth/doctor-dashboard/availability", {
    token: doctor.token,
    json: { timeZone: "Asia/Kolkata", weekly: [{ day, start: "09:00", end: "12:00" }], daysOff: [], instantBooking: true },
  });
  expect(res.status).toBe(200);
  return doctor;
}
const bookAt = (patient: Patient, doctorId: string, start: Date) =>
  h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId, reason: "A cough that will not go", slotStart: start.toISOString() } });

describe("each text once", () => {
  // Two senders (as two servers would run) on one database connection: two app instances on one
  // database file in one test process would wait on each other's lock inside the event loop.
  test("two senders on one database, rounds at once: a confirmation reaches the stand-in exactly once", async () => {
    clock = at(8); // 13:30 in Kolkata: no quiet hours
    const second = startOutboxSender(h.deps, twilioChannel(h.deps.config));
    try {
      const doctor = await h.signupDoctor({ name: "Dr Twice" });
      const patient = await h.signupPatient("Once Only");
      const number = await verified(patient);
      const id = await h.book(patient.token, doctor.id);
      expect((await h.schedule(doctor.token, id, patient.id, at(30))).status).toBe(200);
      await Promise.all([sender.runOnce(), second.runOnce(), sender.runOnce(), second.runOnce()]);
      await Promise.all([sender.runOnce(), second.runOnce()]);
      const confirmed = textsTo(number).filter((b) => b.includes("is confirmed for"));
      expect(confirmed).toHaveLength(1);
      expect(confirmed[0]).toContain("Dr Twice");
      const rows = await h.elsewhere("select state, attempts from mail_outbox where channel = 'sms' and appointment_id = ? and template = 'confirmed'", [id]);
      expect(rows.rows.map((r) => `${r.state}/${r.attempts}`)).toEqual(["sent/1"]);
    } finally {
      await second.stop();
    }
  }, 20_000);
});

describe("quiet hours (21-8 in the reader's zone)", () => {
  test("the answer to a person's own booking goes at once at 23:00; its reminder, due at 01:00, waits until 08:00", async () => {
    // Monday 23:00 in Kolkata (17:30 UTC); the meeting Tuesday 11:00 there (05:30 UTC), its reminder 600 minutes before: 01:00.
    clock = at(17.5);
    const doctor = await instantDoctor("Dr Late", 2);
    const patient = await h.signupPatient("Night Owl");
    const number = await verified(patient);
    expect((await bookAt(patient, doctor.id, at(29.5))).status).toBe(201);
    await sender.runOnce();
    expect(textsTo(number)).toEqual([expect.stringContaining("is confirmed for")]);
    // 01:00 and 07:59 in Kolkata: the reminder is due but held.
    for (const hours of [19.5, 26.49]) {
      clock = at(hours);
      await sender.runOnce();
      expect(textsTo(number)).toHaveLength(1);
    }
    clock = at(26.5); // 08:00 in Kolkata
    await sender.runOnce();
    const [, reminder] = textsTo(number);
    expect(reminder).toStartWith("Carebook reminder: your appointment with Dr Late is at");
    expect(reminder).toContain("11:00 (Asia/Kolkata)");
  }, 20_000);
});

describe("waitlist offers", () => {
  test("an offer passed on after another ran out is texted to the next person", async () => {
    clock = at(32); // Tuesday 13:30 in Kolkata
    // The doctor's Wednesday 11:00 in Kolkata (Wednesday 05:30 UTC).
    const doctor = await instantDoctor("Dr Waitlist", 3);
    const holder = await h.signupPatient("Hari Holder");
    const booked = await bookAt(holder, doctor.id, at(53.5));
    expect(booked.status).toBe(201);
    const first = await h.signupPatient("First Waiting");
    const second = await h.signupPatient("Second Waiting");
    const numbers = [await verified(first), await verified(second)];
    for (const p of [first, second]) {
      expect((await h.call("POST", `${PATIENT}/waitlist`, { token: p.token, json: { doctorId: doctor.id, reason: "A cough" } })).status).toBe(201);
    }
    expect((await h.call("POST", `${PATIENT}/cancelAppointment`, { token: holder.token, json: { appointmentId: booked.body.appointment._id, reason: "Better" } })).status).toBe(200);
    await sender.runOnce();
    const offered = (number: string) => textsTo(number).filter((b) => b.startsWith("Carebook: a time with Dr Waitlist is free at"));
    expect(offered(numbers[0]!)).toHaveLength(1);
    expect(offered(numbers[1]!)).toHaveLength(0);
    clock = new Date(at(32).getTime() + HOLD_MINUTES * 60_000);
    expect(await expireOffers(h.deps)).toBeGreaterThanOrEqual(1);
    await sender.runOnce();
    expect(offered(numbers[1]!)).toHaveLength(1);
    const [text] = offered(numbers[1]!);
    expect(text).toContain("11:00 (Asia/Kolkata)");
    const link = text!.match(/https:\/\/carebook\.test\/m\/([A-Za-z0-9]{8}p)$/);
    expect(link).not.toBeNull();
    // The link opens the patient's appointments after sign-in (where the offer waits).
    const opened = await h.app.request(`/m/${link![1]}`, { headers: { cookie: `__Host-carebook_session=${second.token}` } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toStartWith("/patient-dashboard/");
    expect(offered(numbers[0]!)).toHaveLength(1);
  }, 20_000);
});
