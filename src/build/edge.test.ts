/**
 * Edge nodes (issue 43): the single binary, copied alone into two empty folders, each an
 * embedded replica (DATABASE_URL=file:…, DATABASE_SYNC_URL=sqld) of one real libSQL server.
 * Started together they migrate the primary once; each serves, reads its own writes at once,
 * sees the other's within the sync interval, and both run the mail sender, yet one outbox mail
 * is delivered once. `carebook backup` on an edge node writes a consistent copy of the primary
 * through a temporary replica, which `carebook restore` puts into a plain file database.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createClient } from "@libsql/client";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sharedBinary } from "../../tests/support/built-binary";
import { MIGRATIONS_DIR } from "../config/assets";
import { migrateDatabase, openDatabase } from "../db/client";
import { schemaObjects } from "../db/queries/backup";
import { startMailCatcher, type MailCatcher } from "../../tests/support/mail-catcher";
import { startSqld, type Sqld } from "../../tests/support/sqld";

const ADMIN = { email: "admin@example.com", password: "admin-password-1" };
const PASSWORD = "correct-horse-1";
// Each test speaks to a 120 MiB executable started as a process of its own; on two loaded cores
// (bun test --parallel) a handful of requests to it can take longer than bun's default 5 s.
setDefaultTimeout(30_000);
const SYNC_SECONDS = 1;
/** Seconds between a mail sender's looks at the outbox (5 by default). */
const ROUND_SECONDS = 0.5;

type Node = { name: string; dir: string; base: string; proc: Bun.Subprocess<"ignore", "pipe", "pipe">; output: () => string; startMs: number };

let work: string;
let binary: string;
let sqld: Sqld;
let smtp: MailCatcher;
const nodes: Node[] = [];

/** What every edge node is given: its own local file, the primary, one signing key, mail. */
function edgeEnv(dir: string): Record<string, string> {
  return {
    PATH: "/usr/bin:/bin",
    TMPDIR: tmpdir(),
    HOST: "127.0.0.1",
    PORT: "0",
    DATABASE_URL: `file:${join(dir, "data", "app.db")}`,
    DATABASE_SYNC_URL: sqld.url,
    DATABASE_SYNC_INTERVAL: String(SYNC_SECONDS),
    MAIL_ROUND_SECONDS: String(ROUND_SECONDS),
    JWT_SECRET: "edge-test-secret-of-at-least-32-bytes!",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://carebook.test",
    LOG_LEVEL: "warn",
  };
}

/** Copies the binary alone into a new empty folder and starts it there as an edge node. */
async function startNode(name: string): Promise<Node> {
  const dir = join(work, name);
  mkdirSync(dir);
  copyFileSync(binary, join(dir, "carebook"));
  const started = performance.now();
  const proc = Bun.spawn([join(dir, "carebook")], { cwd: dir, env: edgeEnv(dir), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let text = "";
  const decoder = new TextDecoder();
  const collect = (stream: ReadableStream<Uint8Array>) =>
    void stream.pipeTo(new WritableStream({ write: (chunk) => void (text += decoder.decode(chunk, { stream: true })) })).catch(() => {});
  collect(proc.stdout);
  collect(proc.stderr);
  // real time: a 20 ms poll for the binary's first answer, the event itself
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(20)) {
    const port = text.match(/listening on http:\/\/localhost:(\d+)/)?.[1];
    if (port) return { name, dir, base: `http://127.0.0.1:${port}`, proc, output: () => text, startMs: performance.now() - started };
    if (proc.exitCode !== null) break;
  }
  proc.kill("SIGKILL");
  throw new Error(`edge node ${name} did not start:\n${text}`);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "carebook-edge-"));
  const building = performance.now();
  // buildBinary()'s executable, built once for this file and binary.test.ts (tests/support/built-binary.ts).
  binary = await sharedBinary(join(work, "build", "carebook"));
  console.log(`edge: binary built in ${((performance.now() - building) / 1000).toFixed(1)} s`);
  [sqld, smtp] = await Promise.all([startSqld(), startMailCatcher()]);
  // Started together: both find an empty primary and would migrate it.
  nodes.push(...(await Promise.all([startNode("edge-a"), startNode("edge-b")])));
}, 90_000);

afterAll(async () => {
  await Promise.all(
    nodes.map(async (node) => {
      if (node.proc.exitCode === null) node.proc.kill("SIGTERM");
      await node.proc.exited;
    }),
  );
  await smtp?.stop();
  await sqld?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function call(node: Node, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(node.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text.startsWith("{") ? JSON.parse(text) : undefined, text };
}

/** Polls `check` until it holds, for at most `ms`; resolves with the time it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    // real time: a 50 ms poll for the awaited state, the event itself
    await Bun.sleep(50);
  }
  return performance.now() - started;
}

test("two edge nodes started together on an empty primary apply each migration once", async () => {
  const [a, b] = nodes as [Node, Node];
  console.log(`edge: nodes listening after ${a.startMs.toFixed(0)} ms and ${b.startMs.toFixed(0)} ms`);
  const primary = createClient({ url: sqld.url });
  try {
    const rows = (await primary.execute("select hash, count(*) n from __drizzle_migrations group by hash")).rows;
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
    const admins = (await primary.execute({ sql: "select count(*) n from admins where email = ?", args: [ADMIN.email] })).rows;
    expect(Number(admins[0]!.n)).toBe(1);
  } finally {
    primary.close();
  }
  // Each node keeps its own local copy in its own folder, readable by its owner only.
  for (const node of nodes) expect((statSync(join(node.dir, "data", "app.db")).mode & 0o777).toString(8)).toBe("600");
});

test("the primary's schema is exactly the one the migrations make in a plain file (what `restore` checks)", async () => {
  const file = await openDatabase(`file:${join(work, "reference.db")}`);
  const primary = createClient({ url: sqld.url });
  try {
    await migrateDatabase(file, MIGRATIONS_DIR);
    expect(await schemaObjects(primary)).toEqual(await schemaObjects(file.client));
  } finally {
    file.close();
    primary.close();
  }
});

const patient = { email: "pat@example.com", token: "" };
const racedDoctor = { id: "" };
test("a patient reads their own write on the node at once; the other node sees it within the sync interval", async () => {
  const [a, b] = nodes as [Node, Node];
  expect((await call(a, "POST", "/api/auth/signupPatient", { name: "Pat Patient", email: patient.email, password: PASSWORD })).status).toBe(201);
  // At once, on the node that wrote it: no wait for a sync.
  const login = await call(a, "POST", "/api/auth/loginPatient", { email: patient.email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  patient.token = login.json.token;
  const seen = await within(SYNC_SECONDS * 1000 + 3000, async () => (await call(b, "POST", "/api/auth/loginPatient", { email: patient.email, password: PASSWORD })).status === 200);
  console.log(`edge: the other node saw the signup after ${seen.toFixed(0)} ms (DATABASE_SYNC_INTERVAL=${SYNC_SECONDS})`);
}, 20_000);

test("a booking on one node, with both nodes sending mail: each outbox mail is delivered once", async () => {
  const [a, b] = nodes as [Node, Node];
  const doctor = await call(b, "POST", "/api/auth/signupDoctor", {
    name: "Dana Doctor",
    email: "doc@example.com",
    password: PASSWORD,
    specialization: "Cardiologist",
    collegeName: "Example Medical College",
  });
  expect(doctor.status, doctor.text).toBe(201);
  const doctorId = doctor.json.doctor._id as string;
  racedDoctor.id = doctorId;
  const admin = await call(b, "POST", "/api/auth/loginAdmin", ADMIN);
  expect(admin.status).toBe(200);
  expect((await call(b, "PATCH", `/api/auth/admin-dashboard/doctor-status/${doctorId}`, { status: "approved" }, admin.json.token)).status).toBe(200);

  // The patient signed up on node a books on node b once b has the approval (its own write).
  const book = await call(b, "POST", "/api/auth/patient-dashboard/bookAppointment", { doctorId, reason: "Chest pain when climbing stairs" }, patient.token);
  expect(book.status, book.text).toBe(201);
  const id = book.json.appointment._id as string;
  await within(SYNC_SECONDS * 1000 + 3000, async () => {
    const meetings = await call(a, "GET", "/api/auth/patient-dashboard/patient-meetings", undefined, patient.token);
    return meetings.json?.appointments?.some((m: { _id: string }) => m._id === id) === true;
  });

  // Every mail so far (the admin's, the doctor's approval, both sides of the booking) is a row that
  // both senders see and race to claim: each must reach the SMTP server once.
  await smtp.waitFor((m) => m.envelopeTo.includes(patient.email), 30_000);
  await smtp.waitFor((m) => m.envelopeTo.includes("doc@example.com") && /request/i.test(m.subject ?? ""), 30_000);
  // real time: nothing happens to wait for, the absence of a second delivery after both senders
  // have had more rounds on a synced copy (they are processes, their clocks their own).
  await Bun.sleep((SYNC_SECONDS + 3 * ROUND_SECONDS) * 1000);
  const primary = createClient({ url: sqld.url });
  try {
    const rows = (await primary.execute("select state, count(*) n from mail_outbox group by state")).rows;
    expect(rows.map((row) => [row.state, Number(row.n)])).toEqual([["sent", smtp.mails.length]]);
  } finally {
    primary.close();
  }
  const ids = smtp.mails.map((m) => m.messageId);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  expect(new Set(ids).size).toBe(ids.length);
}, 60_000);

test("the same booking sent through both nodes at once: one wins (the check runs on the primary)", async () => {
  const [a, b] = nodes as [Node, Node];
  const email = "racer@example.com";
  expect((await call(a, "POST", "/api/auth/signupPatient", { name: "Rae Racer", email, password: PASSWORD })).status).toBe(201);
  const token = (await call(a, "POST", "/api/auth/loginPatient", { email, password: PASSWORD })).json.token as string;
  await within(SYNC_SECONDS * 1000 + 3000, async () => (await call(b, "POST", "/api/auth/loginPatient", { email, password: PASSWORD })).status === 200);
  const doctorId = racedDoctor.id;
  const tries = [a, b, a, b].map((node) => call(node, "POST", "/api/auth/patient-dashboard/bookAppointment", { doctorId, reason: "Racing for one appointment" }, token));
  const statuses = (await Promise.all(tries)).map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status !== 201 && (status < 400 || status >= 500))).toEqual([]);
}, 30_000);

/** Runs a subcommand of the binary in `dir` with `env`. */
async function subcommand(dir: string, env: Record<string, string>, ...args: string[]) {
  const child = Bun.spawn([join(dir, "carebook"), ...args], { cwd: dir, env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: stdout + stderr };
}

test("`carebook backup` on an edge node copies the primary; `restore` puts it into a plain file database", async () => {
  const a = nodes[0]!;
  const started = performance.now();
  const backup = await subcommand(a.dir, edgeEnv(a.dir), "backup");
  console.log(`edge: backup of the primary from an edge node took ${(performance.now() - started).toFixed(0)} ms\n${backup.output}`);
  expect(backup.code, backup.output).toBe(0);
  const file = backup.output.match(/Database: (\S+\.db) /)?.[1] ?? "";
  expect(file).toStartWith(join(a.dir, "backups", "carebook-"));

  const fresh = join(work, "restored");
  mkdirSync(fresh);
  copyFileSync(binary, join(fresh, "carebook"));
  const plain = { PATH: "/usr/bin:/bin", TMPDIR: tmpdir(), DATABASE_URL: `file:${join(fresh, "data", "app.db")}` };
  const restore = await subcommand(fresh, plain, "restore", file);
  expect(restore.code, restore.output).toBe(0);
  const restored = createClient({ url: `file:${join(fresh, "data", "app.db")}` });
  try {
    const rows = (await restored.execute({ sql: "select count(*) n from patients where email = ?", args: [patient.email] })).rows;
    expect(Number(rows[0]!.n)).toBe(1);
    expect(Number((await restored.execute("select count(*) n from appointments")).rows[0]!.n)).toBe(2);
  } finally {
    restored.close();
  }
  expect(existsSync(dirname(file))).toBe(true);
}, 60_000);
