/**
 * Two real Carebook servers (`bun src/index.ts`, each its own process and port on loopback) on
 * one libSQL server (sqld), as an operator runs two instances behind a proxy: the same
 * JWT_SECRET, one shared uploads folder, mail through one real SMTP server on loopback. The
 * tests speak HTTP to either and read the database through a client of their own.
 */
import { createClient, type Client, type InValue } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, stopServer, type Server } from "../../bench/server";
import { startMailCatcher } from "./mail-catcher";
import { cookiesNamed, send, type Sent } from "./served";
import { startSqld } from "./sqld";

export const PASSWORD = "correct-horse-1";

export type Call = Sent;
export type CallOptions = { token?: string; json?: unknown; form?: Record<string, string>; cookie?: string; from?: string };

let addresses = 0;
/**
 * A client address of its own (TRUST_PROXY=1: the servers believe the last X-Forwarded-For
 * entry), so that fixtures never share the per-address limits the throttle tests count.
 */
export const newAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

let emails = 0;
export const uniqueEmail = (prefix: string) => `${prefix}${++emails}.${Date.now()}@example.com`;

/** One request to `base` (http://127.0.0.1:PORT); a form post says it comes from the site itself (the pages' CSRF check). */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Call> {
  const headers: Record<string, string> = { "x-forwarded-for": options.from ?? newAddress() };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.form !== undefined) headers["sec-fetch-site"] = "same-origin";
  return send(Number(new URL(base).port), method, path, { json: options.json, form: options.form, headers });
}

/** Starts sqld, an SMTP catcher and two servers on it; `env` adds settings for both. */
export async function startPair(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "carebook-pair-"));
  const sqld = await startSqld({ idleShutdownSeconds: 120 });
  const mail = await startMailCatcher();
  const shared = {
    DATABASE_URL: sqld.url,
    JWT_SECRET: "two-instances-share-this-secret-of-at-least-32-bytes",
    UPLOAD_DIR: join(dir, "uploads"),
    BACKUP_DIR: join(dir, "backups"),
    SMTP_URL: mail.url,
    PUBLIC_URL: "http://carebook.example",
    TRUST_PROXY: "1",
    LOGIN_FAILURE_LIMIT: "3",
    SIGNUP_LIMIT: "3",
    AUTH_ATTEMPTS_PER_MINUTE: "1000",
    ...env,
  };
  const database: Client = createClient({ url: sqld.url });
  let servers: Server[] = [];
  try {
    // Started together, as an orchestrator would: both migrate and seed the admin at once.
    servers = await Promise.all([startServer(shared, 60_000), startServer(shared, 60_000)]);
  } catch (error) {
    await sqld.stop();
    await mail.stop();
    throw error;
  }
  const [a, b] = servers as [Server, Server];
  const rows = async (sql: string, args: InValue[] = []) => (await database.execute({ sql, args })).rows as unknown as Record<string, any>[];
  return {
    a,
    b,
    sqld,
    mail,
    rows,
    /** Stops what still runs (SIGTERM) and removes the folder; resolves when no process is left. */
    async stop() {
      // A server that died by itself (not stopped, not killed by a test) says why.
      for (const [name, s] of [["A", a], ["B", b]] as const) {
        if (s.process.exitCode !== null && s.process.exitCode !== 0) console.error(`server ${name} exited with ${s.process.exitCode}:\n${s.output().slice(-4000)}`);
      }
      await Promise.all([a, b].filter((s) => s.process.exitCode === null && s.process.signalCode === null).map((s) => stopServer(s, "SIGTERM")));
      database.close();
      await mail.stop();
      await sqld.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Pair = Awaited<ReturnType<typeof startPair>>;

/** Fixtures through the API of one server (`base`); each signup from an address of its own. */
export function fixtures(pair: Pair) {
  let adminToken: string | undefined;
  const must = (what: string, res: Call, status: number) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body;
  };
  return {
    async patient(base: string, name = "Pat Patient") {
      const email = uniqueEmail("patient");
      const body = must("signupPatient", await call(base, "POST", "/api/auth/signupPatient", { json: { name, email, password: PASSWORD } }), 201);
      const profile = must("patient-profile", await call(base, "GET", "/api/auth/patient-profile", { token: body.token }), 200);
      return { token: body.token as string, email, id: profile.patient._id as string };
    },
    async admin(base: string) {
      adminToken ??= must("loginAdmin", await call(base, "POST", "/api/auth/loginAdmin", { json: { email: "bench-admin@example.com", password: "bench-admin-password" } }), 200).token;
      return adminToken!;
    },
    async doctor(base: string, options: { name?: string; approve?: boolean } = {}) {
      const email = uniqueEmail("doctor");
      const json = { name: options.name ?? "Dana Doctor", email, password: PASSWORD, specialization: "Cardiologist", collegeName: "City Medical College" };
      const body = must("signupDoctor", await call(base, "POST", "/api/auth/signupDoctor", { json }), 201);
      const doctor = { token: body.token as string, email, id: body.doctor._id as string, name: json.name };
      if (options.approve !== false) await this.setStatus(base, doctor.id, "approved");
      return doctor;
    },
    /** An approved doctor's registration, given and verified: the public directory and the home page show them (issue 52). */
    async list(base: string, doctor: { token: string; id: string; name: string }) {
      const form = { name: doctor.name, specialization: "Cardiologist", collegeName: "City Medical College", registrationNumber: `DMC/${doctor.id.slice(0, 8)}`, registrationCouncil: "Delhi Medical Council" };
      must("doctor-profile", await call(base, "PUT", "/api/auth/doctor-profile", { token: doctor.token, form }), 200);
      must("doctor-registration", await call(base, "PATCH", `/api/auth/admin-dashboard/doctor-registration/${doctor.id}`, { token: await this.admin(base), json: { verified: true } }), 200);
    },
    async setStatus(base: string, doctorId: string, status: string) {
      const token = await this.admin(base);
      must("doctor-status", await call(base, "PATCH", `/api/auth/admin-dashboard/doctor-status/${doctorId}`, { token, json: { status } }), 200);
    },
    async book(base: string, token: string, doctorId: string) {
      const body = must("book", await call(base, "POST", "/api/auth/patient-dashboard/bookAppointment", { token, json: { doctorId, reason: "Chest pain on stairs" } }), 201);
      return body.appointment._id as string;
    },
    schedule(base: string, token: string, appointmentId: string, patientId: string, at: Date) {
      return call(base, "POST", "/api/auth/doctor-dashboard/scheduleAppointments", {
        token,
        json: { appointmentId, patientId, scheduledDateTime: at.toISOString() },
      });
    },
  };
}

/** The session cookie a login answer set, as a Cookie header carries it. */
export const sessionCookie = (res: Call) => cookiesNamed(res.cookies, "carebook_session=")[0]!;
