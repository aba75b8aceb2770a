/**
 * The hot lists (a patient's meetings, a doctor's requests and meetings) read through a statement
 * kept on the read-only connection. drizzle's builder makes the SQL text again on every call and
 * the client shapes every row twice (a named row object, then drizzle's mapping): about a third
 * of a list request's CPU (docs/performance.md). Here the text is built by drizzle once, from the
 * same query, and each row is mapped straight from its values by the query's own columns, so the
 * answer is the one drizzle would give. Transactions and remote databases take drizzle's path.
 */
import { Column, fillPlaceholders, is, sql, type SQL } from "drizzle-orm";
import { keptRowReader, type Reader } from "../client";

type Built<Row> = { toSQL(): { sql: string; params: unknown[] }; all(): Promise<Row[]> };

/**
 * A read with at most one parameter (an owner id, a specialization): `build` makes it with
 * `owner` where that goes (a placeholder when built once for the kept statement, the value itself
 * on drizzle's path). `fields` are what it selects, in order: columns, or SQL such as count().
 */
export function keptList<Row>(fields: Record<string, Column | SQL>, build: (r: Reader, owner: unknown) => Built<Row>) {
  const entries = Object.entries(fields).map(([key, field]) => [key, is(field, Column) ? field : decoderOf(field)] as const);
  let text: { sql: string; params: unknown[] } | undefined;
  return async (r: Reader, owner?: string): Promise<Row[]> => {
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

/** The decoder drizzle maps an SQL field's value with (count() has Number); internal in drizzle's types. */
const decoderOf = (field: SQL) => (field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } }).decoder;
