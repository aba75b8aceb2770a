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
import type { Client, InArgs, InStatement, ResultSet, Transaction } from "@libsql/client";
import type { RoundTrip } from "./round-trips";

type Waiting = { statement: InStatement; resolve: (result: ResultSet) => void; reject: (error: unknown) => void };
/**
 * The reads of one `together` call: those waiting for the next batch, by where they go (a
 * transaction's reads and the client's never share a batch), and whether this turn's was counted.
 */
type Group = { waiting: Map<Target, Waiting[]>; counted: boolean };

const group = new AsyncLocalStorage<Group>();

/**
 * Runs `reads`, sending the SELECTs it starts in one turn (its `Promise.all`) as one batch.
 * Inside another `together`, its reads join that one's turns: a use case that reads beside a
 * mail's own reads (issue 40: a freed time's offer) sends them in one batch.
 */
export function together<T>(reads: () => Promise<T>): Promise<T> {
  if (group.getStore() !== undefined) return reads();
  return group.run({ waiting: new Map(), counted: false }, reads);
}

const isSelect = (sql: string) => /^\s*select\b/i.test(sql);

/** Where a group's reads go: a client (a read batch) or an open transaction (a batch in it). */
type Target = Pick<Client, "execute"> & { batch(statements: InStatement[]): Promise<ResultSet[]> };

async function send(target: Target, waiting: Waiting[]): Promise<void> {
  try {
    // One read alone goes as it is; several go in one batch (one request).
    const results = waiting.length === 1 ? [await target.execute(waiting[0]!.statement)] : await target.batch(waiting.map((w) => w.statement));
    waiting.forEach((w, i) => w.resolve(results[i]!));
  } catch (error) {
    for (const w of waiting) w.reject(error);
  }
}

/** `target`'s execute, gathering the SELECTs made inside `together` until the turn ends. */
function gathering(target: Target) {
  return (stmtOrSql: InStatement, args?: InArgs): Promise<ResultSet> => {
    const statement = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const current = group.getStore();
    if (current === undefined || !isSelect(statement.sql)) return target.execute(statement);
    return new Promise((resolve, reject) => {
      let waiting = current.waiting.get(target);
      if (waiting === undefined) {
        current.waiting.set(target, (waiting = []));
        setImmediate(() => {
          const turn = current.waiting.get(target) ?? [];
          current.waiting.delete(target);
          void send(target, turn);
        });
      }
      waiting.push({ statement, resolve, reject });
    });
  };
}

/** `object` with `execute` replaced (and, given `transaction`, its transactions wrapped by it). */
function withExecute<T extends object>(object: T, execute: unknown, transaction?: (value: Function) => unknown): T {
  return new Proxy(object, {
    get(target, property) {
      if (property === "execute") return execute;
      const value = Reflect.get(target, property);
      if (property === "transaction" && transaction && typeof value === "function") return transaction(value.bind(target));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * `client` whose SELECTs made inside `together` wait for the turn to end and go as one batch: a
 * read-only batch outside a transaction; inside one (its reads see its writes), a batch in it.
 */
export function sendingTogether(client: Client): Client {
  const reads: Target = { execute: (s) => client.execute(s), batch: (statements) => client.batch(statements, "read") };
  return withExecute(client, gathering(reads), (open) => async (...args: unknown[]) => {
    const tx = (await (open as (...a: unknown[]) => Promise<Transaction>)(...args)) as Transaction;
    return withExecute(tx, gathering({ execute: (s) => tx.execute(s), batch: (statements) => tx.batch(statements) }));
  });
}

/**
 * `onRoundTrip` for reads that answer at once: inside `together`, the reads of one turn count
 * once; the others are heard alongside (the query-plan test plans every statement).
 */
export function countedTogether(onRoundTrip: RoundTrip): RoundTrip {
  return (sent) => {
    const current = group.getStore();
    if (current === undefined) return onRoundTrip(sent);
    if (current.counted) return onRoundTrip(sent, true);
    current.counted = true;
    setImmediate(() => (current.counted = false));
    onRoundTrip(sent);
  };
}
