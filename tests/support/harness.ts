/**
 * A fresh Carebook for one test file: its own libSQL file database and uploads folder in a
 * temporary directory, the real app driven through app.request(), and fixtures that create
 * users through the API (or the database where the API cannot, such as the admin).
 * With CAREBOOK_TEST_DB=sqld the database is a fresh libSQL server instead (tests/support/sqld.ts).
 */
import { createClient, type InValue } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { ensureAdmin } from "../../src/auth/admins";
import { boot } from "../../src/config/boot";
import type { Deps } from "../../src/config/deps";
import type { ObserveOptions } from "../../src/observe/observe";
import type { RoundTrip } from "../../src/db/round-trips";
import type { DoctorStatus, Specialization } from "../../src/domain/fields";
import type { Lang } from "../../src/domain/i18n";
import { parseEnv } from "../../src/config/env";
import { checkAnswers } from "./answer-check";
import { onSqld } from "./engine";
import { startSqld } from "./sqld";

export type Answer<T = any> = { status: number; body: T; headers: Headers; text: string };

export type CallOptions = {
  token?: string;
  json?: unknown;
  /** A raw body (for malformed JSON); sent with `contentType`. */
  raw?: BodyInit;
  contentType?: string;
  form?: FormData;
  headers?: Record<string, string>;
};

let counter = 0;
/** A unique email for a fixture account. */
export const uniqueEmail = (prefix = "user") => `${prefix}${++counter}.${Date.now()}@example.com`;

export const PASSWORD = "correct-horse-1";

export type Harness = Awaited<ReturnType<typeof startHarness>>;
/** A patient and a doctor as the harness's signups return them (token, email, id, name). */
export type Patient = Awaited<ReturnType<Harness["signupPatient"]>>;
export type Doctor = Awaited<ReturnType<Harness["signupDoctor"]>>;

/**
 * Starts an app on a fresh database; `env` overrides configuration (e.g. CONSULT_MINUTES). The
 * request log is silent unless `env` sets LOG_LEVEL (`observe.logTo` captures it).
 */
export async function startHarness(env: Record<string, string> = {}, observe: ObserveOptions & { onRoundTrip?: RoundTrip } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "carebook-test-"));
  // A server of its own per harness (sqld answers within about 30 ms), unless the test names its database.
  const sqld = onSqld && env.DATABASE_URL === undefined ? await startSqld() : undefined;
  const config = parseEnv({
    DATABASE_URL: sqld?.url ?? `file:${join(dir, "app.db")}`,
    UPLOAD_DIR: join(dir, "uploads"),
    JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long",
    LOGIN_FAILURE_LIMIT: "1000",
    SIGNUP_LIMIT: "100000",
    AUTH_ATTEMPTS_PER_MINUTE: "1000000",
    LOG_LEVEL: "silent",
    ...env,
  });
  // Every statement or batch the app sends to its database (src/db/round-trips.ts), for budgets.
  let roundTrips = 0;
  // `observe.onRoundTrip` hears what each one sent too (the query-plan test, issue 57).
  const deps: Deps = await boot(config, {
    ...observe,
    onRoundTrip: (sent, alongside) => {
      if (!alongside) roundTrips++;
      observe.onRoundTrip?.(sent, alongside);
    },
  });
  const app = createApp(deps);
  // Every /api/auth answer this app gives is checked against the OpenAPI document (drift fails).
  const violations = checkAnswers(app);

  /** Every answer this harness has produced, in order (for checks over a whole journey). */
  const transcript: (Answer & { method: string; path: string })[] = [];

  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers = new Headers(options.headers);
    // Asked in Hindi unless a test asks otherwise: the API's answers are the same in every language (issue 31).
    if (!headers.has("accept-language")) headers.set("accept-language", "hi-IN,hi;q=0.9");
    if (options.token !== undefined) headers.set("authorization", `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      headers.set("content-type", options.contentType ?? "application/json");
      body = options.raw;
    } else if (options.form !== undefined) {
      body = options.form;
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const answer = { status: res.status, body: parsed as T, headers: res.headers, text };
    transcript.push({ method, path, ...answer });
    return answer;
  }

  // Signups are made in English unless a test asks otherwise: an account keeps the language it
  // signed up in (issue 39), and its mails follow it.
  const signupHeaders = (lang: Lang = "en") => ({ "accept-language": lang });

  async function signupPatient(name = "Pat Patient", options: { lang?: Lang } = {}) {
    const email = uniqueEmail("patient");
    const res = await call("POST", "/api/auth/signupPatient", { json: { name, email, password: PASSWORD }, headers: signupHeaders(options.lang) });
    if (res.status !== 201) throw new Error(`signupPatient: ${res.status} ${res.text}`);
    const profile = await call("GET", "/api/auth/patient-profile", { token: res.body.token });
    return { token: res.body.token as string, email, name, id: profile.body.patient._id as string };
  }

  /**
   * Signs up a doctor and brings it to `status` through the admin (approved unless `approve` is
   * false or another status is asked for).
   */
  async function signupDoctor(
    options: { name?: string; specialization?: Specialization; approve?: boolean; status?: DoctorStatus; lang?: Lang } = {},
  ) {
    const email = uniqueEmail("doctor");
    const res = await call("POST", "/api/auth/signupDoctor", {
      headers: signupHeaders(options.lang),
      json: {
        name: options.name ?? "Dana Doctor",
        email,
        password: PASSWORD,
        specialization: options.specialization ?? "Cardiologist",
        collegeName: "City Medical College",
      },
    });
    if (res.status !== 201) throw new Error(`signupDoctor: ${res.status} ${res.text}`);
    const doctor = { token: res.body.token as string, email, id: res.body.doctor._id as string, name: res.body.doctor.name as string };
    const status = options.status ?? (options.approve === false ? "pending" : "approved");
    const path: Record<DoctorStatus, DoctorStatus[]> = {
      pending: [],
      approved: ["approved"],
      rejected: ["rejected"],
      blocked: ["approved", "blocked"],
    };
    for (const step of path[status]) await setDoctorStatus(doctor.id, step);
    return doctor;
  }

  let adminToken: string | undefined;
  /** The admin's token (the admin is created in the database, as the seeding does). */
  async function admin(): Promise<string> {
    if (adminToken) return adminToken;
    await ensureAdmin(deps.database, { email: "admin@example.com", password: PASSWORD, name: "Ada Admin" });
    const res = await call("POST", "/api/auth/loginAdmin", { json: { email: "admin@example.com", password: PASSWORD } });
    if (res.status !== 200) throw new Error(`loginAdmin: ${res.status} ${res.text}`);
    adminToken = res.body.token as string;
    return adminToken;
  }

  async function setDoctorStatus(doctorId: string, status: string) {
    const res = await call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctorId}`, { token: await admin(), json: { status } });
    if (res.status !== 200) throw new Error(`doctor-status ${status}: ${res.status} ${res.text}`);
    return res;
  }

  async function book(patientToken: string, doctorId: string, reason = "Chest pain when climbing stairs") {
    const res = await call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patientToken, json: { doctorId, reason } });
    if (res.status !== 201) throw new Error(`book: ${res.status} ${res.text}`);
    return res.body.appointment._id as string;
  }

  async function schedule(doctorToken: string, appointmentId: string, patientId: string, at: Date) {
    return call("POST", "/api/auth/doctor-dashboard/scheduleAppointments", {
      token: doctorToken,
      json: { appointmentId, patientId, doctorName: "ignored", scheduledDateTime: at.toISOString() },
    });
  }

  /** The admin approves a doctor's change of specialization or college waiting for review (issue 27). */
  async function approveChange(doctorId: string) {
    const res = await call("PATCH", `/api/auth/admin-dashboard/doctor-change/${doctorId}`, { token: await admin(), json: { decision: "approve" } });
    if (res.status !== 200) throw new Error(`approveChange: ${res.status} ${res.text}`);
  }

  /** Runs `sql` on the app's database through a connection of its own, as another instance or a script would. */
  async function elsewhere(sql: string, args: InValue[] = []) {
    const other = createClient({ url: config.databaseUrl });
    try {
      return await other.execute({ sql, args });
    } finally {
      other.close();
    }
  }

  /** Builds a profile form; `file` is sent as the profileImage part. */
  function profileForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (file) form.set("profileImage", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    return form;
  }

  return {
    app,
    deps,
    dir,
    /** The libSQL server behind the app under CAREBOOK_TEST_DB=sqld (to stop or restart it); undefined on a file. */
    sqld,
    transcript,
    call,
    profileForm,
    signupPatient,
    signupDoctor,
    admin,
    setDoctorStatus,
    approveChange,
    book,
    schedule,
    elsewhere,
    /** What `fn` answers and how many round trips to the database it made (see src/db/round-trips.ts). */
    async roundTripsOf<T>(fn: () => Promise<T>): Promise<{ result: T; trips: number }> {
      const before = roundTrips;
      const result = await fn();
      return { result, trips: roundTrips - before };
    },
    /** Closes the database, stops its server if any, and removes the temporary folder. */
    async stop() {
      deps.database.close();
      await sqld?.stop();
      rmSync(dir, { recursive: true, force: true });
      if (violations.length > 0) throw new Error(`${violations.length} answer(s) did not match the OpenAPI document:\n${violations.join("\n")}`);
    },
  };
}

/** A time `minutes` from now. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Waits for `ms` milliseconds of real time. */
// real time: the helper itself; each call says why
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real 1x1 PNG (RGBA, valid chunk CRCs). */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);

/** A real 1x1 greyscale JFIF JPEG (134 bytes). */
export const JPEG_1X1 = Uint8Array.from(
  Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  ),
);
