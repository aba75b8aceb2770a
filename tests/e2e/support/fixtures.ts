/**
 * Fixtures for the browser journeys: accounts made through the HTTP API (never by clicking
 * through signup again), signed-in pages, and the database for what only time would do
 * (moving a confirmed appointment into the past so that it reads as completed).
 */
import { expect, type Page } from "@playwright/test";
import { createClient } from "@libsql/client";
import type { Role, Specialization } from "../../../src/domain/fields";
import { api, jsonClient } from "../../support/http";
import { ADMIN, E2E_DB, E2E_PORT, PASSWORD } from "./env";
import { test } from "./kept-page";

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}${++counter}.${Date.now()}@example.com`;

/** Calls the JSON API over HTTP; throws on any refusal. */
export const apiCall = jsonClient(`http://127.0.0.1:${E2E_PORT}`);

export type Account = { role: Role; token: string; name: string; email: string; id: string; status?: string };

export async function adminAccount(): Promise<Account> {
  const res = await apiCall("POST", "/loginAdmin", { email: ADMIN.email, password: ADMIN.password });
  return { role: "admin", token: res.token, name: res.admin.name, email: ADMIN.email, id: res.admin._id };
}

/** The admin token the fixtures' own changes use, kept by the worker: one login, not one per doctor made. */
let fixtureAdminToken: string | undefined;

/** Calls the JSON API as the admin; throws on any refusal. A journey that logged the admin out ended the kept token: one new login. */
async function adminCall(method: string, path: string, body?: unknown): Promise<any> {
  for (let attempt = 0; ; attempt++) {
    fixtureAdminToken ??= (await adminAccount()).token;
    const reply = await api(`http://127.0.0.1:${E2E_PORT}`, method, path, { token: fixtureAdminToken, json: body });
    if (reply.status === 401 && attempt === 0) {
      fixtureAdminToken = undefined;
      continue;
    }
    if (reply.status >= 400) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
}

export async function createPatient(name = "Pat Patient"): Promise<Account> {
  const email = uniqueEmail("patient");
  // Issue 44: a fixture person accepted the consent notice at signup, as the signup pages ask.
  const res = await apiCall("POST", "/signupPatient", { name, email, password: PASSWORD, consent: true });
  const profile = await apiCall("GET", "/patient-profile", undefined, res.token);
  return { role: "patient", token: res.token, name, email, id: profile.patient._id };
}

export async function createDoctor(
  options: { name?: string; specialization?: Specialization; status?: "pending" | "approved" | "rejected" | "blocked" } = {},
): Promise<Account> {
  const email = uniqueEmail("doctor");
  const res = await apiCall("POST", "/signupDoctor", {
    name: options.name ?? "Dr. Dana Doctor",
    email,
    password: PASSWORD,
    specialization: options.specialization ?? "Cardiologist",
    collegeName: "City Medical College",
    consent: true,
  });
  const status = options.status ?? "approved";
  if (status !== "pending") {
    if (status === "blocked") await adminCall("PATCH", `/admin-dashboard/doctor-status/${res.doctor._id}`, { status: "approved" });
    await adminCall("PATCH", `/admin-dashboard/doctor-status/${res.doctor._id}`, { status });
  }
  return { role: "doctor", token: res.token, name: res.doctor.name, email, id: res.doctor._id, status };
}

/** Books an appointment as the patient and returns its id. */
export async function book(patient: Account, doctor: Account, reason = "Persistent headaches") {
  const res = await apiCall("POST", "/patient-dashboard/bookAppointment", { doctorId: doctor.id, reason }, patient.token);
  return res.appointment._id as string;
}

/** Schedules an appointment as the doctor, `minutesAhead` from now. */
export async function schedule(doctor: Account, patient: Account, appointmentId: string, minutesAhead = 60 * 24) {
  const at = new Date(Date.now() + minutesAhead * 60_000);
  return apiCall(
    "POST",
    "/doctor-dashboard/scheduleAppointments",
    { doctorName: doctor.name, patientId: patient.id, appointmentId, scheduledDateTime: at.toISOString() },
    doctor.token,
  );
}

/** Moves a confirmed appointment's slot into the past, so every read sees it completed. */
export async function completeInDatabase(appointmentId: string) {
  const db = createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
  const start = Date.now() - 2 * 3_600_000;
  await db.execute({ sql: "update appointments set scheduled_at = ?, ends_at = ? where id = ? and status = 'confirmed'", args: [start, start + 1_800_000, appointmentId] });
  db.close();
}

/**
 * Signs a page in as `account`, as a login through the UI would leave it: the session cookie
 * for the server, and token, role, name (and status) in localStorage for the browser guard.
 */
export async function signIn(page: Page, account: Account) {
  await page.context().addCookies([{ name: "carebook_session", value: account.token, url: `http://127.0.0.1:${E2E_PORT}` }]);
  await page.goto("/about");
  await page.evaluate((a) => {
    localStorage.setItem("token", a.token);
    localStorage.setItem("role", a.role);
    localStorage.setItem("name", a.name);
    if (a.status) localStorage.setItem("status", a.status);
  }, account);
}

/** Hours every day all day: free times exist whatever hour a run starts. */
export const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" }));

/** An approved doctor who takes bookings at once (issue 40), with ALL_DAY hours in `timeZone`. */
export async function instantDoctor(name: string, specialization: Specialization = "Neurologist", timeZone = "UTC"): Promise<Account> {
  const doctor = await createDoctor({ name, specialization });
  await apiCall("PUT", "/doctor-dashboard/availability", { timeZone, weekly: ALL_DAY, daysOff: [], instantBooking: true }, doctor.token);
  return doctor;
}

/**
 * The first of `doctor`'s free slot starts (ISO) more than `hours` ahead, within `days` (the doctor's
 * local dates from today: by default enough that `hours` ahead is inside them at any hour of the day),
 * as `asker` reads them.
 */
export async function freeSlotAfter(doctor: Account, asker: Account, hours: number, days = Math.ceil(hours / 24) + 2): Promise<string> {
  const { slots } = await apiCall("GET", `/patient-dashboard/doctors/${doctor.id}/slots?days=${days}`, undefined, asker.token);
  const later = Date.now() + hours * 3600_000;
  return (slots as { start: string }[]).map((s) => s.start).find((start) => Date.parse(start) > later)!;
}

/** A confirmed appointment `minutesAhead` from now (a doctor's slots must not overlap); returns its id. */
export async function confirmedMeeting(patient: Account, doctor: Account, reason = "Follow-up on blood tests", minutesAhead = 60 * 24) {
  const id = await book(patient, doctor, reason);
  await schedule(doctor, patient, id, minutesAhead);
  return id;
}

/** A completed appointment: confirmed, then moved into the past in the database. */
export async function completedMeeting(patient: Account, doctor: Account, reason = "Knee pain after running", minutesAhead = 60 * 24) {
  const id = await confirmedMeeting(patient, doctor, reason, minutesAhead);
  await completeInDatabase(id);
  return id;
}

/** Whether every island on the page is hydrated by React (its root container is marked). */
export function islandsLive(page: Page): Promise<boolean> {
  return page.evaluate(() => [...document.querySelectorAll("[data-island]")].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
}

/**
 * Shows intent to use every island on the page, as a person focusing into each would (issue 29:
 * island code loads on intent, never on arrival), and waits until all of them are hydrated.
 */
export async function waitForHydration(page: Page) {
  // A page whose times were drawn in a guessed zone loads once more in the browser's (issue 39):
  // wait for that reload, then show intent on the page that stays.
  await expect
    .poll(async () => {
      try {
        await page.waitForLoadState("load");
        // The theme toggle is passive: it comes alive only beside another island. A page with no other
        // island (the admin's mail outbox, the admin's account) has nothing to hydrate.
        const active = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>("[data-island]")].some((el) => el.dataset.island !== "ThemeToggle"));
        if (!active) return true;
        await page.evaluate(() => document.querySelectorAll("[data-island]").forEach((el) => el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }))));
        return await islandsLive(page);
      } catch {
        return false; // the page was navigating: try again on the new one
      }
    }, { intervals: [25, 50, 100] })
    .toBe(true);
}

/**
 * Answers the doctor's "Schedule … on …?" question (issue 39: a schedule asks first, and asks
 * again, naming why, for a time outside the hours), in either language, with or without script.
 */
export async function confirmSchedule(page: Page) {
  await page.locator("#confirm-schedule").getByRole("button", { name: /^(Schedule|Schedule anyway|समय तय करें|फिर भी तय करें)$/ }).click();
}

/** A real 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export { expect, PASSWORD, test };
