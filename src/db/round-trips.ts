/**
 * Round trips to the database, counted where they leave the process. On a libSQL server each
 * statement is a network round trip (issue 43): tests hold every route to a budget with this
 * count, on any kind of database, so a query added to a page shows up before it reaches a remote.
 *
 * What counts as one, as @libsql/client sends it over Hrana: an `execute`, a `batch` (all its
 * statements in one request), an `executeMultiple`; inside an interactive transaction each of
 * those (the BEGIN travels with the first) and the COMMIT or ROLLBACK. An embedded file's kept
 * reads (src/db/client.ts) count one each, as the same read would on a server.
 */
import type { Client, Transaction } from "@libsql/client";

/**
 * Called once per round trip, with what was sent (a statement, its text, or a batch's list); and
 * with `alongside` true for a statement that travels in a trip already counted (an embedded
 * file's kept reads made together, src/db/together.ts): heard, not counted.
 */
export type RoundTrip = (sent?: unknown, alongside?: boolean) => void;

const COUNTED = new Set<PropertyKey>(["execute", "batch", "executeMultiple", "migrate"]);
const ENDING = new Set<PropertyKey>(["commit", "rollback"]);

function counting<T extends object>(target: T, onRoundTrip: RoundTrip, also: Set<PropertyKey>, wrap?: (value: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property);
      if (typeof value !== "function") return value;
      if (COUNTED.has(property) || also.has(property)) {
        return (...args: unknown[]) => {
          onRoundTrip(args[0] ?? property);
          return value.apply(object, args);
        };
      }
      if (property === "transaction" && wrap) {
        return async (...args: unknown[]) => wrap(await value.apply(object, args));
      }
      return value.bind(object);
    },
  });
}

/** `client` with every round trip it makes reported to `onRoundTrip`, its transactions' too. */
export function countRoundTrips(client: Client, onRoundTrip: RoundTrip): Client {
  return counting(client, onRoundTrip, new Set(), (tx) => counting(tx as Transaction, onRoundTrip, ENDING));
}
