/**
 * The single binary, end to end: `bun run build`'s buildBinary() compiles it, the executable is
 * copied alone into an empty temporary folder (no node_modules in it or above it), started
 * there, and driven over HTTP through signup, login, approval, booking, scheduling, a profile
 * picture and a static file. It must create its own database and uploads folder, and load
 * the native libSQL and argon2 modules from itself.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { STATIC_DIR } from "./assets";
import { cameraPhoto, GPS_MARK } from "../tests/support/photos";
import { buildBinary } from "./cli/build";
import { readImageHeader } from "./storage/image-header";
import { PICTURE_MAX_BYTES, PICTURE_SIDE } from "./storage/picture";

const REPO = resolve(import.meta.dir, "..");
const ADMIN = { email: "admin@example.com", password: "admin-password-1" };
const PASSWORD = "correct-horse-1";

let work: string;
let runDir: string;
let server: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
let base = "";
let output = "";
let startMs = 0;

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
  const built = await buildBinary({ outfile: join(work, "build", "carebook") });
  runDir = join(work, "run");
  mkdirSync(runDir);
  copyFileSync(built, join(runDir, "carebook"));
  // The run folder must not see this repository's node_modules, or a broken embed could hide.
  for (let dir = runDir; dir !== dirname(dir); dir = dirname(dir)) expect(existsSync(join(dir, "node_modules"))).toBe(false);

  startMs = performance.now();
  server = Bun.spawn([join(runDir, "carebook")], {
    cwd: runDir,
    env: { PATH: "/usr/bin:/bin", TMPDIR: tmpdir(), HOST: "127.0.0.1", PORT: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
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

  // A camera photo is decoded and re-encoded by the WebAssembly codecs embedded in the binary,
  // stored in the uploads folder the binary creates, and served back as a small square JPEG.
  const photo = await cameraPhoto(4000, 3000);
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

// Served by src/routes/static.ts, which reads static/ through src/assets.ts (a route that reads
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

test("SIGTERM shuts the binary down cleanly", async () => {
  server!.kill("SIGTERM");
  expect(await server!.exited).toBe(0);
});
