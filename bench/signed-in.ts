/**
 * `bun run bench:signed-in`: every signed-in row (the three lists, every signed-in page, the
 * doctors list) against two references measured in the same run, right before the row: the
 * plain ceiling (bench/ceiling.ts) and the row's floor (bench/floor.ts, the same reads with the
 * same driver on the same file and nothing else). Also list latency at 1,000 and 100,000
 * appointments and the server's peak memory. Prints the table and writes it into
 * docs/performance.md between the "signed-in" markers.
 *
 * The cost of the request log and the metrics (issue 30): bench/observe-twin.ts runs two more
 * apps on the same database in one process of their own, one with both off (LOG_LEVEL=silent,
 * no METRICS_TOKEN), one with both on (LOG_LEVEL=info into a file, METRICS_TOKEN set): in one
 * process they run the same compiled code, where two processes of one build differ by several
 * per cent. On each row the two take turns, BENCH_OBSERVE_ROUNDS rounds (default 12) of
 * BENCH_OBSERVE_SECONDS (default 1) each, the order rotating every round, so a drift of the
 * shared machine's speed weighs on both alike. BENCH_OBSERVE=off leaves the twins out;
 * BENCH_OBSERVE_CONTROL=1 makes the observed twin plain too (the method's own noise).
 * BENCH_OBSERVE_BEFORE=<a checkout of another commit, with its node_modules and client build>
 * adds that commit's twins, measured the same way, to read a change's effect in the same run.
 *
 * The writes (an instant booking, a cancel that offers the freed time to the waitlist) come last,
 * against their own floor: bench/write-rows.ts, BENCH_WRITES patients (default 100); the app runs
 * with MAIL_PREVIEW=true, so that they write their mails as with mail on.
 *
 * BENCH_SECONDS (default 5) per run; BENCH_APP_FLAGS adds flags to `bun` for the app (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the app under this load). A quick check
 * (src/build/bench-signed-in.test.ts): BENCH_SECONDS under 1 (no warm-ups), BENCH_OBSERVE=off,
 * BENCH_ONLY=<rows>, BENCH_APPOINTMENTS=<fewer than the default 100,000>.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadGenerator, type LoadResult } from "./load-generator";
import { slotsRowMeetings, SLOTS_ROW } from "./plan";
import { openSeeder } from "./seed";
import { ADMIN, freePort, ROOT, startServer, startTwin, stopServer, waitFor } from "./server";
import { measureWrites, writeLine, WRITE_ROWS, writesTable } from "./write-rows";
import { jsonClient } from "../tests/support/http";

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
/**
 * A JIT warm-up run before each measured one: a second. None in a quick check (a run under a
 * second), whose figures are not read: 6 runs of autocannon less, each a process start and a
 * second of the machine's time.
 */
const WARM_SECONDS = SECONDS < 1 ? 0 : 1;
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS || 100_000);
const CONNECTIONS = 32;
const PASSWORD = "correct-horse-1";
const SECRET = "bench-secret-that-is-at-least-32-bytes-long!";
/** A pattern of the row names to run (for quick checks and profiles); docs are written only without it. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;

/** CPU time (user + system, all threads) a process has used, in ms. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
};
const peakMemoryMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? NaN) / 1024;

const started = Date.now();
if (Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: ROOT, stdout: "ignore", stderr: "inherit" }).exitCode !== 0) process.exit(1);
const generator = await loadGenerator();
const dir = mkdtempSync(join(tmpdir(), "carebook-signed-in-"));
const dbFile = join(dir, "app.db");
const [ceilingPort, floorPort] = [freePort(), freePort()];
const FLOOR = `http://127.0.0.1:${floorPort}`;
const CEILING = `http://127.0.0.1:${ceilingPort}/`;
const appFlags = (process.env.BENCH_APP_FLAGS ?? "").split(" ").filter(Boolean);
const OBSERVE = process.env.BENCH_OBSERVE !== "off";
const OBSERVE_ROUNDS = Number(process.env.BENCH_OBSERVE_ROUNDS || 12);
const OBSERVE_SECONDS = Number(process.env.BENCH_OBSERVE_SECONDS || 1);
const BEFORE = OBSERVE ? process.env.BENCH_OBSERVE_BEFORE : undefined;
const CONTROL = process.env.BENCH_OBSERVE_CONTROL === "1";
const WRITES = Number(process.env.BENCH_WRITES || 100);

const appEnv = { DATABASE_URL: `file:${dbFile}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: SECRET, LOGIN_FAILURE_LIMIT: "1000000" };
const app = await startServer({ ...appEnv, LOG_LEVEL: "silent", MAIL_PREVIEW: "true" }, 20_000, ROOT, appFlags);
const BASE = app.url;
// The twins: the app without and with its request log (into a file, as a service manager would take it) and metrics.
const logFile = join(dir, "observed.log");
const twinEnv = { ...appEnv, ...(CONTROL ? { TWIN_CONTROL: "1" } : {}) };
const twins = OBSERVE ? await startTwin(twinEnv, ROOT, logFile) : undefined;
const before = BEFORE ? await startTwin(twinEnv, BEFORE, join(dir, "before.log")) : undefined;
const ceiling = Bun.spawn(["bun", "bench/ceiling.ts", String(ceilingPort)], { cwd: ROOT, stdout: "ignore", stderr: "inherit" });
let floor: ReturnType<typeof Bun.spawn> | undefined;

try {
  await waitFor(CEILING);
  const call = jsonClient(BASE);
  const stamp = Date.now();
  const patient = await call("POST", "/signupPatient", { name: "Bea Bench", email: `bench-patient-${stamp}@example.com`, password: PASSWORD });
  const patientId = (await call("GET", "/patient-profile", undefined, patient.token)).patient._id as string;
  const doctorSignup = await call("POST", "/signupDoctor", {
    name: "Dr. Dana Bench",
    email: `bench-doctor-${stamp}@example.com`,
    password: PASSWORD,
    specialization: "Cardiologist",
    collegeName: "City Medical College",
  });
  const admin = await call("POST", "/loginAdmin", ADMIN);
  await call("PATCH", `/admin-dashboard/doctor-status/${doctorSignup.doctor._id}`, { status: "approved" }, admin.token);
  const doctor = await call("POST", "/loginDoctor", { email: `bench-doctor-${stamp}@example.com`, password: PASSWORD });

  const seeder = openSeeder(dbFile);
  const doctorIds = seeder.doctors(2000 - 1);
  seeder.history(patientId, doctorIds, 50);
  seeder.practice(doctorSignup.doctor._id, 50);
  seeder.crowd(1000 - seeder.count("appointments"), 20, doctorIds);
  // Issue 26's slots row: a doctor with 14 days of hours (08:00-20:00 every day, Europe/Berlin)
  // and 200 confirmed meetings among them, planned from the next midnight (bench/plan.ts).
  const slotsEmail = `bench-slots-${stamp}@example.com`;
  const slotsSignup = await call("POST", "/signupDoctor", { name: "Dr. Sam Slots", email: slotsEmail, password: PASSWORD, specialization: "Neurologist", collegeName: "City Medical College" });
  await call("PATCH", `/admin-dashboard/doctor-status/${slotsSignup.doctor._id}`, { status: "approved" }, admin.token);
  const slotsDoctor = await call("POST", "/loginDoctor", { email: slotsEmail, password: PASSWORD });
  await call("PUT", "/doctor-dashboard/availability", SLOTS_ROW.hours, slotsDoctor.token);
  const taken = slotsRowMeetings(Date.now());
  seeder.meetings(slotsSignup.doctor._id, taken);
  seeder.analyze();

  const cookie = (token: string) => ({ cookie: `carebook_session=${token}` });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const bookPath = `/patient-dashboard/bookAppointment/${doctorIds[0]}`;
  type RowSpec = { name: string; path: string; headers: Record<string, string>; page?: boolean; target: { ceiling: number; floor?: number } };
  const list = { ceiling: 0.08, floor: 0.5 };
  const pageTarget = { ceiling: 0.06, floor: 0.5 };
  const rows: RowSpec[] = [
    { name: "GET patient-meetings (40 listed)", path: "/api/auth/patient-dashboard/patient-meetings", headers: bearer(patient.token), target: list },
    { name: "GET doctor appointments (10 pending)", path: "/api/auth/doctor-dashboard/appointments", headers: bearer(doctor.token), target: list },
    { name: "GET doctor meetings (30 listed)", path: "/api/auth/doctor-dashboard/doctor-meetings", headers: bearer(doctor.token), target: list },
    {
      name: "GET free slots (14 days of hours, 200 confirmed)",
      path: `/api/auth/patient-dashboard/doctors/${slotsSignup.doctor._id}/slots`,
      headers: bearer(patient.token),
      target: list,
    },
    { name: "page /patient-dashboard", path: "/patient-dashboard", headers: cookie(patient.token), page: true, target: pageTarget },
    { name: "page specialization (Cardiologist)", path: "/patient-dashboard/specialization/Cardiologist", headers: cookie(patient.token), page: true, target: pageTarget },
    { name: "page bookAppointment", path: bookPath, headers: cookie(patient.token), page: true, target: pageTarget },
    { name: "page patient-meetings", path: "/patient-dashboard/patient-meetings", headers: cookie(patient.token), page: true, target: pageTarget },
    { name: "page patient-profile", path: "/patient-dashboard/patient-profile", headers: cookie(patient.token), page: true, target: pageTarget },
    { name: "page /doctor-dashboard", path: "/doctor-dashboard", headers: cookie(doctor.token), page: true, target: pageTarget },
    { name: "page doctor-Meetings", path: "/doctor-dashboard/doctor-Meetings", headers: cookie(doctor.token), page: true, target: pageTarget },
    { name: "page doctor-profile", path: "/doctor-dashboard/doctor-profile", headers: cookie(doctor.token), page: true, target: pageTarget },
    {
      name: "GET doctors list (2,000 doctors, br)",
      path: "/api/auth/patient-dashboard/doctors",
      headers: { ...bearer(patient.token), "accept-encoding": "gzip, deflate, br" },
      target: { ceiling: 0.25 },
    },
    // Last: its requests take so long that some are still being answered when the next row starts.
    { name: "page /admin-dashboard (2,000 doctors, page 1 of 40)", path: "/admin-dashboard", headers: cookie(admin.token), page: true, target: pageTarget },
  ];

  // The floor writes the app's own HTML for each page: captured once here, split around the
  // page island's props (the largest JSON data block), which the floor serializes afresh per request.
  const templates: Record<string, { before: string; after: string }> = {};
  for (const row of rows.filter((r) => r.page)) {
    const res = await fetch(BASE + row.path, { headers: row.headers });
    if (res.status !== 200) throw new Error(`${row.path}: ${res.status}`);
    const html = await res.text();
    let best: RegExpExecArray | undefined;
    for (const m of html.matchAll(/<script type="application\/json">([^]*?)<\/script>/g)) if (!best || m[1]!.length > best[1]!.length) best = m as RegExpExecArray;
    const key = row.path.startsWith("/patient-dashboard/bookAppointment/") ? "/patient-dashboard/bookAppointment" : row.path;
    const withProps = best && !row.path.includes("/specialization/");
    templates[key] = withProps
      ? { before: html.slice(0, best!.index + '<script type="application/json">'.length), after: html.slice(best!.index + best![0].length - "</script>".length) }
      : { before: html, after: "" };
  }
  writeFileSync(join(dir, "templates.json"), JSON.stringify(templates));
  floor = Bun.spawn(["bun", "bench/floor.ts", String(floorPort), dbFile, join(dir, "templates.json")], {
    cwd: ROOT,
    stdout: "ignore",
    stderr: "inherit",
    env: { ...process.env, JWT_SECRET: SECRET },
  });
  await waitFor(`${FLOOR}/`);

  for (const row of rows) {
    const res = await fetch(FLOOR + row.path, { headers: row.headers });
    if (res.status !== 200) throw new Error(`the floor's ${row.path}: ${res.status} ${await res.text()}`);
  }
  // The floor must answer what the app answers (the lists byte for byte).
  for (const row of rows.slice(0, 4)) {
    const [a, f] = await Promise.all([fetch(BASE + row.path, { headers: row.headers }).then((r) => r.text()), fetch(FLOOR + row.path, { headers: row.headers }).then((r) => r.text())]);
    if (a !== f) console.warn(`warning: the floor's ${row.path} differs from the app's (${a.length} vs ${f.length} bytes)`);
  }
  // A page's floor writes as many bytes as the app's page (its props afresh, so not always byte for byte).
  for (const row of rows.filter((r) => r.page)) {
    const [a, f] = await Promise.all([fetch(BASE + row.path, { headers: row.headers }).then((r) => r.text()), fetch(FLOOR + row.path, { headers: row.headers }).then((r) => r.text())]);
    if (Math.abs(a.length - f.length) > a.length * 0.02) console.warn(`warning: the floor's ${row.path} is ${f.length} bytes, the app's ${a.length}`);
  }

  const run = (url: string, headers: Record<string, string>, seconds = SECONDS) => generator.run({ url, headers, seconds, connections: CONNECTIONS });
  /** A run against `server` that also takes the server's CPU time for it. */
  type Timed = LoadResult & { cpuMs: number; rounds?: Timed[] };
  const timedRun = async (server: typeof app, path: string, headers: Record<string, string>, seconds = SECONDS): Promise<Timed> => {
    const start = cpuMs(server.process.pid);
    const result = await run(server.url + path, headers, seconds);
    return { ...result, cpuMs: cpuMs(server.process.pid) - start };
  };
  /** The twins' runs on a row: the plain one's and the observed one's. */
  type Pair = { app: Timed; observed: Timed };
  type Measured = RowSpec & { app: Timed; floor?: LoadResult; ceiling: LoadResult; twins?: Pair; before?: Pair };
  const measured: Measured[] = [];
  const loads: number[] = [];
  const measure = async (row: RowSpec): Promise<Measured> => {
    if (WARM_SECONDS > 0) {
      await run(BASE + row.path, row.headers, WARM_SECONDS); // warm the JIT
      await run(FLOOR + row.path, row.headers, WARM_SECONDS);
    }
    loads.push(loadavg()[0]!);
    const ceilingResult = await run(CEILING, {});
    const floorResult = await run(FLOOR + row.path, row.headers);
    const appResult = await timedRun(app, row.path, row.headers);
    let pair: Pair | undefined;
    let beforePair: Pair | undefined;
    if (twins) {
      // The twins take turns, the order rotating each round: a drift of the shared machine's speed weighs on all alike.
      const turns = [twins.plain, twins.observed, ...(before ? [before.plain, before.observed] : [])];
      if (WARM_SECONDS > 0) for (const server of turns) await run(server.url + row.path, row.headers, WARM_SECONDS);
      const runs = turns.map((): Timed[] => []);
      for (let round = 0; round < OBSERVE_ROUNDS; round++) {
        for (let k = 0; k < turns.length; k++) {
          const i = (round + k) % turns.length;
          runs[i]!.push(await timedRun(turns[i]!, row.path, row.headers, OBSERVE_SECONDS));
        }
      }
      const [p, o, bp, bo] = runs.map(mean);
      pair = { app: p!, observed: o! };
      beforePair = bp && bo ? { app: bp, observed: bo } : undefined;
    }
    const m = { ...row, app: appResult, floor: floorResult, ceiling: ceilingResult, twins: pair, before: beforePair };
    console.log(
      `${row.name}: ${appResult.rps.toFixed(0)} req/s, ${(appResult.rps / floorResult.rps).toFixed(2)} of floor (${floorResult.rps.toFixed(0)}), ` +
        `${(appResult.rps / ceilingResult.rps).toFixed(3)} of ceiling (${ceilingResult.rps.toFixed(0)}), p50 ${appResult.p50.toFixed(2)} ms, p99 ${appResult.p99.toFixed(2)} ms` +
        `${appResult.errors ? `, ${appResult.errors} errors` : ""}` +
        `${
          pair
            ? `; twins ${pair.app.rps.toFixed(0)} → ${pair.observed.rps.toFixed(0)} req/s with log + metrics (${(100 * cost(pair)).toFixed(1)} % less), ` +
              `CPU ${cpuPerRequest(pair.app).toFixed(1)} → ${cpuPerRequest(pair.observed).toFixed(1)} µs a request (+${(100 * cpuCost(pair)).toFixed(1)} %)` +
              (beforePair ? `; before: CPU ${cpuPerRequest(beforePair.app).toFixed(1)} → ${cpuPerRequest(beforePair.observed).toFixed(1)} µs (+${(100 * cpuCost(beforePair)).toFixed(1)} %)` : "")
            : ""
        }; load ${loadavg()[0]!.toFixed(1)}`,
    );
    return m;
  };

  /** Runs as one: their mean rates and latencies, their summed counts and CPU time; each run kept as a round. */
  function mean(runs: Timed[]): Timed {
    const avg = (key: "rps" | "p50" | "p99") => runs.reduce((n, r) => n + r[key], 0) / runs.length;
    const sum = (key: "requests" | "errors" | "cpuMs") => runs.reduce((n, r) => n + r[key], 0);
    return { rps: avg("rps"), p50: avg("p50"), p99: avg("p99"), requests: sum("requests"), errors: sum("errors"), cpuMs: sum("cpuMs"), rounds: runs };
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  /**
   * `of(observed run) / of(plain run)` of a twin pair: the median of that ratio over the rounds, each round's two
   * runs being seconds apart, so the neighbours' load, which moves from one round to the next,
   * weighs on both sides of each ratio alike, and a round it upset is outvoted. (Runs without
   * rounds: the ratio of the wholes.)
   */
  const pairedRatio = (m: Pair, of: (r: Timed) => number) => median(roundRatios(m, of));
  const roundRatios = (m: Pair, of: (r: Timed) => number) => m.app.rounds!.map((run, i) => of(m.observed.rounds![i]!) / of(run));
  /** The middle half of the rounds' CPU costs: how far one round's reading strays on this machine. */
  const cpuSpread = (m: Pair) => {
    const sorted = roundRatios(m, cpuPerRequest).sort((a, b) => a - b);
    const at = (q: number) => (100 * (sorted[Math.floor((sorted.length - 1) * q)]! - 1)).toFixed(0);
    return `${at(0.25)} to ${at(0.75)} %`;
  };
  /** The server's CPU time per request answered, in µs: what a shared machine's load moves least. */
  const cpuPerRequest = (r: Timed) => (r.cpuMs * 1000) / r.requests;
  /** The share of CPU per request the log and metrics add. */
  const cpuCost = (m: Pair) => pairedRatio(m, cpuPerRequest) - 1;

  /** The share of throughput the request log and metrics take (the observed app against the plain one). */
  const cost = (m: Pair) => 1 - pairedRatio(m, (r) => r.rps);

  const growthRow = rows[0]!;
  const at1k = ONLY && !ONLY.test(growthRow.name) ? undefined : await measure(growthRow);
  seeder.crowd(APPOINTMENTS - seeder.count("appointments"), 20, doctorIds);
  seeder.analyze();
  const total = seeder.count("appointments");
  console.log(`Seeded: 2,000 doctors, ${total} appointments in ${seeder.count("patients")} patients.`);
  for (const row of rows) if (!ONLY || ONLY.test(row.name)) measured.push(await measure(row));
  const memory = peakMemoryMb(app.process.pid);
  // The writes, after the memory is read (it stays the GET rows' figure).
  const writeRows = ONLY && !Object.values(WRITE_ROWS).some((name) => ONLY.test(name)) ? [] : await measureWrites({ base: BASE, dbFile, secret: SECRET, count: WRITES, warm: Math.min(20, Math.ceil(WRITES / 5)) });
  for (const row of writeRows) console.log(writeLine(row));
  // The log the observed app wrote: one line per request it answered.
  const logLines = twins ? (await Bun.file(logFile).text()).split("\n").filter((l) => l.startsWith('{"level":"info"')).length : 0;
  const observedRequests = measured.reduce((n, m) => n + (m.twins?.observed.requests ?? 0), 0);
  const observedNote = twins
    ? `\nWith log + metrics: two more apps on the same database in one process of their own (bench/observe-twin.ts), one with LOG_LEVEL=info (its stdout into a file) and METRICS_TOKEN set, ` +
      `one plain (LOG_LEVEL=silent, no METRICS_TOKEN)${CONTROL ? " (CONTROL RUN: the observed twin is plain too, so its cost is the method's noise)" : ""}, taking turns on each row: ` +
      `${OBSERVE_ROUNDS} rounds of ${OBSERVE_SECONDS} s each, the order rotating every round. In one process the two run the same compiled code; two processes of one build ` +
      `differ by several per cent in CPU a request, more than the cost read here. The costs (req/s lost, CPU cost) are medians over the rounds of ` +
      `each round's own ratio, observed run against plain run seconds apart. On a shared machine req/s moves with the neighbours' load; the server's own CPU time per request (user + system, from /proc) ` +
      `moves far less, so the cost is read from it. It wrote ${logLines.toLocaleString("en")} request lines, ${observedRequests.toLocaleString("en")} of them for its measured runs ` +
      `(the rest for the warm-ups). Peak memory of the twins' process ${peakMemoryMb(twins.plain.process.pid).toFixed(0)} MB.` +
      (before ? ` "Before": the twins of ${BEFORE} (BENCH_OBSERVE_BEFORE), two more turns in each round.` : "")
    : "";

  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
  const ok = (m: Measured) => {
    const c = m.app.rps / m.ceiling.rps >= m.target.ceiling;
    const fl = m.target.floor === undefined || m.app.rps / m.floor!.rps >= m.target.floor;
    return c && fl && m.app.p99 < 10 && m.app.errors === 0;
  };
  const observedColumns = ({ twins: t, before: b }: Measured) =>
    t
      ? ` ${t.app.rps.toFixed(0)} → ${t.observed.rps.toFixed(0)} | ${(100 * cost(t)).toFixed(1)} % | ${f(t.observed.p99)} | ${cpuPerRequest(t.app).toFixed(1)} → ${cpuPerRequest(t.observed).toFixed(1)} | **${(100 * cpuCost(t)).toFixed(1)} %** (${cpuSpread(t)}) | ${cpuCost(t) < 0.1 ? "yes" : "**NO**"} |` +
        (b ? ` ${(100 * cost(b)).toFixed(1)} % | ${cpuPerRequest(b.app).toFixed(1)} → ${cpuPerRequest(b.observed).toFixed(1)} | ${(100 * cpuCost(b)).toFixed(1)} % |` : "")
      : "";
  const table = [
    "| request | req/s | floor req/s | **ratio to floor** | ceiling req/s | **ratio to ceiling** | p50 ms | p99 ms | floor p50 / p99 ms | ceiling p50 / p99 ms | target (ceiling / floor, p99 < 10 ms) | met |" +
      (twins ? " twins' req/s, without → with log + metrics | req/s lost | their p99 ms | CPU µs a request, without → with | **CPU cost** (rounds' middle half) | under 10 % |" : "") +
      (before ? " before: req/s lost | before: CPU µs a request | before: CPU cost |" : ""),
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|" + (twins ? "---:|---:|---:|---:|---:|---|" : "") + (before ? "---:|---:|---:|" : ""),
    ...measured.map(
      (m) =>
        `| ${m.name} | ${m.app.rps.toFixed(0)} | ${m.floor!.rps.toFixed(0)} | **${(m.app.rps / m.floor!.rps).toFixed(2)}** | ${m.ceiling.rps.toFixed(0)} | **${(m.app.rps / m.ceiling.rps).toFixed(3)}** | ${f(m.app.p50)} | ${f(m.app.p99)} | ${f(m.floor!.p50)} / ${f(m.floor!.p99)} | ${f(m.ceiling.p50)} / ${f(m.ceiling.p99)} | ${m.target.ceiling}${m.target.floor ? ` / ${m.target.floor}` : ""} | ${ok(m) ? "yes" : "**NO**"} |${observedColumns(m)}`,
    ),
  ].join("\n");
  const at100k = measured.find((m) => m.path === growthRow.path);
  // The two runs are minutes apart on a shared machine, whose speed moves by a fifth between rows
  // (the ceiling column): each p50 is also read against the ceiling run right before it.
  const growth =
    at1k && at100k
      ? `patient-meetings p50 at 1,000 appointments ${f(at1k.app.p50)} ms, at ${total.toLocaleString("en")} ${f(at100k.app.p50)} ms: ${(at100k.app.p50 / at1k.app.p50).toFixed(2)}x as measured; ` +
        `**${((at100k.app.p50 * at100k.ceiling.rps) / (at1k.app.p50 * at1k.ceiling.rps)).toFixed(2)}x** with each p50 scaled by the ceiling's req/s right before it ` +
        `(target 1.2x; req/s ${at1k.app.rps.toFixed(0)} → ${at100k.app.rps.toFixed(0)}, ceiling ${at1k.ceiling.rps.toFixed(0)} → ${at100k.ceiling.rps.toFixed(0)})`
      : "";
  const section = `<!-- signed-in: written by bun run bench:signed-in -->
Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`bun run bench:signed-in\` (bench/signed-in.ts): ${generator.name},
${CONNECTIONS} connections, ${SECONDS} s per run; 2,000 doctors, ${total.toLocaleString("en")} appointments; no Accept-Encoding
unless the row says br. Each row's floor (bench/floor.ts) and the ceiling run right before it;
their p50 and p99 are there to read the app's p99 against what the same machine gives a server
that does only the row's irreducible work (the floor) or nothing at all (the ceiling).
Load average (1 min) during the rows: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} on ${Bun.spawnSync(["nproc"]).stdout.toString().trim()} cores.

${table}
${writeRows.length ? `\n${writesTable(writeRows)}\n` : ""}
${growth}${growth ? ". " : ""}Peak memory (VmHWM) of the server: **${memory.toFixed(0)} MB** (target under 256 MB).
${observedNote}
<!-- /signed-in -->`;
  console.log(`\n${section}`);
  if (!ONLY) {
    const docPath = join(ROOT, "docs", "performance.md");
    const doc = readFileSync(docPath, "utf8");
    const marked = /<!-- signed-in[^>]*-->[\s\S]*?<!-- \/signed-in -->/;
    writeFileSync(docPath, marked.test(doc) ? doc.replace(marked, () => section) : `${doc.trimEnd()}\n\n## Signed-in rows against their floor\n\n${section}\n`);
  }
  seeder.close();
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
} finally {
  ceiling.kill();
  floor?.kill();
  await Promise.all([stopServer(app, "SIGTERM"), twins && stopServer(twins.plain, "SIGTERM"), before && stopServer(before.plain, "SIGTERM"), ceiling.exited, floor?.exited]);
  rmSync(dir, { recursive: true, force: true });
}
