/**
 * Issue 40 item 5, the waitlist, through the API: joining (its refusals and `until`), the order
 * offers go in, the hold (the time leaves the free slots; a plain booking of it is 409), expiry
 * (passed on by the job, once, even run by two processes), decline, a second offer, accept racing
 * a plain booking of the same time (one wins), a move and a doctor's cancel and undo, and a restart
 * in the middle of a hold (a second app on the same database). Planned from the next Monday
 * (UTC), the app's clock at 08:00 that day; the doctor's hours are Mondays 09:00 to 12:00 UTC,
 * 30-minute consultations, the notice window 120 minutes: the first free slot is 10:00.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { expireOffers } from "../../actions/waitlist-offers";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const WAITLIST = `${PATIENT}/waitlist`;
const HOLD_MINUTES = 30;
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000).toISOString();
const ENV = { BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true", CHANGE_NOTICE_MINUTES: "0", WAITLIST_HOLD_MINUTES: String(HOLD_MINUTES) };

let h: Harness;
let clock = at(8);
beforeAll(async () => {
  h = await startHarness(ENV);
  h.deps.now = () => new Date(clock);
});
afterAll(() => h.stop());

/** The clock at `hours` after Monday 00:00 for the rest of the test. */
const setClock = (hours: number) => void (clock = at(hours));

async function instantDoctor(instantBooking = true): Promise<Doctor> {
  const doctor = await h.signupDoctor();
  const weekly = [{ day: 1, start: "09:00", end: "12:00" }];
  const res = await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking } });
  expect(res.status).toBe(200);
  return doctor;
}

const joinList = (patient: Patient, doctorId: string, extra: Record<string, unknown> = {}) =>
  h.call("POST", WAITLIST, { token: patient.token, json: { doctorId, reason: "A cough that will not go", ...extra } });
const entriesOf = async (patient: Patient) => (await h.call("GET", WAITLIST, { token: patient.token })).body.entries as Entry[];
type Entry = { _id: string; doctorId: string; until: string; offer: { slotStart: string; expiresAt: string } | null };
const offerOf = async (patient: Patient) => (await entriesOf(patient))[0]?.offer ?? null;
const book = (patient: Patient, doctorId: string, slotStart: string) =>
  h.call("POST", `${PATIENT}/bookAppointment`, { token: patient.token, json: { doctorId, reason: "Chest pain", slotStart } });
const freeStarts = async (patient: Patient, doctorId: string) =>
  ((await h.call("GET", `${PATIENT}/doctors/${doctorId}/slots?days=1`, { token: patient.token })).body.slots as { start: string }[]).map((s) => s.start);
const cancel = (patient: Patient, appointmentId: string) =>
  h.call("POST", `${PATIENT}/cancelAppointment`, { token: patient.token, json: { appointmentId, reason: "Feeling better" } });
const act = (patient: Patient, entry: string, what: "accept" | "decline") => h.call("POST", `${WAITLIST}/${entry}/${what}`, { token: patient.token });
const offerMails = async (patient: Patient) =>
  (await h.elsewhere("select subject from mail_outbox where template = 'waitlistOffer' and to_address = ?", [patient.email])).rows.map((r) => String(r.subject));

/** A doctor with a meeting booked at `hours` (by a patient returned with its id), and patients on the list in order. */
async function bookedDoctor(hours: number, waiting: number) {
  setClock(8);
  const doctor = await instantDoctor();
  const holder = await h.signupPatient("Hari Holder");
  const booked = await book(holder, doctor.id, at(hours));
  expect(booked.status).toBe(201);
  const patients: Patient[] = [];
  for (let i = 0; i < waiting; i++) {
    const p = await h.signupPatient(`Waiting ${i}`);
    expect((await joinList(p, doctor.id)).status).toBe(201);
    patients.push(p);
  }
  return { doctor, holder, appointmentId: booked.body.appointment._id as string, patients };
}

describe("joining", () => {
  test("201 with the entry (until 14 days ahead by default, no offer); GET lists the patient's own; a second join 409", async () => {
    setClock(8);
    const doctor = await instantDoctor();
    const [patient, other] = [await h.signupPatient(), await h.signupPatient()];
    const res = await joinList(patient, doctor.id);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("You are on the waitlist: you will be offered a freed time");
    expect(res.body.entry).toMatchObject({ doctorId: doctor.id, reason: "A cough that will not go", until: at(14 * 24).slice(0, 10), createdAt: at(8), offer: null });
    expect(await entriesOf(patient)).toEqual([res.body.entry]);
    expect(await entriesOf(other)).toEqual([]);
    expect((await joinList(patient, doctor.id)).status).toBe(409);
    const chosen = await joinList(other, doctor.id, { until: at(0).slice(0, 10) });
    expect(chosen.body.entry.until).toBe(at(0).slice(0, 10));
  });

  test("refused: no instant booking 400, an open appointment 409, until before today or past 31 days or not a date 400, an unknown doctor 404", async () => {
    setClock(8);
    const patient = await h.signupPatient();
    expect((await joinList(patient, (await instantDoctor(false)).id)).status).toBe(400);
    const doctor = await instantDoctor();
    for (const until of [at(-24).slice(0, 10), at(32 * 24).slice(0, 10), "next week", "2026-02-30"]) {
      expect({ until, status: (await joinList(patient, doctor.id, { until })).status }).toEqual({ until, status: 400 });
    }
    expect((await joinList(patient, "no-such-doctor")).status).toBe(404);
    expect((await book(patient, doctor.id, at(10))).status).toBe(201);
    const open = await joinList(patient, doctor.id);
    expect(open.status).toBe(409);
    expect(open.body.message).toBe("You already have an open appointment with this doctor");
    expect(await entriesOf(patient)).toEqual([]);
  });
});

describe("offers", () => {
  test("a family member's open appointment with the doctor does not keep the account holder off the list: they join and are offered the time (issue 42)", async () => {
    const { doctor, holder, appointmentId } = await bookedDoctor(10, 0);
    const parent = await h.signupPatient("Pita Parent");
    const child = await h.call("POST", `${PATIENT}/family`, { token: parent.token, json: { name: "Aarav S", relation: "child", dateOfBirth: `${monday.getUTCFullYear() - 6}-01-01` } });
    const forChild = await h.call("POST", `${PATIENT}/bookAppointment`, { token: parent.token, json: { doctorId: doctor.id, reason: "A rash", slotStart: at(11), forMemberId: child.body.member._id } });
    expect(forChild.status).toBe(201);
    expect((await joinList(parent, doctor.id)).status).toBe(201);
    expect((await cancel(holder, appointmentId)).status).toBe(200);
    expect(await offerOf(parent)).toEqual({ slotStart: at(10), expiresAt: at(8 + HOLD_MINUTES / 60) });
  });

  test("a cancel offers the time to the first who joined, held: gone from the free slots, a plain booking of it 409; mailed once", async () => {
    const { doctor, holder, appointmentId, patients } = await bookedDoctor(10, 2);
    const [first, second] = patients as [Patient, Patient];
    expect((await cancel(holder, appointmentId)).status).toBe(200);
    expect(await offerOf(first)).toEqual({ slotStart: at(10), expiresAt: at(8 + HOLD_MINUTES / 60) });
    expect(await offerOf(second)).toBeNull();
    const other = await h.signupPatient();
    expect(await freeStarts(other, doctor.id)).not.toContain(at(10));
    expect((await book(other, doctor.id, at(10))).status).toBe(409);
    expect((await offerMails(first)).length).toBe(1);
    expect(await offerMails(second)).toEqual([]);
  });

  test("the offer's mail is in the patient's language, with the time and until when it is held", async () => {
    setClock(8);
    const doctor = await instantDoctor();
    const holder = await h.signupPatient();
    const booked = await book(holder, doctor.id, at(11));
    const patient = await h.signupPatient("Pia", { lang: "hi" });
    expect((await joinList(patient, doctor.id)).status).toBe(201);
    expect((await cancel(holder, booked.body.appointment._id)).status).toBe(200);
    const [subject] = await offerMails(patient);
    expect(subject).toContain("आपके लिए ख़ाली है");
    const mail = await h.elsewhere("select text from mail_outbox where template = 'waitlistOffer' and to_address = ?", [patient.email]);
    expect(String(mail.rows[0]!.text)).toContain("आपके लिए रुका है");
  });

  test("a time after an entry's until day goes to the next entry; inside the notice window it is offered to no one", async () => {
    setClock(8);
    const doctor = await instantDoctor();
    const holder = await h.signupPatient();
    const nextWeek = await book(holder, doctor.id, at(7 * 24 + 10));
    const [shortWait, longWait] = [await h.signupPatient(), await h.signupPatient()];
    expect((await joinList(shortWait, doctor.id, { until: at(6 * 24).slice(0, 10) })).status).toBe(201);
    expect((await joinList(longWait, doctor.id)).status).toBe(201);
    expect((await cancel(holder, nextWeek.body.appointment._id)).status).toBe(200);
    expect(await offerOf(shortWait)).toBeNull();
    expect((await offerOf(longWait))?.slotStart).toBe(at(7 * 24 + 10));
    // A request the doctor schedules at 09:30, inside the 120-minute notice, then cancels: no offer.
    const late = await h.signupPatient();
    const request = await h.book(late.token, doctor.id);
    expect((await h.schedule(doctor.token, request, late.id, new Date(at(9.5)))).status).toBe(200);
    expect((await h.call("POST", `${DOCTOR}/cancelAppointment`, { token: doctor.token, json: { appointmentId: request, reason: "Away" } })).status).toBe(200);
    expect(await offerOf(shortWait)).toBeNull();
  });

  test("two freed times: the second goes to the second entry (an entry holds one offer)", async () => {
    const { doctor, holder, appointmentId, patients } = await bookedDoctor(10, 2);
    const another = await h.signupPatient();
    const second = await book(another, doctor.id, at(11));
    expect((await cancel(holder, appointmentId)).status).toBe(200);
    expect((await cancel(another, second.body.appointment._id)).status).toBe(200);
    expect((await offerOf(patients[0]!))?.slotStart).toBe(at(10));
    expect((await offerOf(patients[1]!))?.slotStart).toBe(at(11));
  });

  test("the patient's move away from a time offers that time", async () => {
    const { holder, appointmentId, patients } = await bookedDoctor(10, 1);
    const moved = await h.call("POST", `${PATIENT}/rescheduleAppointment`, { token: holder.token, json: { appointmentId, slotStart: at(11.5) } });
    expect(moved.status).toBe(200);
    expect((await offerOf(patients[0]!))?.slotStart).toBe(at(10));
  });

  test("the doctor's cancel offers the time; the doctor's undo takes the offer back and the held mail with it", async () => {
    const { doctor, appointmentId, patients } = await bookedDoctor(10, 1);
    const res = await h.call("POST", `${DOCTOR}/cancelAppointment`, { token: doctor.token, json: { appointmentId, reason: "Away" } });
    expect(res.status).toBe(200);
    expect((await offerOf(patients[0]!))?.slotStart).toBe(at(10));
    expect((await h.call("POST", `${DOCTOR}/undo`, { token: doctor.token, json: { appointmentId } })).status).toBe(200);
    expect(await offerOf(patients[0]!)).toBeNull();
    const mails = await h.elsewhere("select state from mail_outbox where template = 'waitlistOffer' and to_address = ?", [patients[0]!.email]);
    expect(mails.rows.map((r) => r.state)).toEqual(["dropped"]);
  });
});

describe("answering an offer", () => {
  test("accept books it confirmed, as an instant booking; the entry ends", async () => {
    const { holder, appointmentId, patients } = await bookedDoctor(10, 1);
    await cancel(holder, appointmentId);
    const [entry] = await entriesOf(patients[0]!);
    const res = await act(patients[0]!, entry!._id, "accept");
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Appointment booked for ${at(10)}`);
    expect(res.body.appointment).toMatchObject({ status: "confirmed", scheduledAt: at(10), reason: "A cough that will not go" });
    expect(await entriesOf(patients[0]!)).toEqual([]);
    expect((await act(patients[0]!, entry!._id, "accept")).status).toBe(404);
  });

  test("decline ends the entry and offers the time to the next (a second offer); the one who declined may join again", async () => {
    const { doctor, holder, appointmentId, patients } = await bookedDoctor(10, 2);
    await cancel(holder, appointmentId);
    const [entry] = await entriesOf(patients[0]!);
    const res = await act(patients[0]!, entry!._id, "decline");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Offer declined: the time goes to the next patient waiting");
    expect(await entriesOf(patients[0]!)).toEqual([]);
    expect(await offerOf(patients[1]!)).toEqual({ slotStart: at(10), expiresAt: at(8 + HOLD_MINUTES / 60) });
    // The last one declines too: nobody is left, and the time is free again.
    const [last] = await entriesOf(patients[1]!);
    expect((await act(patients[1]!, last!._id, "decline")).status).toBe(200);
    expect(await freeStarts(holder, doctor.id)).toContain(at(10));
    const back = await joinList(patients[0]!, doctor.id);
    expect(back.status).toBe(201);
    expect(back.body.entry.offer).toBeNull();
  });

  test("no offer open: accept and decline 409; another patient's entry 404; leaving passes a held time on", async () => {
    const { holder, appointmentId, patients } = await bookedDoctor(10, 2);
    const [entry] = await entriesOf(patients[1]!);
    expect((await act(patients[1]!, entry!._id, "accept")).status).toBe(409);
    expect((await act(patients[1]!, entry!._id, "decline")).status).toBe(409);
    await cancel(holder, appointmentId);
    const [offered] = await entriesOf(patients[0]!);
    expect((await act(patients[1]!, offered!._id, "accept")).status).toBe(404);
    expect((await h.call("DELETE", `${WAITLIST}/${offered!._id}`, { token: patients[1]!.token })).status).toBe(404);
    const left = await h.call("DELETE", `${WAITLIST}/${offered!._id}`, { token: patients[0]!.token });
    expect(left.status).toBe(200);
    expect((await offerOf(patients[1]!))?.slotStart).toBe(at(10));
  });

  test("accept racing a plain booking of the same time: one wins, one meeting", async () => {
    const { doctor, holder, appointmentId, patients } = await bookedDoctor(10, 1);
    await cancel(holder, appointmentId);
    const [entry] = await entriesOf(patients[0]!);
    const rival = await h.signupPatient();
    const answers = await Promise.all([act(patients[0]!, entry!._id, "accept"), book(rival, doctor.id, at(10))]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const meetings = await h.elsewhere("select count(*) as n from appointments where doctor_id = ? and status = 'confirmed' and scheduled_at = ?", [doctor.id, Date.parse(at(10))]);
    expect(Number(meetings.rows[0]!.n)).toBe(1);
  });
});

describe("expiry", () => {
  test("a run-out offer cannot be accepted; the job ends it and offers the time to the next, then frees it when nobody is left", async () => {
    // 11:30: still past the notice window when the second offer runs out at 09:00.
    const { doctor, holder, appointmentId, patients } = await bookedDoctor(11.5, 2);
    await cancel(holder, appointmentId);
    const [entry] = await entriesOf(patients[0]!);
    setClock(8 + HOLD_MINUTES / 60);
    expect(await offerOf(patients[0]!)).toBeNull();
    expect((await act(patients[0]!, entry!._id, "accept")).status).toBe(409);
    // (The earlier tests' offers, made at the same clock, run out now too.)
    expect(await expireOffers(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await entriesOf(patients[0]!)).toEqual([]);
    expect(await offerOf(patients[1]!)).toEqual({ slotStart: at(11.5), expiresAt: at(8 + (2 * HOLD_MINUTES) / 60) });
    expect(await expireOffers(h.deps)).toBe(0);
    setClock(8 + (2 * HOLD_MINUTES) / 60);
    expect(await expireOffers(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await entriesOf(patients[1]!)).toEqual([]);
    expect(await freeStarts(holder, doctor.id)).toContain(at(11.5));
  });

  test("a restart in the middle of a hold: a second app on the same database holds it too; the two apps' jobs pass it on once", async () => {
    const { doctor, holder, appointmentId, patients } = await bookedDoctor(11.5, 2);
    await cancel(holder, appointmentId);
    const again = await startHarness({ ...ENV, DATABASE_URL: h.sqld?.url ?? `file:${join(h.dir, "app.db")}` });
    try {
      again.deps.now = () => new Date(clock);
      const other = await again.signupPatient();
      const slots = (await again.call("GET", `${PATIENT}/doctors/${doctor.id}/slots?days=1`, { token: other.token })).body.slots as { start: string }[];
      expect(slots.map((s) => s.start)).not.toContain(at(11.5));
      expect((await again.call("GET", WAITLIST, { token: patients[0]!.token })).body.entries[0].offer.slotStart).toBe(at(11.5));
      setClock(8 + HOLD_MINUTES / 60);
      // One after the other: two writers on one file in one process would wait on each other's lock
      // inside the event loop (src/db/client.ts); as two processes they take turns the same way.
      expect(await expireOffers(again.deps)).toBeGreaterThanOrEqual(1);
      expect(await expireOffers(h.deps)).toBe(0);
      expect((await offerOf(patients[1]!))?.slotStart).toBe(at(11.5));
      expect((await offerMails(patients[1]!)).length).toBe(1);
    } finally {
      await again.stop();
    }
  });
});
