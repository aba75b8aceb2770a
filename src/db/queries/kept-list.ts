/**
 * The hot lists (a patient's meetings, a doctor's requests and meetings) read through a statement
 * kept on the read-only connection. drizzle's builder makes the SQL text again on every call and
 * the client shapes every row twice (a named row object, then drizzle's mapping): about a third
 * of a list request's CPU (docs/performance.md). Here the text is built by drizzle once, from the
 * same query, and each row is mapped straight from its values by the query's own columns, so the
 * answer is the one drizzle would give. Transactions and remote databases take drizzle's path.
 */
import { fillPlaceholders, sql, type Column } from "drizzle-orm";
import { keptRowReader, type Reader } from "../client";

type Built<Row> = { toSQL(): { sql: string; params: unknown[] }; all(): Promise<Row[]> };

/**
 * A list query with one owner id: `build` makes it with `owner` in its where clause (a
 * placeholder when built once for the kept statement, the id itself on drizzle's path). `fields`
 * are the columns it selects, in order.
 */
export function keptList<Row>(fields: Record<string, Column>, build: (r: Reader, owner: unknown) => Built<Row>) {
  const entries = Object.entries(fields);
  let text: { sql: string; params: unknown[] } | undefined;
  return async (r: Reader, owner: string): Promise<Row[]> => {
    const read = keptRowReader(r);
    if (read === undefined) return build(r, owner).all();
    text ??= build(r, sql.placeholder("owner")).toSQL();
    const rows = read(text.sql, fillPlaceholders(text.params, { owner }) as never[]);
    return rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < entries.length; i++) {
        const value = values[i];
        row[entries[i]![0]] = value === null || value === undefined ? null : entries[i]![1].mapFromDriverValue(value);
      }
      return row as Row;
    });
  };
}
