/**
 * Re-review of an approved doctor's changed specialization or college (issue 27, item 6): the
 * change waits for the admin; the directory keeps the old value until it is approved.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const post = (path: string, fields: Record<string, string> | FormData, cookie: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie }, body: fields instanceof FormData ? fields : new URLSearchParams(fields) });
const directory = async (token: string) => (await h.call("GET", "/api/auth/patient-dashboard/doctors", { token })).body as { _id: string; specialization: string; collegeName: string }[];

test("an approved doctor's new specialization waits for the admin; the directory keeps the old one until approved", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. Switch", specialization: "Cardiologist" });
  const patient = await h.signupPatient();
  const doctorCookie = `carebook_session=${doctor.token}`;
  const saved = await post("/doctor-dashboard/doctor-profile", h.profileForm({ name: "Dr. Switch", specialization: "Psychiatrist", collegeName: "City Medical College" }), doctorCookie);
  expect(saved.status).toBe(303);

  const mine = await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token });
  expect([mine.body.doctor.specialization, mine.body.doctor.pendingChange]).toEqual(["Cardiologist", { specialization: "Psychiatrist", collegeName: null }]);
  expect((await directory(patient.token)).find((d) => d._id === doctor.id)?.specialization).toBe("Cardiologist");
  const profile = await (await h.app.request("/doctor-dashboard/doctor-profile", { headers: { cookie: doctorCookie } })).text();
  expect(profile).toContain("is waiting for the admin&#39;s review");

  const adminCookie = `carebook_session=${await h.admin()}`;
  const table = await (await h.app.request("/admin-dashboard", { headers: { cookie: adminCookie } })).text();
  expect(table).toContain("Change waiting: Psychiatrist");
  const approved = await post(`/admin-dashboard/doctor-change/${doctor.id}`, { decision: "approve" }, adminCookie);
  expect(approved.status).toBe(303);
  expect((await directory(patient.token)).find((d) => d._id === doctor.id)?.specialization).toBe("Psychiatrist");
  expect((await h.call("GET", "/api/auth/doctor-profile", { token: doctor.token })).body.doctor.pendingChange).toBeNull();
  // Nothing waits any more: a second decision is refused.
  expect((await post(`/admin-dashboard/doctor-change/${doctor.id}`, { decision: "approve" }, adminCookie)).status).toBe(409);
});

test("a declined change of college leaves the directory as it was; through the API too", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. College" });
  const patient = await h.signupPatient();
  const form = h.profileForm({ name: "Dr. College", specialization: "Cardiologist", collegeName: "Another College" });
  expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
  expect((await directory(patient.token)).find((d) => d._id === doctor.id)?.collegeName).toBe("City Medical College");
  const adminCookie = `carebook_session=${await h.admin()}`;
  expect((await post(`/admin-dashboard/doctor-change/${doctor.id}`, { decision: "decline" }, adminCookie)).status).toBe(303);
  expect((await directory(patient.token)).find((d) => d._id === doctor.id)?.collegeName).toBe("City Medical College");
  const history = (await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: await h.admin() })).body.find((d: { _id: string }) => d._id === doctor.id).statusHistory;
  expect(history.at(-1)).toMatchObject({ action: "Decline change", reason: "college City Medical College to Another College" });
});

test("a decision the form does not offer is shown again in plain words (the API names the field)", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. Odd Post" });
  const adminCookie = `carebook_session=${await h.admin()}`;
  const res = await post(`/admin-dashboard/doctor-change/${doctor.id}`, { decision: "block" }, adminCookie);
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).toContain("Choose Approve change or Decline change.");
  expect(html).not.toContain("decision must be");
});
