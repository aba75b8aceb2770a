/**
 * Issue 51 item 5: erasing a patient who holds a waitlist offer passes the time on, as leaving the
 * waitlist does: the next patient waiting is offered it (and mailed), the slot stays held. Before,
 * the erasure freed the slot to anyone and offered it to no one. Planned from the next Monday
 * (UTC), the app's clock at 08:00 that day; the doctor's hours Monday 09:00 to 12:00 UTC.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { PASSWORD, startHarness, type Harness, type Patient } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const WAITLIST = `${PATIENT}/waitlist`;
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000).toISOString();

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", MAIL_PREVIEW: "true", CHANGE_NOTICE_MINUTES: "0", WAITLIST_HOLD_MINUTES: "30" });
  h.deps.now = () => new Date(at(8));
});
afterAll(() => h.stop());

const offerOf = async (patient: Patient) => ((await h.call("GET", WAITLIST, { token: patient.token })).body.entries as { offer: unknown }[])[0]?.offer ?? null;
const offerMails = async (patient: Patient) => (await h.elsewhere("select count(*) as n from mail_outbox where template = 'waitlistOffer' and to_address = ?", [patient.email])).rows[0]!.n;

describe("erasure and the waitlist", () => {
  test("the erased patient's open offer goes to the next patient waiting, mailed; the slot stays held", async () => {
    const doctor = await h.signupDoctor();
    const weekly = [{ day: 1, start: "09:00", end: "12:00" }];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
    const holder = await h.signupPatient();
    const booked = await h.call("POST", `${PATIENT}/bookAppointment`, { token: holder.token, json: { doctorId: doctor.id, reason: "Chest pain", slotStart: at(10) } });
    expect(booked.status).toBe(201);
    const [first, second] = [await h.signupPatient(), await h.signupPatient()];
    for (const p of [first, second]) expect((await h.call("POST", WAITLIST, { token: p.token, json: { doctorId: doctor.id, reason: "Earlier please" } })).status).toBe(201);
    expect((await h.call("POST", `${PATIENT}/cancelAppointment`, { token: holder.token, json: { appointmentId: booked.body.appointment._id, reason: "Better" } })).status).toBe(200);
    expect(await offerOf(first)).toMatchObject({ slotStart: at(10) });

    expect((await h.call("POST", "/api/auth/account/delete", { token: first.token, json: { password: PASSWORD } })).status).toBe(200);
    expect(await offerOf(second)).toMatchObject({ slotStart: at(10) });
    expect(Number(await offerMails(second))).toBe(1);
    const other = await h.signupPatient();
    const slots = (await h.call("GET", `${PATIENT}/doctors/${doctor.id}/slots?days=1`, { token: other.token })).body.slots as { start: string }[];
    expect(slots.map((s) => s.start)).not.toContain(at(10));
  });
});
