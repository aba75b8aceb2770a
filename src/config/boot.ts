/**
 * Turns a Config into running parts: database (migrated), signing key, picture storage.
 * Shared by the server, the admin command and the tests, so all three start the same way.
 */
import { dirname, resolve } from "node:path";
import { MIGRATIONS_DIR } from "./assets";
import { loadJwtSecret } from "../auth/secret";
import { migrateDatabase, openDatabase } from "../db/client";
import type { RoundTrip } from "../db/round-trips";
import type { Deps } from "./deps";
import type { Config } from "./env";
import { imageStorage } from "../storage/images";
import { createObserve, type ObserveOptions } from "../observe/observe";

/** Where generated state lives: the embedded database's folder, or ./data for a remote database. */
export function dataDir(config: Config): string {
  if (!config.databaseUrl.startsWith("file:")) return resolve("data");
  return dirname(resolve(config.databaseUrl.slice("file:".length).split("?")[0]!));
}

/** Opens and migrates the database and builds everything createApp needs. */
export async function boot(config: Config, options: ObserveOptions & { onRoundTrip?: RoundTrip } = {}): Promise<Deps> {
  // The same migrations on every kind of database; in the binary they are embedded (assets.ts).
  // An edge node (an embedded replica) applies them to its primary directly, then opens its copy:
  // written through the replica, sqld would rewrite each statement's text (the schema would no
  // longer match the one `restore` checks against), and a retry would read a stale copy.
  if (config.databaseReplica) await migratePrimary(config.databaseReplica.syncUrl, config.databaseAuthToken);
  const database = await openDatabase(config.databaseUrl, config.databaseAuthToken, config.databaseReplica, options.onRoundTrip);
  if (!config.databaseReplica) await migrateDatabase(database, MIGRATIONS_DIR);
  return {
    config,
    database,
    keys: { secret: loadJwtSecret(config.jwtSecret, dataDir(config)), ttlHours: config.tokenTtlHours },
    storage: imageStorage(config),
    now: () => new Date(),
    observe: createObserve(config, database, MIGRATIONS_DIR, options),
  };
}

/** Migrates the primary at `url` over a connection of its own, closed afterwards. */
async function migratePrimary(url: string, authToken?: string): Promise<void> {
  const primary = await openDatabase(url, authToken);
  try {
    await migrateDatabase(primary, MIGRATIONS_DIR);
  } finally {
    primary.close();
  }
}
