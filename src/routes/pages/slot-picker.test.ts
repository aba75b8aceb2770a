/**
 * Issue 39 item 5 without script: the booking page offers a day first (the next days with free
 * times), then only that day's times; "Show times" shows another day with what was typed and
 * ticked kept and nothing booked; a fourth tick is answered beside the picker, the ticks kept.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

let h: Harness;
const ORIGIN = "http://localhost";

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const cookie = (token: string) => `carebook_session=${token}`;

function post(path: string, fields: Record<string, string | string[]>, token: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie: cookie(token) }, body });
}

/** Office hours every day: eight hours, sixteen half-hour slots a day. */
const OFFICE_HOURS = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`day${d}`, "09:00-17:00"]));
const boxesOf = (html: string) => [...html.matchAll(/<input type="checkbox"[^>]*name="preferredTimes\[\]"([^>]*)>/g)].map((m) => m[0]);
const daysOf = (html: string) => [...html.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
/** The picker's part of the page: its island's markup, up to the booking form's. */
const pickerOf = (html: string) => html.slice(html.indexOf('data-island="SlotPicker"'), html.indexOf('data-island="BookingForm"'));

describe("the booking page's day-first picker, without script", () => {
  let doctor: Doctor;
  let patient: Patient;
  let free: string[];
  const path = () => `/patient-dashboard/bookAppointment/${doctor.id}`;
  beforeAll(async () => {
    doctor = await h.signupDoctor({ name: "Dr Picker", specialization: "Dermatologist" });
    await post("/doctor-dashboard/doctor-profile/hours", { tz: "UTC", ...OFFICE_HOURS }, doctor.token);
    patient = await h.signupPatient();
    free = (await h.call("GET", `/api/auth/patient-dashboard/doctors/${doctor.id}/slots?days=14`, { token: patient.token })).body.slots.map((s: { start: string }) => s.start);
  });

  test("offers the next days with free times, and only the first day's times", async () => {
    const html = await (await h.app.request(path(), { headers: { cookie: cookie(patient.token) } })).text();
    const days = daysOf(html);
    expect(days.length).toBeGreaterThanOrEqual(13);
    expect(days.length).toBeLessThanOrEqual(14);
    const firstDay = free.filter((iso) => iso.startsWith(days[0]!));
    expect(boxesOf(html)).toHaveLength(firstDay.length);
    expect(html).toContain(`value="${firstDay[0]}"`);
    expect(html).toContain(">Show times<");
  });

  test("Show times shows the chosen day, keeps the reason and the ticks of other days, and books nothing", async () => {
    const day = daysOf(await (await h.app.request(path(), { headers: { cookie: cookie(patient.token) } })).text())[3]!;
    const ticked = free[0]!;
    const res = await post(path(), { reason: "A rash on my arm", "preferredTimes[]": ticked, day, show: "day" }, patient.token);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<option value="${day}" selected="">`);
    const times = free.filter((iso) => iso.startsWith(day));
    expect(times).toHaveLength(16);
    for (const iso of times) expect(pickerOf(html)).toContain(`value="${iso}"`);
    expect(html).toContain("Also ticked, on other days:");
    expect(html).toContain(`checked="" value="${ticked}"`);
    expect(html).toContain(">A rash on my arm</textarea>");
    const pending = await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token });
    expect(pending.body.appointments).toHaveLength(0);
  });

  test("a fourth tick is answered beside the picker, the four kept ticked, the day kept", async () => {
    const day = free[20]!.slice(0, 10);
    const four = free.slice(17, 21);
    const res = await post(path(), { reason: "A rash on my arm", "preferredTimes[]": four, day }, patient.token);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(pickerOf(html)).toContain('id="slot-limit" class="notice notice-error" role="status">Please tick at most 3 times<');
    // Said once, beside the picker: not again under the reason.
    expect(html.split("Please tick at most 3 times<").length).toBe(2);
    for (const iso of four) expect(html).toContain(`checked="" value="${iso}"`);
    expect(html).toContain(`<option value="${day}" selected="">`);
    expect(html).toContain(">A rash on my arm</textarea>");
  });

  test("in Hindi, the day's words and the refusal are Hindi", async () => {
    const body = new URLSearchParams({ reason: "त्वचा पर दाने", day: free[20]!.slice(0, 10) });
    for (const iso of free.slice(17, 21)) body.append("preferredTimes[]", iso);
    const res = await h.app.request(path(), { method: "POST", headers: { origin: ORIGIN, cookie: `${cookie(patient.token)}; lang=hi` }, body });
    const html = await res.text();
    expect(html).toContain("समय दिखाएँ");
    expect(html).toMatch(/<option value="[\d-]+" selected="">(सोम|मंगल|बुध|गुरु|शुक्र|शनि|रवि), /);
    expect(pickerOf(html)).toContain("कृपया ज़्यादा से ज़्यादा 3 समय चुनें");
  });
});
