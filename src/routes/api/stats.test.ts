/**
 * Issue 58 through the API: the admin's numbers after a known mix of activity (exact, by day and
 * by specialization), the zone's day edges (23:30 and 00:30 in Kolkata), an admin in another zone
 * (counted from the rows), the period's rules, the CSV equal to the JSON, and a doctor's own
 * numbers, theirs only. Planned from the next Monday (00:00 UTC); the deployment's zone is Kolkata.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { nextMonday } from "../../../tests/support/monday";
import { mixedRun, RUN_ENV, type Run } from "../../../tests/support/stats-run";

const STATS = "/api/auth/admin-dashboard/stats";
let h: Harness;
let run: Run;
let admin: string;
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const dayOf = (days: number) => new Date(monday.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const [sat, sun, mon, tue] = [dayOf(-2), dayOf(-1), dayOf(0), dayOf(1)];
let clock = monday;

beforeAll(async () => {
  h = await startHarness(RUN_ENV);
  h.deps.now = () => new Date(clock);
  run = await mixedRun(h, monday, (t) => (clock = t));
  // The day's edges in Kolkata: Sunday 23:30 there (18:00 UTC), then Monday 00:30 there (Sunday 19:00 UTC).
  clock = at(-6);
  const late = await h.signupPatient("Late Sunday");
  await h.book(late.token, run.a.id);
  clock = at(-5);
  const early = await h.signupPatient("Early Monday");
  await h.book(early.token, run.a.id);
  clock = at(12);
  admin = await h.admin();
});
afterAll(() => h.stop());

const zero = {
  requested: 0, instant: 0, scheduled: 0, completed: 0, noShows: 0, cancelledByPatient: 0, cancelledByDoctor: 0, cancelledByAdmin: 0,
  offersMade: 0, offersAccepted: 0, newPatients: 0, newDoctors: 0, mailsSent: 0, mailsFailed: 0,
};
const get = (query: string, token = admin) => h.call("GET", `${STATS}${query}`, { token });

describe("the admin's numbers", () => {
  test("exact after the mixed run, each event on its Kolkata day (23:30 on that day, 00:30 on the next)", async () => {
    const res = await get(`?from=${sat}&to=${tue}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: sat,
      to: tue,
      timeZone: "Asia/Kolkata",
      totals: { ...zero, requested: 7, instant: 1, scheduled: 2, completed: 2, cancelledByPatient: 1, cancelledByAdmin: 1, newPatients: 5, newDoctors: 3 },
      noShowRate: 0,
      medianHoursToSchedule: 1,
      waiting: { doctorsAwaitingApproval: 0, registrationsAwaitingCheck: 0 },
      byDay: [
        { date: sat, ...zero, requested: 5, instant: 1, scheduled: 2, cancelledByPatient: 1, cancelledByAdmin: 1, newPatients: 3, newDoctors: 3 },
        { date: sun, ...zero, requested: 1, newPatients: 1 },
        { date: mon, ...zero, requested: 1, newPatients: 1, completed: 2 },
        { date: tue, ...zero },
      ],
      bySpecialization: [
        { specialization: "Cardiologist", requested: 7, booked: 2, medianDaysToFirstFree: null },
        { specialization: "Dermatologist", requested: 1, booked: 1, medianDaysToFirstFree: null },
      ],
    });
  });

  test("a meeting not over yet is not completed; a no-show counts on the meeting's day", async () => {
    clock = at(9.25);
    expect((await get(`?from=${mon}&to=${mon}`)).body.totals.completed).toBe(0);
    clock = at(12);
    await h.elsewhere("update appointments set attended = 0 where doctor_id = ?", [run.b.id]);
    await h.elsewhere("insert into daily_totals (doctor_id, day, metric, n) values ('', ?, 'noShows', 1) on conflict do update set n = n + 1", [mon]);
    try {
      const body = (await get(`?from=${mon}&to=${mon}`)).body;
      expect(body.totals).toMatchObject({ completed: 1, noShows: 1 });
      expect(body.noShowRate).toBe(0.5);
    } finally {
      await h.elsewhere("update appointments set attended = null where doctor_id = ?", [run.b.id]);
      await h.elsewhere("update daily_totals set n = n - 1 where doctor_id = '' and day = ? and metric = 'noShows'", [mon]);
    }
  });

  test("an admin in another zone (UTC) gets the same events on their own days, counted from the rows", async () => {
    await h.elsewhere("update admins set time_zone = 'UTC'");
    try {
      const body = (await get(`?from=${sat}&to=${tue}`)).body;
      expect(body.timeZone).toBe("UTC");
      expect(body.byDay.map((d: { date: string; requested: number; newPatients: number }) => [d.date, d.requested, d.newPatients])).toEqual([
        [sat, 5, 3],
        [sun, 2, 2],
        [mon, 0, 0],
        [tue, 0, 0],
      ]);
      expect(body.totals.completed).toBe(2);
    } finally {
      await h.elsewhere("update admins set time_zone = null");
    }
  });

  test("the period: the 30 days ending today by default, at most 366, a bad or reversed one 400", async () => {
    const plain = await get("");
    expect(plain.status).toBe(200);
    expect(plain.body.byDay.length).toBe(30);
    expect([plain.body.from, plain.body.to]).toEqual([dayOf(-29), mon]);
    expect((await get(`?from=${dayOf(-365)}&to=${mon}`)).body.byDay.length).toBe(366);
    const tooLong = await get(`?from=${dayOf(-366)}&to=${mon}`);
    expect([tooLong.status, tooLong.body]).toEqual([400, { message: "The period must be at most 366 days" }]);
    const reversed = await get(`?from=${tue}&to=${mon}`);
    expect([reversed.status, reversed.body]).toEqual([400, { message: "from must not be after to" }]);
    for (const bad of ["?from=2026-02-30", "?to=yesterday", "?from=2026-1-01&to=2026-01-02"]) {
      const res = await get(bad);
      expect([bad, res.status, res.body]).toEqual([bad, 400, { message: "from and to must be dates as YYYY-MM-DD" }]);
    }
    expect((await get("?format=xml")).status).toBe(400);
  });

  test("who waits for the admin now: doctors to approve and registrations to check, as they stand", async () => {
    const waiting = async () => (await get("")).body.waiting;
    expect(await waiting()).toEqual({ doctorsAwaitingApproval: 0, registrationsAwaitingCheck: 0 });
    await h.elsewhere("update doctors set status = 'pending' where id = ?", [run.c.id]);
    await h.elsewhere("update doctors set pending_registration_number = 'MH/2026/0042' where id in (?, ?)", [run.a.id, run.b.id]);
    await h.elsewhere("update doctors set registration_reason = 'The council has no such number' where id = ?", [run.b.id]);
    try {
      // b's was refused (a reason given): only a's waits.
      expect(await waiting()).toEqual({ doctorsAwaitingApproval: 1, registrationsAwaitingCheck: 1 });
    } finally {
      await h.elsewhere("update doctors set status = 'blocked' where id = ?", [run.c.id]);
      await h.elsewhere("update doctors set pending_registration_number = null, registration_reason = null where id in (?, ?)", [run.a.id, run.b.id]);
    }
    expect(await waiting()).toEqual({ doctorsAwaitingApproval: 0, registrationsAwaitingCheck: 0 });
  });

  test("only for the admin", async () => {
    expect((await get("", run.a.token)).status).toBe(403);
    expect((await get("", run.p1.token)).status).toBe(403);
    expect((await h.call("GET", STATS)).status).toBe(401);
  });
});

/** A CSV's rows as objects of its header's names (numbers as numbers, empty as null). */
function parseCsv(text: string): Record<string, string | number | null>[] {
  const [header, ...rows] = text.trimEnd().split("\r\n").map((line) => line.split(","));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] === "" ? null : /^[0-9.]+$/.test(row[i]!) ? Number(row[i]) : row[i]!])));
}

describe("CSV", () => {
  test("byDay (the default) and bySpecialization: UTF-8 with a BOM, one header row, ISO dates, the JSON's numbers", async () => {
    const json = (await get(`?from=${sat}&to=${tue}`)).body;
    const byDay = await get(`?from=${sat}&to=${tue}&format=csv`);
    expect(byDay.status).toBe(200);
    expect(byDay.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(byDay.headers.get("content-disposition")).toBe(`attachment; filename="carebook-byDay-${sat}-${tue}.csv"`);
    // The bytes begin with UTF-8's byte order mark (Response.text() drops it).
    const raw = new Uint8Array(await (await h.app.request(`${STATS}?format=csv`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(byDay.text.split("\r\n")[0]).toBe("date,requested,instant,scheduled,completed,noShows,cancelledByPatient,cancelledByDoctor,cancelledByAdmin,offersMade,offersAccepted,newPatients,newDoctors,mailsSent,mailsFailed");
    expect(parseCsv(byDay.text)).toEqual(json.byDay);
    const bySpec = await get(`?from=${sat}&to=${tue}&format=csv&table=bySpecialization`);
    expect(parseCsv(bySpec.text).map(({ label, ...row }) => (expect(label).toBe(row.specialization), row))).toEqual(json.bySpecialization);
  });
});

describe("a doctor's own numbers", () => {
  const mine = (token: string, query = `?from=${sat}&to=${tue}`) => h.call("GET", `/api/auth/doctor-dashboard/stats${query}`, { token });

  test("theirs only: meetings, completed, no-shows, busiest weekday and hour in their zone, utilisation of their hours, 8 weeks", async () => {
    const a = await mine(run.a.token);
    expect(a.status).toBe(200);
    // a's one meeting left: p2's, Monday 11:00 UTC = 16:30 in Kolkata.
    expect(a.body).toMatchObject({ from: sat, to: tue, timeZone: "Asia/Kolkata", meetings: 1, completed: 1, noShows: 0, noShowRate: 0, averageRating: null, utilisation: null, busiestWeekday: 1, busiestHour: 16 });
    expect(a.body.weeks.length).toBe(8);
    expect(a.body.weeks.at(-1)).toMatchObject({ meetings: 1, noShows: 0 });
    expect(a.body.weeks.slice(0, 7).every((w: { meetings: number }) => w.meetings === 0)).toBe(true);
    // b (hours in UTC, so b's zone is UTC; Mondays 09:00-12:00: six slots, all past at 12:00): one booked at 09:00; a's id asks nothing.
    const b = await mine(run.b.token, `?from=${sat}&to=${tue}&doctorId=${run.a.id}`);
    expect(b.body).toMatchObject({ timeZone: "UTC", meetings: 1, completed: 1, noShows: 0, busiestWeekday: 1, busiestHour: 9, utilisation: 0.1667 });
    expect((await mine(run.p1.token)).status).toBe(403);
    expect((await mine(admin)).status).toBe(403);
    expect((await mine(run.a.token, `?from=${tue}&to=${sat}`)).status).toBe(400);
  });
});
