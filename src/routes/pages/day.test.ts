/**
 * Issue 54 item 6 through the page, without script: /doctor-dashboard/day in English and Hindi
 * (the day's appointments with whom and where, its free times, the requests preferring it, the
 * zone named, the day before and after a link away), linked from the dashboard; a bad date is the
 * page again, 400, with the message beside the form. Clock: Sunday 20:00 UTC (Monday in Kolkata).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness } from "../../../tests/support/harness";

const DOCTOR = "/api/auth/doctor-dashboard";
const PATIENT = "/api/auth/patient-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const date = (d: Date) => d.toISOString().slice(0, 10);
const MONDAY = date(monday);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30" });
  h.deps.now = () => at(-4);
});
afterAll(() => h.stop());

const page = async (token: string, path: string, lang = "en") => {
  const res = await h.app.request(path, { headers: { cookie: `carebook_session=${token}; lang=${lang}` } });
  return { status: res.status, html: await res.text() };
};

describe("the doctor's day page", () => {
  test("the day in the doctor's zone, in English and Hindi, without script; linked from the dashboard; a bad date is 400 beside the form", async () => {
    const d = await h.signupDoctor();
    const clinic = { name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038" };
    const placeId = (await h.call("POST", `${DOCTOR}/places`, { token: d.token, json: clinic })).body.place._id as string;
    const weekly = [{ day: 1, start: "09:00", end: "13:00", placeId }, { day: 1, start: "14:00", end: "18:00" }];
    expect((await h.call("PUT", `${DOCTOR}/availability`, { token: d.token, json: { timeZone: "Asia/Kolkata", weekly, daysOff: [] } })).status).toBe(200);
    const parent = await h.signupPatient("Priya Sharma");
    const member = (await h.call("POST", `${PATIENT}/family`, { token: parent.token, json: { name: "Aarav S", relation: "child", dateOfBirth: `${monday.getUTCFullYear() - 6}-01-01` } })).body.member._id;
    const booked = await h.call("POST", `${PATIENT}/bookAppointment`, { token: parent.token, json: { doctorId: d.id, reason: "A sore knee", preferredTimes: [at(4.5).toISOString()], forMemberId: member } });
    expect((await h.schedule(d.token, booked.body.appointment._id, parent.id, at(4.5))).status).toBe(200);
    const waiting = await h.signupPatient("Wasim Khan");
    expect((await h.call("POST", `${PATIENT}/bookAppointment`, { token: waiting.token, json: { doctorId: d.id, reason: "A cough", preferredTimes: [at(9.5).toISOString()] } })).status).toBe(201);

    // Issue 56: the report the parent sent for it is counted on the day (its title stays on the card).
    const report = new FormData();
    report.set("title", "Knee X-ray");
    report.set("file", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "x-ray.pdf", { type: "application/pdf" }));
    expect((await h.call("POST", `${PATIENT}/appointments/${booked.body.appointment._id}/documents`, { token: parent.token, form: report })).status).toBe(201);

    expect((await page(d.token, "/doctor-dashboard")).html).toContain(`href="/doctor-dashboard/day"`);
    const en = await page(d.token, "/doctor-dashboard/day");
    expect(en.status).toBe(200);
    const text = en.html.replace(/<[^>]+>/g, "");
    expect(text).toContain("My day: Mon,");
    expect(text).toContain("India Standard Time");
    // The appointment at 10:00 there, for the child, at the clinic; the reason stays off the sheet.
    expect(text).toMatch(/10:00\s*–\s*10:30\s*Aarav S, 6, child of Priya Sharma\s*In person at Sunrise Clinic, Kothrud, Pune/);
    expect(text).not.toContain("A sore knee");
    expect(text).toMatch(/Aarav S, 6, child of Priya Sharma\s*In person at Sunrise Clinic, Kothrud, Pune\s*1 report/);
    expect(text).not.toContain("Knee X-ray");
    // Free times: the clinic's around it, then the video hours.
    expect(text).toMatch(/09:00\s*–\s*10:00\s*In person at Sunrise Clinic/);
    expect(text).toMatch(/10:30\s*–\s*13:00\s*In person at Sunrise Clinic/);
    expect(text).toMatch(/14:00\s*–\s*18:00\s*Video call/);
    expect(text).toMatch(/Wasim Khan\s*Prefers 15:00\s*Video call/);
    expect(en.html).toContain(`href="/doctor-dashboard/day?date=${date(at(-24))}"`);
    expect(en.html).toContain(`href="/doctor-dashboard/day?date=${date(at(24))}"`);
    expect(en.html).not.toContain("<script type=\"module\"");
    // Asked by its date: the same day; the day after has nothing.
    expect((await page(d.token, `/doctor-dashboard/day?date=${MONDAY}`)).html).toContain("Aarav S");
    const tuesday = (await page(d.token, `/doctor-dashboard/day?date=${date(at(24))}`)).html;
    expect(tuesday).toContain("No appointments this day.");
    expect(tuesday).toContain("No free times in your hours this day.");
    expect(tuesday).toContain(`href="/doctor-dashboard/day?date=${MONDAY}"`);

    const hi = await page(d.token, "/doctor-dashboard/day", "hi");
    const hiText = hi.html.replace(/<[^>]+>/g, "");
    expect(hiText).toContain("मेरा दिन:");
    expect(hiText).toContain("आमने-सामने, Sunrise Clinic, Kothrud, Pune पर");
    expect(hiText).toContain("खाली समय");
    expect(hiText).toContain("वीडियो कॉल");
    expect(hiText).toContain("1 रिपोर्ट");

    for (const bad of ["2026-02-30", "soon"]) {
      const res = await page(d.token, `/doctor-dashboard/day?date=${bad}`);
      expect(res.status).toBe(400);
      expect(res.html).toContain("Please choose a day, like 2026-12-07.");
      expect(res.html).toContain(`aria-describedby="day-error"`);
    }
    expect((await page(d.token, "/doctor-dashboard/day?date=soon", "hi")).html).toContain("कृपया एक दिन चुनें");
    // A patient is not let in.
    expect((await page((await h.signupPatient()).token, "/doctor-dashboard/day")).status).not.toBe(200);
  });
});
