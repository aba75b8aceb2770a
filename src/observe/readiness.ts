/**
 * GET /readyz's checks: the database answers a read within a second (and, for an embedded file,
 * the file at DATABASE_URL can still be opened and read), every migration this build carries is
 * applied, and a picture could be stored. Other parts add theirs with `add` (the outbox, when
 * mail exists: issue 25). Probes that arrive while a round runs share its answer, so a burst of
 * probes costs one round.
 */
import { open } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/env";
import type { Database } from "../db/client";
import { appliedMigrations } from "../db/queries/health";
import { storageProbe } from "../storage/probe";

export type CheckResult = { ok: boolean; ms: number; detail: string };
export type ReadinessReport = { ok: boolean; checks: Record<string, CheckResult> };
/** A check resolves with what it saw, or throws (or rejects) with what is wrong. */
export type Check = { run: () => Promise<string>; timeoutMs: number };

export type Readiness = {
  run(): Promise<ReadinessReport>;
  /** Adds a check under `name` (e.g. "outbox": not stuck). */
  add(name: string, run: () => Promise<string>, timeoutMs?: number): void;
};

const DATABASE_MS = 1000;
const OTHER_MS = 2000;
const SQLITE_HEADER = "SQLite format 3\0";

/** The newest migration's time (drizzle's folderMillis) in the journal this build carries. */
function newestMigration(migrationsDir: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Opens the embedded database's file afresh and reads its header: the server's open connections would not notice it gone or unreadable. */
async function readHeader(path: string): Promise<void> {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    if (bytesRead < 16 || buffer.toString("latin1") !== SQLITE_HEADER) throw new Error("the file is not an SQLite database");
  } finally {
    await file.close();
  }
}

/** An error in a few plain words for a public answer: its code, or its message without paths. */
function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === "string" ? `${code}: ` : "") + message.replace(/'[^']*'|"[^"]*"|(?:\/[\w.-]+)+/g, "…").slice(0, 200);
}

async function timed({ run, timeoutMs }: Check): Promise<CheckResult> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const detail = await Promise.race([run(), late]);
    const ms = Math.round(performance.now() - started);
    // A synchronous read (the embedded file's) cannot be cut off: judge it by the time it took.
    if (ms > timeoutMs) return { ok: false, ms, detail: `answered after ${ms} ms (limit ${timeoutMs} ms)` };
    return { ok: true, ms, detail };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), detail: reason(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness checks of a server on `database` with `config`; `migrationsDir` holds the migrations it carries. */
export function createReadiness(config: Config, database: Database, migrationsDir: string): Readiness {
  const expected = newestMigration(migrationsDir);
  const file = config.databaseUrl.startsWith("file:") ? config.databaseUrl.slice("file:".length).split("?")[0]! : undefined;
  const canStore = storageProbe(config);
  const checks = new Map<string, Check>([
    [
      "database",
      {
        timeoutMs: DATABASE_MS,
        run: async () => {
          if (file !== undefined && file !== "" && file !== ":memory:") await readHeader(file);
          await appliedMigrations(database);
          return "read answered";
        },
      },
    ],
    [
      "migrations",
      {
        timeoutMs: DATABASE_MS,
        run: async () => {
          const applied = await appliedMigrations(database);
          if (applied === undefined || applied.newest < expected) throw new Error(`not applied: the database's newest migration is older than this build's`);
          return `${applied.count} applied`;
        },
      },
    ],
    [
      "uploads",
      {
        timeoutMs: OTHER_MS,
        run: async () => {
          await canStore();
          return config.s3 ? "bucket writable" : "folder writable";
        },
      },
    ],
  ]);

  let running: Promise<ReadinessReport> | undefined;
  async function round(): Promise<ReadinessReport> {
    const names = [...checks.keys()];
    const results = await Promise.all(names.map((name) => timed(checks.get(name)!)));
    const report: ReadinessReport = { ok: results.every((r) => r.ok), checks: {} };
    names.forEach((name, i) => (report.checks[name] = results[i]!));
    return report;
  }
  return {
    run() {
      running ??= round().finally(() => (running = undefined));
      return running;
    },
    add(name, run, timeoutMs = OTHER_MS) {
      checks.set(name, { run, timeoutMs });
    },
  };
}
