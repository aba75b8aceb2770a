/**
 * Issue 45: `bun run bench:signed-in` runs to its end at whatever hour `bun test` runs (it used to
 * stop with "slots row: only 198 slots to fill" in the evenings). A quick run: the slots row
 * (planned from bench/plan.ts), the patient-meetings row (planned by bench/seed.ts, measured at
 * two sizes) and the two writes (planned from bench/plan.ts too, 8 patients each), runs under a
 * second with no warm-ups (autocannon then sends 8 requests a connection rather than a whole
 * second of load), a few thousand appointments, no twins: about 7 CPU-seconds in 14 s, where
 * whole-second runs took 33. BENCH_ONLY keeps docs/performance.md untouched. The server cannot be
 * told a clock (Deps.now is the real one outside a test's own process), so the moved clock is
 * bench-plan.test.ts's.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../bench/server";
import { WRITE_ROWS } from "../../bench/write-rows";

const ROWS = ["GET free slots (14 days of hours, 200 confirmed)", "GET patient-meetings (40 listed)", ...Object.values(WRITE_ROWS)];

test(
  "bench:signed-in in its quick form exits 0 and prints its rows",
  async () => {
    const docs = readFileSync(join(ROOT, "docs", "performance.md"), "utf8");
    const run = Bun.spawn(["bun", "bench/signed-in.ts"], {
      cwd: ROOT,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...process.env,
        BENCH_SECONDS: "0.25",
        BENCH_OBSERVE: "off",
        BENCH_ONLY: "free slots|GET patient-meetings|POST",
        BENCH_WRITES: "8",
        BENCH_APPOINTMENTS: "5000",
        BENCH_INSTALL: "off",
      },
    });
    const [out, err, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    expect(err).not.toMatch(/error/i);
    expect(code).toBe(0);
    for (const row of ROWS) {
      expect(out).toMatch(new RegExp(`^${RegExp.escape(row)}: \\d+ req/s`, "m")); // as it is measured
      expect(out).toMatch(new RegExp(`^\\| ${RegExp.escape(row)} \\| \\d+ \\|`, "m")); // in the table
    }
    expect(out).toContain("Seeded: 2,000 doctors, 5000 appointments");
    expect(readFileSync(join(ROOT, "docs", "performance.md"), "utf8")).toBe(docs);
  },
  120_000,
);
