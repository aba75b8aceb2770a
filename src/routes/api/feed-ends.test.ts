/**
 * Issue 44, finding 2: a calendar feed outlived the session that made it. Found by making a
 * feed, ending every session the ways a person does (logout, "Log out everywhere else" on the
 * API and on the profile page, a password change, a password reset) and fetching the feed's URL
 * after each: it still answered, with every meeting. Each must end it; the devices list shows
 * the feed as one more entry, ended like a device.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness, type Patient } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const NEW_PASSWORD = "a-new-horse-2";

/** Makes the account's feed and answers its path (what a calendar app fetches). */
async function makeFeed(role: "patient" | "doctor", token: string): Promise<string> {
  const res = await h.call("POST", `/api/auth/${role}-dashboard/calendar-feed`, { token });
  expect(res.status).toBe(201);
  const path = new URL(res.body.feed.url).pathname;
  expect((await h.call("GET", path)).status).toBe(200);
  return path;
}
const feedAnswers = async (path: string) => (await h.call("GET", path)).status;
const sessionsOf = async (token: string) => (await h.call("GET", "/api/auth/sessions", { token })).body.sessions as { id: string; kind: string; current: boolean }[];
const loginPatient = async (email: string, password = PASSWORD) => (await h.call("POST", "/api/auth/loginPatient", { json: { email, password } })).body.token as string;

/** A patient with a feed, and a second session (a phone) beside the signup's. */
async function patientWithFeed(): Promise<Patient & { phone: string; feed: string }> {
  const patient = await h.signupPatient("Fay Feed");
  const phone = await loginPatient(patient.email);
  return { ...patient, phone, feed: await makeFeed("patient", patient.token) };
}

describe("whatever ends every other session ends the feed", () => {
  test("POST /api/auth/logout", async () => {
    const pat = await patientWithFeed();
    expect((await h.call("POST", "/api/auth/logout", { token: pat.phone })).status).toBe(200);
    expect(await feedAnswers(pat.feed)).toBe(404);
  });

  test("a doctor's feed (it names every patient) after the page's logout", async () => {
    const doctor = await h.signupDoctor();
    const feed = await makeFeed("doctor", doctor.token);
    const res = await h.app.request("/logout", { method: "POST", headers: { origin: ORIGIN, cookie: `carebook_session=${doctor.token}` } });
    expect(res.status).toBe(303);
    expect(await feedAnswers(feed)).toBe(404);
  });

  test("Log out everywhere else: the API's revokeOthers and the profile page's button", async () => {
    const pat = await patientWithFeed();
    expect((await h.call("POST", "/api/auth/sessions/revokeOthers", { token: pat.token })).status).toBe(200);
    expect(await feedAnswers(pat.feed)).toBe(404);

    const again = await makeFeed("patient", pat.token);
    const page = await h.app.request("/patient-dashboard/patient-profile/sessions/logoutOthers", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: `carebook_session=${pat.token}` },
    });
    expect(page.status).toBe(303);
    expect(await feedAnswers(again)).toBe(404);
  });

  test("a password change", async () => {
    const pat = await patientWithFeed();
    const changed = await h.call("POST", "/api/auth/changePassword", { token: pat.token, json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect(await feedAnswers(pat.feed)).toBe(404);
  });

  test("a password reset", async () => {
    const pat = await patientWithFeed();
    // A live link, as the forgot-password mail would carry (only its hash is stored).
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    await h.elsewhere("INSERT INTO password_resets (token_hash, role, account_id, created_at, expires_at) VALUES (?, 'patient', ?, ?, ?)", [
      createHash("sha256").update(token).digest("hex"),
      pat.id,
      now,
      now + 30 * 60_000,
    ]);
    expect((await h.call("POST", "/api/auth/resetPassword", { json: { token, password: NEW_PASSWORD } })).status).toBe(200);
    expect(await feedAnswers(pat.feed)).toBe(404);
  });
});

describe("the devices list shows the feed", () => {
  test("one more entry, last, never current; DELETE ends it (404 after); the other sessions stay", async () => {
    const pat = await patientWithFeed();
    const listed = await sessionsOf(pat.token);
    expect(listed.map((s) => s.kind)).toEqual(["device", "device", "calendarFeed"]);
    const feed = listed.at(-1)!;
    expect(feed).toMatchObject({ id: "calendar-feed", current: false });

    const ended = await h.call("DELETE", "/api/auth/sessions/calendar-feed", { token: pat.phone });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toMatch(/calendar feed is turned off/);
    expect(await feedAnswers(pat.feed)).toBe(404);
    expect((await h.call("DELETE", "/api/auth/sessions/calendar-feed", { token: pat.phone })).status).toBe(404);
    expect((await sessionsOf(pat.token)).map((s) => s.kind)).toEqual(["device", "device"]);
  });

  test("the profile page lists it with its own Log out, which ends it", async () => {
    const pat = await patientWithFeed();
    const cookie = `carebook_session=${pat.token}`;
    const html = await (await h.app.request("/patient-dashboard/patient-profile", { headers: { cookie } })).text();
    expect(html).toContain('data-session="calendar-feed"');
    expect(html).toContain("Calendar feed");
    const res = await h.app.request("/patient-dashboard/patient-profile/sessions/calendar-feed/logout", { method: "POST", headers: { origin: ORIGIN, cookie } });
    expect(res.status).toBe(303);
    expect(await feedAnswers(pat.feed)).toBe(404);
    expect((await h.call("GET", "/api/auth/patient-profile", { token: pat.token })).status).toBe(200);
  });

  test("the admin, who has no feed, has no such entry to end", async () => {
    const admin = await h.admin();
    expect((await sessionsOf(admin)).every((s) => s.kind === "device")).toBe(true);
    expect((await h.call("DELETE", "/api/auth/sessions/calendar-feed", { token: admin })).status).toBe(404);
  });
});
