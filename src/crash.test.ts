/**
 * Crash safety in CI: bench/crash.ts with a small load. The real server is killed with SIGKILL
 * half-way through a booking load and restarted on the same database; every acknowledged booking
 * and schedule must be there, nothing half-written, integrity_check ok.
 */
import { expect, test } from "bun:test";
import { runCrash } from "../bench/crash";

test("SIGKILL mid-load loses no acknowledged write and leaves nothing half-written", async () => {
  const result = await runCrash({ patients: 30, doctors: 8, killAt: 0.5, loadMs: 15_000 });
  expect(result.problems).toEqual([]);
  expect(result.integrity).toBe("ok");
  expect(result.acknowledgedBookings).toBeGreaterThan(0);
  expect(result.acknowledgedBookings).toBeLessThan(30 * 8);
  expect(result.rows).toBe(result.acknowledgedBookings + result.committedUnacknowledged);
}, 60_000);
