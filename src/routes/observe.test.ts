/**
 * The operator's endpoints (issue 30): /healthz, /readyz (503 while the database file cannot be
 * read, or its server is down, or the uploads folder is read-only, 200 again after), and
 * /metrics (only with the token; its counters move with the traffic).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { JPEG_1X1, startHarness, type Harness } from "../../tests/support/harness";

const TOKEN = "metrics-token-for-the-tests-0123";
const isRoot = process.getuid?.() === 0;

/** Whether this process can create a file in `dir`. */
function canWrite(dir: string): boolean {
  try {
    writeFileSync(join(dir, ".probe"), "x");
    rmSync(join(dir, ".probe"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the database file unreadable to this process; returns the undo. Root reads any file
 * whatever its mode, so for root the file is moved aside and a folder put in its place (which
 * cannot be read as a file either); the server's open connections keep the moved file.
 */
function unreadable(file: string): () => void {
  if (!isRoot) {
    chmodSync(file, 0);
    return () => chmodSync(file, 0o600);
  }
  renameSync(file, `${file}.aside`);
  mkdirSync(file);
  return () => {
    rmSync(file, { recursive: true });
    renameSync(`${file}.aside`, file);
  };
}

/** Makes `dir` read-only to this process (for root, also immutable: chattr +i); returns the undo. */
function readOnly(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o555);
  let immutable = false;
  if (canWrite(dir) && Bun.which("chattr")) immutable = Bun.spawnSync(["chattr", "+i", dir]).exitCode === 0;
  if (canWrite(dir)) throw new Error(`cannot make ${dir} read-only here (root without chattr)`);
  return () => {
    if (immutable) Bun.spawnSync(["chattr", "-i", dir]);
    chmodSync(dir, 0o755);
  };
}

describe("probes", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  test("/healthz answers ok, uncached and without a cookie", async () => {
    const res = await h.call("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("/readyz answers 200 with each check while all is well", async () => {
    const res = await h.call("GET", "/readyz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.body.status).toBe("ok");
    for (const name of ["database", "migrations", "uploads"]) {
      expect(res.body.checks[name]).toMatchObject({ ok: true });
      expect(typeof res.body.checks[name].ms).toBe("number");
      expect(typeof res.body.checks[name].detail).toBe("string");
    }
  });

  // On a libSQL server (CAREBOOK_TEST_DB=sqld) the outage is the server stopped, then started again on its data.
  test("/readyz answers 503 while the database file cannot be read (or the server is down), and 200 again after", async () => {
    const sqld = h.sqld;
    const undo = sqld ? (await sqld.halt(), () => sqld.restart()) : unreadable(join(h.dir, "app.db"));
    try {
      const res = await h.call("GET", "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.status).toBe("unavailable");
      expect(res.body.checks.database.ok).toBe(false);
      expect(res.body.checks.database.detail).not.toContain(h.dir); // no paths in a public answer
      expect(res.body.checks.uploads.ok).toBe(true);
    } finally {
      await undo();
    }
    expect((await h.call("GET", "/readyz")).status).toBe(200);
  });

  test("/readyz answers 503 while the uploads folder is read-only, and 200 again after", async () => {
    const undo = readOnly(join(h.dir, "uploads"));
    try {
      const res = await h.call("GET", "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.checks.uploads.ok).toBe(false);
      expect(res.body.checks.database.ok).toBe(true);
    } finally {
      await undo();
    }
    expect((await h.call("GET", "/readyz")).status).toBe(200);
  });

  test("/readyz says so when the database lacks a migration this build carries", async () => {
    const newest = await h.elsewhere('select max("created_at") as m from "__drizzle_migrations"');
    await h.elsewhere('delete from "__drizzle_migrations" where "created_at" = ?', [newest.rows[0]!.m as number]);
    const res = await h.call("GET", "/readyz");
    expect(res.status).toBe(503);
    expect(res.body.checks.migrations.ok).toBe(false);
  });

  test("without METRICS_TOKEN there is no /metrics", async () => {
    expect((await h.call("GET", "/metrics")).status).toBe(404);
  });
});

/** The value of one sample in the exposition text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = line.match(/^([a-z_]+)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => given[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe("/metrics", () => {
  let h: Harness;
  const backups = `/tmp/carebook-metrics-backups-${process.pid}`;
  beforeAll(async () => {
    mkdirSync(backups, { recursive: true });
    const done = join(backups, "carebook-scheduled-2026-01-01T00-00-00-000Z.db");
    writeFileSync(done, "");
    utimesSync(done, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    h = await startHarness({ METRICS_TOKEN: TOKEN, LOGIN_FAILURE_LIMIT: "2", BACKUP_DIR: backups, BACKUP_INTERVAL_HOURS: "24" });
  });
  afterAll(async () => {
    rmSync(backups, { recursive: true, force: true });
    await h.stop();
  });
  const scrape = async () => {
    const res = await h.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text;
  };

  test("is refused without the token, or with another", async () => {
    const none = await h.call("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.text).not.toContain("carebook_");
    const wrong = await h.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN.replace("0", "1")}` } });
    expect(wrong.status).toBe(401);
  });

  test("counts requests by route pattern, method and status class, with their durations", async () => {
    const res = await h.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    const labels = { route: "/healthz", method: "GET", status: "2xx" };
    const before = await scrape();
    for (let i = 0; i < 3; i++) await h.call("GET", "/healthz");
    await h.call("GET", "/api/auth/patient-dashboard/doctors");
    const after = await scrape();
    expect(sample(after, "carebook_http_requests_total", labels) - sample(before, "carebook_http_requests_total", labels)).toBe(3);
    expect(sample(after, "carebook_http_request_duration_seconds_count", labels) - sample(before, "carebook_http_request_duration_seconds_count", labels)).toBe(3);
    expect(sample(after, "carebook_http_requests_total", { route: "/api/auth/patient-dashboard/doctors", method: "GET", status: "4xx" })).toBe(1);
    // The scrape itself is in flight while it is answered.
    expect(sample(after, "carebook_http_requests_in_flight")).toBe(1);
    expect(after).not.toMatch(/route="\/api\/auth\/[^"]*[0-9a-f]{8}-/); // patterns, never ids
  });

  test("counts login refusals by throttle, and picture uploads by outcome with their time", async () => {
    const patient = await h.signupPatient();
    const wrong = { email: patient.email, password: "not-the-password-1" };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await h.call("POST", "/api/auth/loginPatient", { json: wrong })).status);
    expect(statuses).toEqual([401, 401, 429]);

    const stored = await h.call("PUT", "/api/auth/patient-profile", {
      token: patient.token,
      form: h.profileForm({ name: "Pat Patient" }, { bytes: JPEG_1X1, name: "me.jpg", type: "image/jpeg" }),
    });
    expect(stored.status).toBe(200);
    const refused = await h.call("PUT", "/api/auth/patient-profile", {
      token: patient.token,
      form: h.profileForm({ name: "Pat Patient" }, { bytes: new TextEncoder().encode("not a picture at all"), name: "me.jpg", type: "image/jpeg" }),
    });
    expect(refused.status).toBe(415);

    // Refused at the door by its declared length, body unread: a picture upload too large.
    const declared = await h.call("PUT", "/api/auth/patient-profile", {
      token: patient.token,
      raw: "x",
      contentType: "multipart/form-data; boundary=x",
      headers: { "content-length": String(h.deps.config.maxUploadBytes * 2) },
    });
    expect(declared.status).toBe(413);
    // Refused by the role guard: no picture upload at all.
    expect((await h.call("PUT", "/api/auth/patient-profile", { form: h.profileForm({ name: "X" }) })).status).toBe(401);

    const text = await scrape();
    expect(sample(text, "carebook_picture_uploads_total", { outcome: "too_large" })).toBe(1);
    expect(sample(text, "carebook_picture_uploads_total", { outcome: "failed" })).toBe(0);
    expect(sample(text, "carebook_auth_refusals_total", { action: "login", throttle: "account_from_address" })).toBe(1);
    expect(sample(text, "carebook_picture_uploads_total", { outcome: "stored" })).toBe(1);
    expect(sample(text, "carebook_picture_uploads_total", { outcome: "unsupported" })).toBe(1);
    expect(sample(text, "carebook_picture_decode_seconds_count")).toBe(1);
  });

  test("reads the database size, memory, event-loop lag and the last good backup's age", async () => {
    const text = await scrape();
    expect(sample(text, "carebook_database_size_bytes")).toBeGreaterThan(4096);
    expect(sample(text, "carebook_process_memory_bytes", { type: "rss" })).toBeGreaterThan(1_000_000);
    expect(text).toContain('carebook_event_loop_lag_seconds{stat="p99"}');
    expect(sample(text, "carebook_ready", { check: "all" })).toBe(1);
    expect(sample(text, "carebook_ready", { check: "uploads" })).toBe(1);
    const age = sample(text, "carebook_backup_age_seconds");
    expect(age).toBeGreaterThan(3500);
    expect(age).toBeLessThan(3700 + 600);
  });

  test("every metric the Grafana dashboard and the outbox hook name is served", async () => {
    const failed = h.deps.observe.metrics.outbox(() => 3);
    failed.failed();
    const text = await scrape();
    expect(sample(text, "carebook_outbox_depth")).toBe(3);
    expect(sample(text, "carebook_outbox_failures_total")).toBe(1);
    const dashboard = readFileSync(join(import.meta.dir, "..", "..", "docs", "grafana-dashboard.json"), "utf8");
    const named = new Set([...dashboard.matchAll(/carebook_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, "")));
    expect(named.size).toBeGreaterThan(10);
    for (const name of named) expect(text, name).toContain(`# TYPE ${name} `);
  });
});
