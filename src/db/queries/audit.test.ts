import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { movingClock } from "../../../tests/support/moving-clock";
import { doctorStatusHistories, historyOf } from "./audit";

let h: Harness;
beforeAll(async () => {
  // 0.02 minutes = 1.2 s: a scheduled appointment completes in real time, no fake clock.
  h = await startHarness({ CONSULT_MINUTES: "0.02" });
});
afterAll(() => h.stop());

const pick = (rows: Awaited<ReturnType<typeof historyOf>>) =>
  rows.map((r) => ({ actorRole: r.actorRole, actorId: r.actorId, action: r.action, from: r.fromStatus, to: r.toStatus, reason: r.reason }));

describe("audit trail", () => {
  test("a doctor's status history: signup, then every admin change with the admin's id", async () => {
    const doctor = await h.signupDoctor({ approve: false });
    await h.setDoctorStatus(doctor.id, "rejected");
    await h.setDoctorStatus(doctor.id, "approved");
    await h.setDoctorStatus(doctor.id, "blocked");
    const adminId = (await h.deps.database.client.execute("select id from admins")).rows[0]!.id;
    const rows = await historyOf(h.deps.database.db, "doctor", doctor.id);
    expect(pick(rows)).toEqual([
      { actorRole: "doctor", actorId: doctor.id, action: "Signup", from: null, to: "pending", reason: null },
      { actorRole: "admin", actorId: String(adminId), action: "Reject", from: "pending", to: "rejected", reason: null },
      { actorRole: "admin", actorId: String(adminId), action: "Reactivate", from: "rejected", to: "approved", reason: null },
      { actorRole: "admin", actorId: String(adminId), action: "Block", from: "approved", to: "blocked", reason: null },
    ]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.at.getTime());
    const all = await doctorStatusHistories(h.deps.database.db);
    expect(all.get(doctor.id)?.map((r) => r.action)).toEqual(["Signup", "Reject", "Reactivate", "Block"]);
  });

  test("a refused status change records nothing", async () => {
    const doctor = await h.signupDoctor({ approve: false });
    const res = await h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctor.id}`, { token: await h.admin(), json: { status: "blocked" } });
    expect(res.status).toBe(409);
    expect((await historyOf(h.deps.database.db, "doctor", doctor.id)).map((r) => r.action)).toEqual(["Signup"]);
  });

  test("every appointment transition: book, schedule, feedback; and cancel with its reason", async () => {
    const doctor = await h.signupDoctor();
    const patient = await h.signupPatient();
    const id = await h.book(patient.token, doctor.id);
    const clock = movingClock(h.deps);
    const at = new Date(clock.now().getTime() + 1000);
    expect((await h.schedule(doctor.token, id, patient.id, at)).status).toBe(200);
    clock.forward(2600); // past the slot: the meeting is over
    const feedback = await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: patient.token, json: { appointmentId: id, message: "Thank you" } });
    expect(feedback.status).toBe(201);
    expect(pick(await historyOf(h.deps.database.db, "appointment", id))).toEqual([
      { actorRole: "patient", actorId: patient.id, action: "book", from: null, to: "pending", reason: null },
      { actorRole: "doctor", actorId: doctor.id, action: "schedule", from: "pending", to: "confirmed", reason: `scheduled for ${at.toISOString()}` },
      { actorRole: "patient", actorId: patient.id, action: "feedback", from: "completed", to: "completed", reason: null },
    ]);

    const other = await h.signupDoctor();
    const second = await h.book(patient.token, other.id);
    const cancel = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: other.token, json: { appointmentId: second, reason: "On leave that week" } });
    expect(cancel.status).toBe(200);
    const again = await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: second, reason: "Too late" } });
    expect(again.status).toBe(409);
    expect(pick(await historyOf(h.deps.database.db, "appointment", second))).toEqual([
      { actorRole: "patient", actorId: patient.id, action: "book", from: null, to: "pending", reason: null },
      { actorRole: "doctor", actorId: other.id, action: "cancel", from: "pending", to: "cancelled", reason: "On leave that week" },
    ]);
  });
});

describe("the admin sees each doctor's status history", () => {
  test("in the doctors list and in the answer to a status change", async () => {
    const doctor = await h.signupDoctor({ approve: false });
    const token = await h.admin();
    const changed = await h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctor.id}`, { token, json: { status: "approved" } });
    expect(changed.status).toBe(200);
    expect(changed.body.doctor.statusHistory.map((e: any) => [e.action, e.from, e.to, e.by])).toEqual([
      ["Signup", null, "pending", "doctor"],
      ["Approve", "pending", "approved", "admin"],
    ]);
    const list = await h.call("GET", "/api/auth/admin-dashboard/doctors", { token });
    const row = list.body.find((d: any) => d._id === doctor.id);
    expect(row.statusHistory).toEqual(changed.body.doctor.statusHistory);
    expect(Date.parse(row.statusHistory[1].at)).not.toBeNaN();
    const page = await h.app.request("/admin-dashboard", { headers: { cookie: `carebook_session=${token}` } });
    // What the admin reads: the text without tags, React's separators, or the arrow's reference.
    const text = (await page.text()).replace(/<!-- -->|<[^>]*>/g, "").replaceAll("&#8594;", "→");
    expect(text).toContain("Approve (pending → approved)");
  });
});
