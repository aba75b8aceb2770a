/**
 * What an app reports about itself (issue 30): its logger, its metrics and its readiness checks,
 * built once by boot() beside the database and passed to every part as `deps.observe`.
 */
import type { Config } from "../config/env";
import type { Database } from "../db/client";
import { databaseBytes } from "../db/queries/health";
import { lastGoodBackupAt } from "../backup/schedule";
import { createLogger, type DestinationStream, type Logger } from "./log";
import { createMetrics, noMetrics, type Metrics } from "./metrics";
import { createReadiness, type Readiness } from "./readiness";

export type Observe = { log: Logger; metrics: Metrics; readiness: Readiness };

export type ObserveOptions = {
  /** Where the log lines go instead of stdout (tests capture them). */
  logTo?: DestinationStream;
};

const startedAt = Date.now();

/** The logger, metrics (kept only with METRICS_TOKEN) and readiness checks of an app on `database`. */
export function createObserve(config: Config, database: Database, migrationsDir: string, options: ObserveOptions = {}): Observe {
  const backups = config.backup.intervalHours > 0 ? config.backup.dir : undefined;
  const readiness = createReadiness(config, database, migrationsDir);
  const metrics =
    config.metricsToken === undefined
      ? noMetrics
      : createMetrics({
          databaseBytes: () => databaseBytes(database),
          backupAgeSeconds: backups === undefined ? undefined : () => (Date.now() - (lastGoodBackupAt(backups) ?? startedAt)) / 1000,
          readiness: async () => Object.fromEntries(Object.entries((await readiness.run()).checks).map(([name, check]) => [name, check.ok])),
        });
  return { log: createLogger(config.log, options.logTo), metrics, readiness };
}
