/**
 * Issue 58 item 5: the per-day totals kept in each change's transaction equal the totals rebuilt
 * from the rows (`bun run stats:rebuild`) after a mixed run: bookings, a move across days, a
 * cancel of a moved meeting, an undo, a no-show marked then unmarked, a family member's visit, an
 * instant booking, the admin's cancel, a change of specialization, a waitlist offer accepted. And the rebuild puts back totals that were lost.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { nextMonday } from "../../tests/support/monday";
import { keptTotals, mixedRun, RUN_ENV, type Run } from "../../tests/support/stats-run";
import { sortedTotals as sorted, totalsFromRows } from "../../tests/support/totals-from-rows";
import { rebuildTotals } from "./stats";

let h: Harness;
let run: Run;
const monday = nextMonday(new Date());
let clock = monday;

beforeAll(async () => {
  h = await startHarness(RUN_ENV);
  h.deps.now = () => new Date(clock);
  run = await mixedRun(h, monday, (at) => (clock = at));
});
afterAll(() => h.stop());

test("kept == rebuilt after the mixed run", async () => {
  const kept = await keptTotals(h);
  const rebuilt = sorted(await totalsFromRows(h.deps.database.db, "Asia/Kolkata"));
  expect(kept.length).toBeGreaterThan(10);
  expect(kept).toEqual(rebuilt);
  // Everyone's totals of the run: Saturday (Kolkata) for what was done then, Monday and Tuesday for the meetings' days.
  const everyone = Object.fromEntries(kept.filter((t) => t.doctorId === "").map((t) => [`${t.day} ${t.metric}`, t.n]));
  const sat = new Date(monday.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const mon = monday.toISOString().slice(0, 10);
  expect(everyone).toEqual({
    [`${sat} newDoctors`]: 3,
    [`${sat} newPatients`]: 3,
    [`${sat} requested`]: 5,
    [`${sat} instant`]: 1,
    [`${sat} scheduled`]: 2,
    [`${sat} cancelledByPatient`]: 1,
    [`${sat} cancelledByAdmin`]: 1,
    [`${mon} meetings`]: 2,
  });
});

test("a lost total comes back with the rebuild, and a rebuild of a rebuild changes nothing", async () => {
  const kept = await keptTotals(h);
  await h.elsewhere("delete from daily_totals where metric = 'requested'");
  await h.elsewhere("update daily_totals set n = n + 7 where metric = 'meetings'");
  expect(await keptTotals(h)).not.toEqual(kept);
  await rebuildTotals(h.deps);
  expect(await keptTotals(h)).toEqual(kept);
  await rebuildTotals(h.deps);
  expect(await keptTotals(h)).toEqual(kept);
  expect((await h.elsewhere("select zone from stats_state")).rows.map((r) => r.zone)).toEqual(["Asia/Kolkata"]);
});

test("by specialization too: a's requests count for Cardiologist, and move with a's approved change to Neurologist", async () => {
  const spec = async (key: string) => (await keptTotals(h)).filter((t) => t.doctorId === key).reduce((sum, t) => sum + (t.metric === "requested" ? t.n : 0), 0);
  // a's four requests and c's one, all Cardiologists'.
  expect([await spec("spec:Cardiologist"), await spec("spec:Neurologist")]).toEqual([5, 0]);
  const form = h.profileForm({ name: "Asha Rao", specialization: "Neurologist", collegeName: "City Medical College" });
  expect((await h.call("PUT", "/api/auth/doctor-profile", { token: run.a.token, form })).status).toBe(200);
  await h.approveChange(run.a.id);
  expect([await spec("spec:Cardiologist"), await spec("spec:Neurologist")]).toEqual([1, 4]);
  expect(await keptTotals(h)).toEqual(sorted(await totalsFromRows(h.deps.database.db, "Asia/Kolkata")));
});

test("a waitlist offer made when a time is freed, then accepted (an instant booking): kept == rebuilt", async () => {
  clock = new Date(monday.getTime() - 40 * 3600_000);
  const waiting = await h.signupPatient("Wait Listed");
  const joined = await h.call("POST", "/api/auth/patient-dashboard/waitlist", { token: waiting.token, json: { doctorId: run.b.id, reason: "A rash" } });
  expect(joined.status).toBe(201);
  // p3 frees b's Monday 09:00: offered to the patient waiting, who takes it.
  const mine = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: run.p3.token })).body.appointments as { _id: string; doctorId?: string; status: string }[];
  const booked = mine.find((m) => m.status === "confirmed")!;
  expect((await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: run.p3.token, json: { appointmentId: booked._id, reason: "Cannot come" } })).status).toBe(200);
  const offered = await keptTotals(h);
  expect(offered.filter((t) => t.doctorId === "" && t.metric === "offersMade").map((t) => t.n)).toEqual([1]);
  expect((await h.call("POST", `/api/auth/patient-dashboard/waitlist/${joined.body.entry._id}/accept`, { token: waiting.token })).status).toBe(201);
  const kept = await keptTotals(h);
  expect(kept.filter((t) => t.doctorId === "" && ["offersMade", "offersAccepted"].includes(t.metric)).map((t) => [t.metric, t.n])).toEqual([
    ["offersAccepted", 1],
    ["offersMade", 1],
  ]);
  expect(kept).toEqual(sorted(await totalsFromRows(h.deps.database.db, "Asia/Kolkata")));
});
