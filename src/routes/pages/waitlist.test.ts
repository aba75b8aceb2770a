/**
 * The waitlist's forms without script (issue 40 item 5): the booking page of a doctor with
 * instant booking offers "Join the waitlist", which joins and opens the meetings page; the page
 * lists the entry with Leave, then a held time with Accept and Decline once another patient
 * cancels; Accept books it; a refused post shows the page's words beside the entry; the same in
 * Hindi. Planned from the next Monday (UTC), the app's clock at 08:00; hours Mondays 09:00-12:00.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness, type Patient } from "../../../tests/support/harness";
import { formatCalendarDate } from "../../domain/time";

const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000).toISOString();
const MEETINGS = "/patient-dashboard/patient-meetings";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30", CHANGE_NOTICE_MINUTES: "0" });
  h.deps.now = () => new Date(at(8));
});
afterAll(() => h.stop());

const headers = (token: string, lang = "en") => ({ cookie: `carebook_session=${token}`, origin: "http://localhost", "accept-language": lang });
const read = async (token: string, path: string, lang = "en") => (await h.app.request(path, { headers: headers(token, lang) })).text();
const post = (token: string, path: string, fields: Record<string, string>, navigate = true) =>
  h.app.request(path, {
    method: "POST",
    headers: { ...headers(token), "content-type": "application/x-www-form-urlencoded", ...(navigate ? { "sec-fetch-mode": "navigate" } : {}) },
    body: new URLSearchParams(fields),
  });

async function setting() {
  const doctor = await h.signupDoctor({ name: "Dana Doctor" });
  const weekly = [{ day: 1, start: "09:00", end: "12:00" }];
  await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } });
  const holder = await h.signupPatient("Hari Holder");
  const booked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: holder.token, json: { doctorId: doctor.id, reason: "Chest pain", slotStart: at(10) } });
  return { doctor, holder, appointmentId: booked.body.appointment._id as string };
}
const entryId = async (patient: Patient) => (await h.call("GET", "/api/auth/patient-dashboard/waitlist", { token: patient.token })).body.entries[0]._id as string;

test("join on the booking page, the entry on the meetings page, then the held time accepted through its form", async () => {
  const { doctor, holder, appointmentId } = await setting();
  const patient = await h.signupPatient();
  const book = await read(patient.token, `/patient-dashboard/bookAppointment/${doctor.id}`);
  expect(book).toContain("Join the waitlist");
  expect(book).toContain(`action="/patient-dashboard/bookAppointment/${doctor.id}/waitlist"`);
  const joined = await post(patient.token, `/patient-dashboard/bookAppointment/${doctor.id}/waitlist`, { reason: "A cough", until: "" });
  expect(joined.status).toBe(303);
  expect(joined.headers.get("location")).toBe(`${MEETINGS}#notice`);
  const waiting = await read(patient.token, MEETINGS);
  expect(waiting).toContain("Your waitlists");
  // The last day as the reader's language writes it, never the raw ISO date (issue 52).
  expect(waiting).toContain(`Waiting for a time with Dana Doctor, until ${formatCalendarDate(at(14 * 24).slice(0, 10))}.`);
  expect(waiting).toContain(`action="${MEETINGS}/waitlist/leave"`);
  expect(waiting).not.toContain("Accept this time");

  await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: holder.token, json: { appointmentId, reason: "Better" } });
  const offered = await read(patient.token, MEETINGS);
  expect(offered).toContain("A time with Dana Doctor is held for you");
  // 08:30 UTC on the clock of a reader without a zone: India's, the default (issue 52; UTC before).
  expect(offered).toContain("Accept it by 14:00");
  expect(offered).toContain(`action="${MEETINGS}/waitlist/accept"`);
  expect(offered).toContain(`action="${MEETINGS}/waitlist/decline"`);
  const accepted = await post(patient.token, `${MEETINGS}/waitlist/accept`, { entryId: await entryId(patient) });
  expect(accepted.status).toBe(303);
  const meetings = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
  expect(meetings.body.appointments).toMatchObject([{ status: "confirmed", scheduledAt: at(10) }]);
  expect(await read(patient.token, MEETINGS)).not.toContain("Your waitlists");
});

test("a refused post says why beside the entry, in the page's words; the join form's refusal beside it on the booking page", async () => {
  const { doctor } = await setting();
  const patient = await h.signupPatient();
  await post(patient.token, `/patient-dashboard/bookAppointment/${doctor.id}/waitlist`, { reason: "A cough", until: "" });
  const noOffer = await post(patient.token, `${MEETINGS}/waitlist/decline`, { entryId: await entryId(patient) }, false);
  expect(noOffer.status).toBe(409);
  expect(await noOffer.text()).toContain("This time is no longer held for you");
  const again = await post(patient.token, `/patient-dashboard/bookAppointment/${doctor.id}/waitlist`, { reason: "A cough", until: "" }, false);
  expect(again.status).toBe(409);
  expect(await again.text()).toContain("You are already on this doctor");
  const left = await post(patient.token, `${MEETINGS}/waitlist/leave`, { entryId: await entryId(patient) });
  expect(left.status).toBe(303);
  expect(await read(patient.token, MEETINGS)).not.toContain("Your waitlists");
});

test("in Hindi: the join form and the held time's words", async () => {
  const { doctor, holder, appointmentId } = await setting();
  const patient = await h.signupPatient("Pia", { lang: "hi" });
  expect(await read(patient.token, `/patient-dashboard/bookAppointment/${doctor.id}`, "hi")).toContain("प्रतीक्षा सूची में जुड़ें");
  await post(patient.token, `/patient-dashboard/bookAppointment/${doctor.id}/waitlist`, { reason: "खाँसी", until: "" });
  await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: holder.token, json: { appointmentId, reason: "Better" } });
  const page = await read(patient.token, MEETINGS, "hi");
  expect(page).toContain("आपकी प्रतीक्षा सूचियाँ");
  expect(page).toContain("यह समय स्वीकार करें");
});
