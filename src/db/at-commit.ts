/**
 * Writes a transaction sends with its COMMIT (issue 43). On a libSQL server each statement of an
 * interactive transaction is a round trip, and so is the COMMIT; rows a use case writes but never
 * reads back (its audit event, its mails, a session row) are kept instead and sent together with
 * the COMMIT as one batch: one round trip for all of them. When the transaction has sent nothing
 * yet, the BEGIN rides in the same batch, so a transaction of kept writes only is one round trip.
 * A kept write that fails fails the batch before its COMMIT, and the whole transaction rolls back.
 */
import type { Client, InStatement, InValue, Transaction } from "@libsql/client";

/** A statement drizzle has built but not run: a query builder, not awaited. */
export type Built = { toSQL(): { sql: string; params: unknown[] } };

/** What drizzle's transaction object holds: its session, and the session's libSQL transaction. */
type DrizzleTx = { session?: { tx?: Transaction } };

/** Kept statements, by the libSQL transaction they will commit with. */
const kept = new WeakMap<Transaction, InStatement[]>();

/** Work to run at the end of a use case, before its COMMIT, by drizzle transaction. */
const hooks = new WeakMap<object, (() => Promise<void>)[]>();

function libsqlTransaction(tx: object): Transaction {
  const raw = (tx as DrizzleTx).session?.tx;
  if (raw === undefined) throw new Error("atCommit needs a write transaction (database.write)");
  return raw;
}

/**
 * Sends `query` with `tx`'s COMMIT rather than now, in the order kept. Only for a write whose
 * result nothing in the transaction reads: a later read in `tx` does not see it.
 */
export function atCommit(tx: object, query: Built): void {
  const raw = libsqlTransaction(tx);
  const { sql, params } = query.toSQL();
  const statement = { sql, args: params as InValue[] };
  const list = kept.get(raw);
  if (list === undefined) kept.set(raw, [statement]);
  else list.push(statement);
}

/**
 * Runs `work` at the end of `tx`, after the use case and before its COMMIT (in order, once each):
 * rows a use case gathers on the way (its mails) go in one statement, kept for the COMMIT.
 */
export function beforeCommit(tx: object, work: () => Promise<void>): void {
  const list = hooks.get(tx);
  if (list === undefined) hooks.set(tx, [work]);
  else list.push(work);
}

/** Runs the work `beforeCommit` gathered for `tx` (database.write calls it as the use case ends). */
export async function runBeforeCommit(tx: object): Promise<void> {
  const list = hooks.get(tx);
  if (list === undefined) return;
  hooks.delete(tx);
  for (const work of list) await work();
}

/**
 * `client` whose transactions commit with their kept statements: one batch, the COMMIT its last
 * statement (run only if every one before it succeeded), then the transaction is closed.
 */
export function committingKept(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property !== "transaction") return typeof value === "function" ? value.bind(target) : value;
      return async (...args: Parameters<Client["transaction"]>) => {
        const raw = await target.transaction(...args);
        const wrapped: Transaction = new Proxy(raw, {
          get(object, name) {
            const member = Reflect.get(object, name);
            if (name === "commit") {
              return async () => {
                const list = kept.get(wrapped);
                if (list === undefined) return object.commit();
                kept.delete(wrapped);
                await object.batch([...list, "COMMIT"]);
                object.close();
              };
            }
            if (name === "rollback") {
              return () => {
                kept.delete(wrapped);
                return object.rollback();
              };
            }
            return typeof member === "function" ? member.bind(object) : member;
          },
        });
        return wrapped;
      };
    },
  });
}
