/**
 * The patients' pages read through keptForDirectory (issue 12): the dashboard's counts and a
 * specialization's doctors follow every change of a doctor at the next request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness, type Patient } from "../../../tests/support/harness";
import { keptForDirectory } from "./directory";

let h: Harness;
let patient: Patient;

const page = async (path: string) => (await h.app.request(path, { headers: { cookie: `carebook_session=${patient.token}` } })).text();
/** The count the dashboard shows for one specialization (its island's props). */
const countOf = async (specialization: string) => {
  const html = (await page("/patient-dashboard")).replaceAll("&quot;", '"');
  const match = html.match(new RegExp(`"name":"${specialization}","count":(\\d+)`));
  if (!match) throw new Error(`no count for ${specialization}`);
  return Number(match[1]);
};

beforeAll(async () => {
  h = await startHarness();
  patient = await h.signupPatient("Directory Reader");
});
afterAll(() => h.stop());

describe("pages kept per directory version", () => {
  test("the dashboard's counts follow approvals, blocks and a change of specialization", async () => {
    expect(await countOf("Dermatologist")).toBe(0);
    const doctor = await h.signupDoctor({ name: "Dr Skin", specialization: "Dermatologist", approve: false });
    expect(await countOf("Dermatologist")).toBe(0);
    await h.setDoctorStatus(doctor.id, "approved");
    expect(await countOf("Dermatologist")).toBe(1);
    const form = h.profileForm({ name: "Dr Skin", specialization: "Pediatrician", collegeName: "College" });
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    // The change waits for the admin (issue 27): the counts stay until it is approved.
    expect([await countOf("Dermatologist"), await countOf("Pediatrician")]).toEqual([1, 0]);
    await h.approveChange(doctor.id);
    expect([await countOf("Dermatologist"), await countOf("Pediatrician")]).toEqual([0, 1]);
    await h.setDoctorStatus(doctor.id, "blocked");
    expect(await countOf("Pediatrician")).toBe(0);
  });

  test("a specialization's page shows a doctor approved, renamed or blocked since the last read", async () => {
    const path = "/patient-dashboard/specialization/Oncologist";
    expect(await page(path)).not.toContain("Dr Onco");
    const doctor = await h.signupDoctor({ name: "Dr Onco", specialization: "Oncologist" });
    expect(await page(path)).toContain("Dr Onco");
    const form = h.profileForm({ name: "Dr Renamed Onco", specialization: "Oncologist", collegeName: "College" });
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    expect(await page(path)).toContain("Dr Renamed Onco");
    await h.setDoctorStatus(doctor.id, "blocked");
    expect(await page(path)).not.toContain("Dr Renamed Onco");
  });

  test("a booking page shows the doctor's new name, and is gone (404) once the doctor is blocked", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Bookable", specialization: "Neurologist" });
    const path = `/patient-dashboard/bookAppointment/${doctor.id}`;
    expect(await page(path)).toContain("Dr Bookable");
    const form = h.profileForm({ name: "Dr Booked Renamed", specialization: "Neurologist", collegeName: "College" });
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    expect(await page(path)).toContain("Dr Booked Renamed");
    await h.setDoctorStatus(doctor.id, "blocked");
    const res = await h.app.request(path, { headers: { cookie: `carebook_session=${patient.token}` } });
    expect(res.status).toBe(404);
  });

  test("keptForDirectory reads once per version and per key; a failed read is not kept", async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect(await keptForDirectory(h.deps.database, "t", read)).toBe(1);
    expect(await keptForDirectory(h.deps.database, "t", read)).toBe(1);
    expect(await keptForDirectory(h.deps.database, "u", read)).toBe(2);
    await h.signupDoctor({ name: "Dr Moves The Version" });
    expect(await keptForDirectory(h.deps.database, "t", read)).toBe(3);
    await expect(keptForDirectory(h.deps.database, "v", () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await keptForDirectory(h.deps.database, "v", read)).toBe(4);
  });
});
