/**
 * Issue 52 without script: the instant booking page offers the request page's picker (a day, then
 * its times) as radio buttons with nothing chosen; "Book this time" with no time is answered
 * beside the picker with what was typed kept; "Show times" shows another day and books nothing; a
 * chosen time is booked and the patient's meetings open at the notice.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { dateInZone } from "../../domain/time";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

let h: Harness;
const ORIGIN = "http://localhost";

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const cookie = (token: string) => `carebook_session=${token}`;
function post(path: string, fields: Record<string, string>, token: string) {
  return h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie: cookie(token) }, body: new URLSearchParams(fields) });
}
const page = async (path: string, token: string) => (await h.app.request(path, { headers: { cookie: cookie(token) } })).text();
const radiosOf = (html: string) => [...html.matchAll(/<input type="radio"[^>]*name="slotStart"[^>]*>/g)].map((m) => m[0]);
const daysOf = (html: string) => [...html.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
const ALL_DAY = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`day${d}`, "00:00-24:00"]));

describe("the instant booking page's picker, without script", () => {
  let doctor: Doctor;
  let patient: Patient;
  const path = () => `/patient-dashboard/bookAppointment/${doctor.id}`;
  beforeAll(async () => {
    doctor = await h.signupDoctor({ name: "Dr Instant Picker" });
    expect((await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", ...ALL_DAY, instantBooking: "on" }, doctor.token)).status).toBe(303);
    patient = await h.signupPatient();
  });

  test("a day, then its times, none chosen; more than one day offered", async () => {
    const html = await page(path(), patient.token);
    const days = daysOf(html);
    expect(days.length).toBeGreaterThanOrEqual(2);
    const radios = radiosOf(html);
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.every((r) => !r.includes("checked"))).toBe(true);
    expect(radios.every((r) => r.includes('form="instant-form"'))).toBe(true);
    expect(html).toContain(">Show times<");
  });

  test("Book this time with no time: said beside the picker, the reason kept, nothing booked", async () => {
    const res = await post(`${path()}/instant`, { reason: "Back pain", slotStart: "" }, patient.token);
    const html = res.status === 303 ? await (await h.app.request(res.headers.get("location")!, { headers: { cookie: `${cookie(patient.token)}; ${res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")}` } })).text() : await res.text();
    expect(html).toMatch(/id="slot-limit"[^>]*>Please choose one of the free times</);
    expect(html).toContain(">Back pain</textarea>");
    expect((await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments).toEqual([]);
  });

  test("Show times shows the chosen day with the reason kept; a chosen time is booked and the meetings page opens", async () => {
    const day = daysOf(await page(path(), patient.token))[1]!;
    const res = await post(`${path()}/instant`, { reason: "Back pain", day, show: "day" }, patient.token);
    expect(res.status).toBe(200);
    const html = await res.text();
    const radios = radiosOf(html);
    expect(radios.length).toBeGreaterThan(0);
    const first = /value="([^"]+)"/.exec(radios[0]!)![1]!;
    // The day is the reader's (the deployment's default zone: the patient chose none).
    expect(dateInZone(first, h.deps.config.defaultTimeZone)).toBe(day);
    expect(html).toContain(">Back pain</textarea>");
    const booked = await post(`${path()}/instant`, { reason: "Back pain", slotStart: first, day }, patient.token);
    expect([booked.status, booked.headers.get("location")]).toEqual([303, "/patient-dashboard/patient-meetings#notice"]);
  });
});
