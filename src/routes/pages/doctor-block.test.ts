/**
 * Blocking and rejecting take a reason (issue 27, item 4): kept in the history, shown to the
 * doctor at login; a blocked doctor's open appointments are cancelled for the patients with
 * "The doctor is no longer available", each in the audit trail.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { inMinutes, PASSWORD, startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, ...(cookie && { cookie }) }, body: new URLSearchParams(fields) });

test("a blocked doctor's open appointments are cancelled for the patients, with the reason in the trail", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. Gone" });
  const patient = await h.signupPatient("Pia Patient");
  const other = await h.signupPatient("Otto Other");
  const confirmed = await h.book(patient.token, doctor.id);
  await h.schedule(doctor.token, confirmed, patient.id, inMinutes(600));
  const pending = await h.book(other.token, doctor.id);
  const admin = `carebook_session=${await h.admin()}`;

  const blocked = await post(`/admin-dashboard/doctor-status/${doctor.id}`, { status: "blocked", reason: "Licence suspended" }, admin);
  expect(blocked.status).toBe(303);

  const rows = await h.elsewhere("select id, status, cancelled_by, cancel_reason from appointments where doctor_id = ? order by id", [doctor.id]);
  expect(rows.rows.map((r) => [r.status, r.cancelled_by, r.cancel_reason])).toEqual([
    ["cancelled", "admin", "The doctor is no longer available"],
    ["cancelled", "admin", "The doctor is no longer available"],
  ]);
  const trail = await h.elsewhere("select subject_id, actor_role, reason from audit_events where subject = 'appointment' and action = 'cancel' and subject_id in (?, ?)", [confirmed, pending]);
  expect(trail.rows.map((r) => [r.actor_role, r.reason])).toEqual([
    ["admin", "The doctor is no longer available"],
    ["admin", "The doctor is no longer available"],
  ]);
  const history = await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: await h.admin() });
  const entry = history.body.find((d: { _id: string }) => d._id === doctor.id);
  expect(entry.statusHistory.at(-1)).toMatchObject({ action: "Block", to: "blocked", reason: "Licence suspended" });

  // The patient sees it under "Past and cancelled", no longer as Confirmed with a Join link; and may book elsewhere.
  const page = await (await h.app.request("/patient-dashboard/patient-meetings", { headers: { cookie: `carebook_session=${patient.token}` } })).text();
  expect(page).toContain("<strong>Cancelled by Carebook</strong>");
  expect(page).toContain("The doctor is no longer available");
  expect(page).not.toContain(">Join video call<");
  expect((await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments).toEqual([]);

  // The doctor learns why, with and without script.
  const login = await h.call("POST", "/api/auth/loginDoctor", { json: { email: doctor.email, password: PASSWORD } });
  expect([login.body.doctor.status, login.body.statusReason]).toEqual(["blocked", "Licence suspended"]);
  const form = await post("/loginDoctor", { email: doctor.email, password: PASSWORD });
  expect(form.status).toBe(403);
  expect(await form.text()).toContain("Your account status is: blocked. Reason: Licence suspended");
});

test("rejecting by form needs a reason; the API keeps its contract (status alone still works)", async () => {
  const a = await h.signupDoctor({ approve: false, name: "Dr. Reason" });
  const b = await h.signupDoctor({ approve: false, name: "Dr. Api" });
  const admin = `carebook_session=${await h.admin()}`;
  const none = await post(`/admin-dashboard/doctor-status/${a.id}`, { status: "rejected", reason: "  " }, admin);
  expect(none.status).toBe(400);
  expect(await none.text()).toContain("Please say why this doctor is rejected.");
  expect((await h.elsewhere("select status from doctors where id = ?", [a.id])).rows[0]!.status).toBe("pending");
  expect((await post(`/admin-dashboard/doctor-status/${a.id}`, { status: "rejected", reason: "No licence number" }, admin)).status).toBe(303);
  expect((await h.setDoctorStatus(b.id, "rejected")).status).toBe(200);
});
