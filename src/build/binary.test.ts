/**
 * The single binary, end to end: `bun run build`'s buildBinary() compiles it, the executable is
 * copied alone into an empty temporary folder (no node_modules in it or above it), started
 * there, and driven over HTTP through signup, login, approval, booking, scheduling, a profile
 * picture and a static file. It must create its own database and uploads folder, and load
 * the native libSQL and argon2 modules from itself. Its `backup` and `restore` subcommands run
 * beside it; `admin:create` and `demo` run from the same binary in empty folders of their own.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { STATIC_DIR } from "../config/assets";
import { cameraPhoto, GPS_MARK } from "../../tests/support/photos";
import { sharedBinary } from "../../tests/support/built-binary";
import { readImageHeader } from "../storage/image-header";
import { PICTURE_MAX_BYTES, PICTURE_SIDE } from "../storage/picture";
import { startMailCatcher, type MailCatcher } from "../../tests/support/mail-catcher";

// Each test speaks to a 120 MiB executable started as a process of its own; on two loaded cores
// (bun test --parallel) a handful of requests to it can take longer than bun's default 5 s, and a
// test that times out has bun kill the server every later test here speaks to.
setDefaultTimeout(60_000);
const REPO = resolve(import.meta.dir, "..", "..");
const ADMIN = { email: "admin@example.com", password: "admin-password-1" };
const PASSWORD = "correct-horse-1";

let work: string;
let runDir: string;
let server: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
let base = "";
let output = "";
let startMs = 0;
// The binary sends its mail through nodemailer to a real SMTP server on loopback (issue 25).
let smtp: MailCatcher;

/** Resolves with the port once the server prints that it listens; rejects if it exits first. */
async function waitForListening(proc: NonNullable<typeof server>): Promise<number> {
  const decoder = new TextDecoder();
  const reader = proc.stdout.getReader();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    output += decoder.decode(value, { stream: true });
    const match = output.match(/listening on http:\/\/localhost:(\d+)/);
    if (match) {
      reader.releaseLock();
      void proc.stdout.pipeTo(new WritableStream({ write: (chunk) => void (output += decoder.decode(chunk)) })).catch(() => {});
      return Number(match[1]);
    }
  }
  throw new Error(`the binary did not start:\n${output}\n${await new Response(proc.stderr).text()}`);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "carebook-binary-"));
  runDir = join(work, "run");
  // buildBinary()'s executable, built once for this file and edge.test.ts (tests/support/built-binary.ts).
  await sharedBinary(join(runDir, "carebook"));
  // The run folder must not see this repository's node_modules, or a broken embed could hide.
  for (let dir = runDir; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, "node_modules"))).toBe(false);

  smtp = await startMailCatcher();
  startMs = performance.now();
  server = Bun.spawn([join(runDir, "carebook")], {
    cwd: runDir,
    env: {
      PATH: "/usr/bin:/bin",
      TMPDIR: tmpdir(),
      HOST: "127.0.0.1",
      PORT: "0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://carebook.test",
      // No undo window: the scheduled mail the journey waits for is due at once, not 10 s later.
      UNDO_SECONDS: "0",
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const port = await waitForListening(server);
  startMs = performance.now() - startMs;
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await server.exited;
  }
  await smtp?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(base + path, { method, headers, body: payload });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

test("the binary starts alone and creates its data folder", () => {
  console.log(`binary: ${(statSync(join(runDir, "carebook")).size / 2 ** 20).toFixed(1)} MiB, listening after ${startMs.toFixed(0)} ms`);
  expect(readdirSync(runDir).sort()).toContain("data");
  expect(existsSync(join(runDir, "data", "app.db"))).toBe(true);
  expect(statSync(join(runDir, "data", "jwt-secret")).mode & 0o777).toBe(0o600);
  expect(output).toContain(`Created the admin ${ADMIN.email}`);
});

test("the native modules come from the binary, not from this repository", () => {
  const maps = `/proc/${server!.pid}/maps`;
  if (!existsSync(maps)) return; // Linux only
  const loaded = readFileSync(maps, "utf8");
  expect(loaded).not.toContain(REPO);
  expect(loaded).not.toContain("node_modules");
});

test("a journey: signup, login, approval, book, schedule, picture", async () => {
  const email = { patient: "pat@example.com", doctor: "doc@example.com" };
  const signup = await call("POST", "/api/auth/signupPatient", { name: "Pat Patient", email: email.patient, password: PASSWORD });
  expect(signup.status).toBe(201);
  const login = await call("POST", "/api/auth/loginPatient", { email: email.patient, password: PASSWORD });
  expect(login.status).toBe(200);
  const patient = login.json.token as string;
  expect((await call("POST", "/api/auth/loginPatient", { email: email.patient, password: "wrong-password" })).status).toBe(401);

  const doctorSignup = await call("POST", "/api/auth/signupDoctor", {
    name: "Dana Doctor",
    email: email.doctor,
    password: PASSWORD,
    specialization: "Cardiologist",
    collegeName: "Example Medical College",
  });
  expect(doctorSignup.status).toBe(201);
  const doctorId = doctorSignup.json.doctor._id as string;
  const doctor = doctorSignup.json.token as string;

  const admin = await call("POST", "/api/auth/loginAdmin", ADMIN);
  expect(admin.status).toBe(200);
  const approve = await call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctorId}`, { status: "approved" }, admin.json.token);
  expect(approve.status).toBe(200);

  const book = await call("POST", "/api/auth/patient-dashboard/bookAppointment", { doctorId, reason: "Chest pain when climbing stairs" }, patient);
  expect(book.status).toBe(201);
  const appointment = book.json.appointment;

  const pending = await call("GET", "/api/auth/doctor-dashboard/appointments", undefined, doctor);
  expect(pending.json.appointments.map((a: { _id: string }) => a._id)).toContain(appointment._id);
  const when = new Date(Date.now() + 86_400_000).toISOString();
  const schedule = await call(
    "POST",
    "/api/auth/doctor-dashboard/scheduleAppointments",
    { doctorName: "Dana Doctor", patientId: appointment.patient._id, appointmentId: appointment._id, scheduledDateTime: when },
    doctor,
  );
  expect(schedule.status).toBe(200);
  expect(schedule.json.meetLink).toStartWith("https://meet.jit.si/");

  const meetings = await call("GET", "/api/auth/patient-dashboard/patient-meetings", undefined, patient);
  const mine = meetings.json.appointments.find((a: { _id: string }) => a._id === appointment._id);
  expect(mine.status).toBe("confirmed");

  // The binary sends mail: the patient's scheduled mail, with its calendar file.
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email.patient) && /^Scheduled/.test(m.subject ?? ""), 30_000);
  expect(mail.text).toContain("https://carebook.test/patient-dashboard/patient-meetings");
  expect(mail.attachments.some((a) => a.contentType === "text/calendar")).toBe(true);

  // A camera photo is decoded and re-encoded by the WebAssembly codecs embedded in the binary,
  // stored in the uploads folder the binary creates, and served back as a small square JPEG.
  const photo = await cameraPhoto(1600, 1200);
  const form = new FormData();
  form.set("name", "Pat Patient");
  form.set("profileImage", new File([photo], "IMG_0001.jpg", { type: "image/jpeg" }));
  const profile = await call("PUT", "/api/auth/patient-profile", form, patient);
  expect(profile.status).toBe(200);
  const name = profile.json.patient.profileImage as string;
  expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
  expect(existsSync(join(runDir, "uploads", "patients", name))).toBe(true);
  const served = await fetch(`${base}/uploads/patients/${name}`);
  expect(served.headers.get("content-type")).toBe("image/jpeg");
  const bytes = new Uint8Array(await served.arrayBuffer());
  expect(readImageHeader(bytes)).toEqual({ type: "jpg", width: PICTURE_SIDE, height: PICTURE_SIDE });
  expect(bytes.length).toBeLessThanOrEqual(PICTURE_MAX_BYTES);
  expect(Buffer.from(bytes).includes(Buffer.from(GPS_MARK))).toBe(false);
}, 90_000);

// Served by src/routes/static.ts, which reads static/ through src/config/assets.ts (a route that reads
// ./static from the working folder finds nothing here: the binary runs in an empty folder).
test("every file in static/ is embedded and served", async () => {
  const files = existsSync(STATIC_DIR)
    ? (readdirSync(STATIC_DIR, { recursive: true }) as string[]).filter((f) => statSync(join(STATIC_DIR, f)).isFile())
    : [];
  for (const file of files) {
    const res = await fetch(`${base}/static/${file.split("\\").join("/")}`, { headers: { "Accept-Encoding": "identity" } });
    expect(res.status, relative(REPO, join(STATIC_DIR, file))).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(readFileSync(join(STATIC_DIR, file))));
  }
  expect((await fetch(`${base}/static/..%2fpackage.json`)).status).toBe(404);
});

test("pages render from the binary (no 5xx at /)", async () => {
  const res = await fetch(`${base}/`);
  expect(res.status).toBeLessThan(500);
});

test("the API description and its docs page (with the embedded renderer) are served", async () => {
  const doc = await fetch(`${base}/api/openapi.json`);
  expect(doc.status).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toStartWith("3.1");
  const page = await (await fetch(`${base}/api/docs`)).text();
  for (const [, src] of page.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)) {
    const asset = await fetch(base + src);
    expect(asset.status, src).toBe(200);
    expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(100);
  }
});

/** Runs the binary's subcommand `args` in the run folder (the same environment as the server). */
async function subcommand(...args: string[]) {
  const child = Bun.spawn([join(runDir, "carebook"), ...args], { cwd: runDir, env: { PATH: "/usr/bin:/bin", TMPDIR: tmpdir() }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: stdout + stderr };
}

let backupFile = "";
test("`carebook backup` copies the serving database and its pictures; `restore` refuses while it serves", async () => {
  // Arguments reach the subcommand as they would from `bun run backup`: a second one is refused.
  expect((await subcommand("backup", "a.db", "b.db")).code).toBe(2);
  const backup = await subcommand("backup");
  expect(backup.code, backup.output).toBe(0);
  backupFile = backup.output.match(/Database: (\S+\.db) /)?.[1] ?? "";
  expect(backupFile).toStartWith(join(runDir, "backups", "carebook-"));
  expect(backup.output).toContain("Pictures: ");
  expect(readdirSync(`${backupFile.slice(0, -3)}.uploads/patients`)).toHaveLength(1);
  const refused = await subcommand("restore", backupFile);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("A Carebook server is using");
}, 90_000);

test("the binary answers its probes and logs each request as one JSON line (pino, no worker thread)", async () => {
  expect((await call("GET", "/healthz")).json).toEqual({ status: "ok" });
  const ready = await call("GET", "/readyz");
  expect(ready.status, ready.text).toBe(200);
  const id = (await call("GET", "/about")).headers.get("x-request-id");
  // Lines go out in batches, at the latest a second later.
  // real time: a 100 ms poll for the request's log line (lines go out in batches, at the latest a second later)
  for (let i = 0; i < 40 && !output.includes(`"reqId":"${id}"`); i++) await Bun.sleep(100);
  const line = JSON.parse(output.split("\n").find((l) => l.includes(`"reqId":"${id}"`))!);
  expect(line).toMatchObject({ level: "info", method: "GET", route: "/about", status: 200, role: null, msg: "request" });
});

test("SIGTERM shuts the binary down cleanly", async () => {
  server!.kill("SIGTERM");
  expect(await server!.exited).toBe(0);
});

/** Runs the binary with `args` in a new empty folder below the work folder. */
function runBinary(args: string[], folder: string, env: Record<string, string> = {}) {
  const cwd = join(work, folder);
  mkdirSync(cwd);
  return Bun.spawn([join(runDir, "carebook"), ...args], {
    cwd,
    env: { PATH: "/usr/bin:/bin", TMPDIR: tmpdir(), HOST: "127.0.0.1", PORT: "0", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
}

test("carebook admin:create reads its flags (the password from ADMIN_PASSWORD, never argv) and creates the admin once", async () => {
  const args = ["admin:create", "--email", "boss@example.com", "--name", "Bo Boss"];
  // A password on the command line would show in the process list: refused, nothing created.
  const flagged = runBinary([...args, "--password", "boss-password-1"], "admin-flag");
  expect(await flagged.exited).toBe(2);
  expect(await new Response(flagged.stderr).text()).toContain("takes no --password");
  expect(existsSync(join(work, "admin-flag", "data"))).toBe(false);

  const first = runBinary(args, "admin", { ADMIN_PASSWORD: "boss-password-1" });
  expect(await first.exited).toBe(0);
  expect(await new Response(first.stdout).text()).toContain("Created the admin boss@example.com.");
  const cwd = join(work, "admin");
  expect(existsSync(join(cwd, "data", "app.db"))).toBe(true);
  const second = Bun.spawn([join(runDir, "carebook"), ...args], { cwd, env: { PATH: "/usr/bin:/bin", ADMIN_PASSWORD: "boss-password-1" }, stdout: "pipe", stderr: "pipe" });
  expect(await second.exited).toBe(0);
  expect(await new Response(second.stdout).text()).toContain("already exists");
}, 90_000);

test("carebook demo fills an empty folder, prints the logins and serves them", async () => {
  const demo = runBinary(["demo"], "demo");
  output = ""; // the server above has stopped; read the demo's output alone
  try {
    const port = await waitForListening(demo);
    const patient = output.match(/^ {2}patient +(\S+@\S+)/m)![1]!;
    const password = output.match(/every password: (\S+)\)/)![1]!;
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/loginPatient`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: patient, password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const meetings = await fetch(`http://127.0.0.1:${port}/api/auth/patient-dashboard/patient-meetings`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await meetings.json()) as { appointments: unknown[] }).appointments).toHaveLength(4);
    expect(readdirSync(join(work, "demo", "uploads", "doctors")).length).toBe(21);
  } finally {
    demo.kill("SIGTERM");
    await demo.exited;
  }
}, 60_000);

test("`carebook restore` puts the backup in place once the server has stopped", async () => {
  const restore = await subcommand("restore", backupFile);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain("checked with integrity_check and its checksum");
  expect(existsSync(join(runDir, "data", "app.db.before-restore"))).toBe(true);
}, 90_000);
