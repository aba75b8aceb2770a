/**
 * Reads sent together (issue 43). A page reads several lists after its session; on a libSQL
 * server each would be a round trip of its own. Inside `together`, the SELECTs started before
 * the first answer comes (the reads of one `Promise.all`) are kept and sent as one read batch,
 * one round trip, and each read gets its own answer; the reads also see one snapshot. Nothing
 * changes for the code that reads: it builds and awaits its queries as anywhere else.
 *
 * An embedded file's reads answer at once from kept statements (src/db/client.ts); they are
 * counted as the server would send them: one round trip for the reads of one turn.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import type { RoundTrip } from "./round-trips";

type Waiting = { statement: InStatement; resolve: (result: ResultSet) => void; reject: (error: unknown) => void };
/** The reads of one `together` call: those waiting for the next batch, and whether this turn's was counted. */
type Group = { waiting: Waiting[]; counted: boolean };

const group = new AsyncLocalStorage<Group>();

/** Runs `reads`, sending the SELECTs it starts in one turn (its `Promise.all`) as one batch. */
export function together<T>(reads: () => Promise<T>): Promise<T> {
  return group.run({ waiting: [], counted: false }, reads);
}

const isSelect = (sql: string) => /^\s*select\b/i.test(sql);

async function send(client: Client, waiting: Waiting[]): Promise<void> {
  try {
    // One read alone goes as it is; several go in one batch (a read-only transaction, one request).
    const results = waiting.length === 1 ? [await client.execute(waiting[0]!.statement)] : await client.batch(waiting.map((w) => w.statement), "read");
    waiting.forEach((w, i) => w.resolve(results[i]!));
  } catch (error) {
    for (const w of waiting) w.reject(error);
  }
}

/** `client` whose SELECTs made inside `together` wait for the turn to end and go as one batch. */
export function sendingTogether(client: Client): Client {
  const execute = (stmtOrSql: InStatement, args?: InArgs): Promise<ResultSet> => {
    const statement = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const current = group.getStore();
    if (current === undefined || !isSelect(statement.sql)) return client.execute(statement);
    return new Promise((resolve, reject) => {
      if (current.waiting.length === 0) {
        setImmediate(() => {
          const waiting = current.waiting;
          current.waiting = [];
          void send(client, waiting);
        });
      }
      current.waiting.push({ statement, resolve, reject });
    });
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "execute") return execute;
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `onRoundTrip` for reads that answer at once: inside `together`, the reads of one turn count once. */
export function countedTogether(onRoundTrip: RoundTrip): RoundTrip {
  return (sent) => {
    const current = group.getStore();
    if (current === undefined) return onRoundTrip(sent);
    if (current.counted) return;
    current.counted = true;
    setImmediate(() => (current.counted = false));
    onRoundTrip(sent);
  };
}
