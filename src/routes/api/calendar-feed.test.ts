/**
 * The private subscription feed (issue 13): made and reset through the API, fetched with no
 * login at its secret URL. What it lists (upcoming, recent, cancelled in the last 30 days), what
 * it never says (reasons, feedback, emails), ETag revalidation, and the query behind it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { feedQuery } from "../../db/queries/calendar";
import { parseEvents, calendarProperty } from "../../../tests/support/ical";
import { inMinutes, startHarness, type Harness, type Patient, type Doctor } from "../../../tests/support/harness";

let h: Harness;
let patient: Patient;
let doctors: Doctor[];
const ids = {} as Record<"upcoming" | "cancelled" | "pending" | "recent" | "old" | "oldCancel", string>;

const REASON = "Lump found in the left breast";
const CANCEL_REASON = "Got the results from another clinic";
const FEEDBACK = "The doctor explained the biopsy results kindly";
const DAY = 86_400_000;

const makeFeed = async (role: "patient" | "doctor", token: string) => {
  const res = await h.call("POST", `/api/auth/${role}-dashboard/calendar-feed`, { token });
  expect(res.status).toBe(201);
  return res.body.feed as { url: string; webcalUrl: string; createdAt: string };
};
/** Fetches a feed as a calendar app does: its URL, no login. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => h.call("GET", new URL(url).pathname, { headers });
const cancelAs = (role: "patient" | "doctor", token: string, appointmentId: string) =>
  h.call("POST", `/api/auth/${role}-dashboard/cancelAppointment`, { token, json: { appointmentId, reason: CANCEL_REASON } });
/** Moves a row's times, as only the passing of days would. */
const setTimes = (id: string, column: "scheduled_at" | "cancelled_at", at: number) =>
  h.deps.database.client.execute({
    sql: column === "scheduled_at" ? "update appointments set scheduled_at = ?, ends_at = ? + 1800000 where id = ?" : "update appointments set cancelled_at = ? where id = ?",
    args: column === "scheduled_at" ? [at, at, id] : [at, id],
  });

// Signups hash passwords (argon2): generous under a loaded machine.
const SETUP_MS = 60_000;

beforeAll(async () => {
  h = await startHarness();
  patient = await h.signupPatient("Pia Patient");
  doctors = await Promise.all(["Dr. Ana Upcoming", "Ben Cancelled", "Cy Pending", "Dee Recent", "Eve Old", "Fay Oldcancel"].map((name) => h.signupDoctor({ name })));
  const [up, can, pen, rec, old, oldc] = doctors as [Doctor, Doctor, Doctor, Doctor, Doctor, Doctor];
  const schedule = async (d: Doctor, minutes: number) => {
    const id = await h.book(patient.token, d.id, REASON);
    expect((await h.schedule(d.token, id, patient.id, inMinutes(minutes))).status).toBe(200);
    return id;
  };
  ids.upcoming = await schedule(up, 2 * 24 * 60);
  ids.cancelled = await schedule(can, 3 * 24 * 60);
  expect((await cancelAs("patient", patient.token, ids.cancelled)).status).toBe(200);
  ids.pending = await h.book(patient.token, pen.id, REASON);
  ids.recent = await schedule(rec, 60);
  await setTimes(ids.recent, "scheduled_at", Date.now() - 10 * DAY);
  const feedback = await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: patient.token, json: { appointmentId: ids.recent, message: FEEDBACK } });
  expect(feedback.status).toBe(201);
  ids.old = await schedule(old, 60);
  await setTimes(ids.old, "scheduled_at", Date.now() - 40 * DAY);
  ids.oldCancel = await schedule(oldc, 5 * 24 * 60);
  expect((await cancelAs("doctor", oldc.token, ids.oldCancel)).status).toBe(200);
  await setTimes(ids.oldCancel, "cancelled_at", Date.now() - 40 * DAY);
}, SETUP_MS);
afterAll(() => h.stop());

describe("the feed URL through the API", () => {
  test("GET answers null before a feed is made, then when it was made; POST answers the URL once", async () => {
    const none = await h.call("GET", "/api/auth/patient-dashboard/calendar-feed", { token: patient.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ feed: null });
    const feed = await makeFeed("patient", patient.token);
    expect(feed.url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, "webcal:"));
    const made = await h.call("GET", "/api/auth/patient-dashboard/calendar-feed", { token: patient.token });
    expect(made.body).toEqual({ feed: { createdAt: feed.createdAt } });
    expect(made.text).not.toContain(new URL(feed.url).pathname.slice(10, 53));
  });

  test("only the signed-in role: 401 without a token, 403 for the other role", async () => {
    expect((await h.call("POST", "/api/auth/patient-dashboard/calendar-feed")).status).toBe(401);
    expect((await h.call("GET", "/api/auth/doctor-dashboard/calendar-feed", { token: patient.token })).status).toBe(403);
  });
});

describe("GET /calendar/{secret}.ics", () => {
  test("lists upcoming and recent meetings and recent cancellations, by time, and nothing else", async () => {
    const feed = await makeFeed("patient", patient.token);
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(calendarProperty(res.text, "x-wr-calname")).toBe("Carebook appointments");
    const events = parseEvents(res.text);
    expect(events.map((e) => e.uid)).toEqual([ids.recent, ids.upcoming, ids.cancelled].map((id) => `appointment-${id}@carebook`));
    expect(events.map((e) => [e.status, e.sequence, e.alarms.length])).toEqual([
      ["CONFIRMED", 0, 1],
      ["CONFIRMED", 0, 1],
      ["CANCELLED", 1, 0],
    ]);
    expect(events.every((e) => e.utc)).toBe(true);
    expect(events[1]!.summary).toBe("Appointment with Dr Ana Upcoming");
  });

  test("answers are private with an ETag; a matching If-None-Match gets 304 with no body", async () => {
    const feed = await makeFeed("patient", patient.token);
    const res = await fetchFeed(feed.url);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    for (const tag of [etag, etag.slice(2), `"other", ${etag}`]) {
      const again = await fetchFeed(feed.url, { "if-none-match": tag });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
    }
    expect((await fetchFeed(feed.url, { "if-none-match": 'W/"stale"' })).status).toBe(200);
  });

  test("a cancel turns the event CANCELLED with a higher SEQUENCE, in the feed and the one-meeting file", async () => {
    const doctor = doctors[0]!;
    const feed = await makeFeed("doctor", doctor.token);
    const before = await fetchFeed(feed.url);
    const confirmed = parseEvents(before.text).find((e) => e.uid === `appointment-${ids.upcoming}@carebook`)!;
    expect(confirmed).toMatchObject({ status: "CONFIRMED", summary: "Appointment with Pia Patient" });

    expect((await cancelAs("doctor", doctor.token, ids.upcoming)).status).toBe(200);
    const after = await fetchFeed(feed.url, { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200); // changed, so not 304
    const cancelled = parseEvents(after.text).find((e) => e.uid === confirmed.uid)!;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(confirmed.sequence);
    expect(cancelled.start).toEqual(confirmed.start);

    const file = await h.call("GET", `/api/auth/patient-dashboard/meetings/${ids.upcoming}/calendar.ics`, { token: patient.token });
    expect(parseEvents(file.text)[0]).toMatchObject({ status: "CANCELLED", sequence: cancelled.sequence });
  });

  test("no reason, cancel reason, feedback or email appears in any feed", async () => {
    const feeds = [await makeFeed("patient", patient.token), ...(await Promise.all(doctors.map((d) => makeFeed("doctor", d.token))))];
    for (const feed of feeds) {
      const { text } = await fetchFeed(feed.url);
      for (const secret of [REASON, CANCEL_REASON, FEEDBACK, patient.email, ...doctors.map((d) => d.email), "@example.com"]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  test("a reset makes the old URL 404 at once; the new one works", async () => {
    const old = await makeFeed("patient", patient.token);
    expect((await fetchFeed(old.url)).status).toBe(200);
    const fresh = await makeFeed("patient", patient.token);
    expect(fresh.url).not.toBe(old.url);
    const refused = await fetchFeed(old.url);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain("BEGIN:VCALENDAR");
    expect((await fetchFeed(fresh.url)).status).toBe(200);
  });

  test("a malformed or unknown secret is 404; a doctor who is blocked loses the feed until reactivated", async () => {
    for (const path of ["/calendar/nope.ics", `/calendar/${"A".repeat(43)}.ics`, `/calendar/${"A".repeat(200)}.ics`]) {
      expect((await h.call("GET", path)).status).toBe(404);
    }
    const doctor = doctors[3]!;
    const feed = await makeFeed("doctor", doctor.token);
    await h.setDoctorStatus(doctor.id, "blocked");
    expect((await fetchFeed(feed.url)).status).toBe(404);
    await h.setDoctorStatus(doctor.id, "approved");
    expect((await fetchFeed(feed.url)).status).toBe(200);
  });
});

describe("the feed's query", () => {
  test("is one statement served by indexes: no table scan, the audit trail read by its index", async () => {
    for (const [role, id] of [["patient", patient.id], ["doctor", doctors[0]!.id]] as const) {
      const { sql, params } = feedQuery(h.deps.database.db, role, id, new Date(Date.now() - 30 * DAY)).toSQL();
      const plan = await h.deps.database.client.execute({ sql: `explain query plan ${sql}`, args: params as any[] });
      const steps = plan.rows.map((row) => String(row.detail));
      expect(steps.filter((s) => /^SCAN /.test(s))).toEqual([]);
      expect(steps.some((s) => s.includes(`appointments USING INDEX appointments_${role}_status_scheduled`))).toBe(true);
      expect(steps.filter((s) => s.includes("audit_events")).every((s) => s.includes("audit_events_subject_at"))).toBe(true);
    }
  });
});
