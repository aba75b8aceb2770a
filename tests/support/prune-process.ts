/**
 * Another instance pruning the database at argv[2] (issue 57's test that two servers prune one
 * database at once): the server's prune with batches of argv[4] rows at the clock argv[3] (ms),
 * then prints its counts as JSON.
 */
import { parseEnv } from "../../src/config/env";
import type { Deps } from "../../src/config/deps";
import { openDatabase } from "../../src/db/client";
import { createLogger } from "../../src/observe/log";
import { pruneAll } from "../../src/actions/prune";

const config = parseEnv({ DATABASE_URL: process.argv[2]!, JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long", LOG_LEVEL: "silent" });
const database = await openDatabase(config.databaseUrl);
// What the prune reads of the server's parts: its settings, its database, its clock and its log.
const deps = { config, database, now: () => new Date(Number(process.argv[3])), observe: { log: createLogger(config.log) } } as unknown as Deps;
const pruned = await pruneAll(deps, Number(process.argv[4]));
database.close();
console.log(JSON.stringify(pruned));
