/**
 * A signed-in account's lists (a patient's meetings, a doctor's requests, meetings and feedback),
 * kept in memory per account and its lists version (issue 12). The version is a column of the
 * account that triggers raise in the same transaction as any change one of its lists shows
 * (drizzle/0006_lists_triggers.sql), whoever writes; the session reads the account on every
 * request anyway, so a list is read from the database again only once it has changed. The
 * account is read before the list, so a kept list is never older than the version it is kept
 * under. Rows are kept as read: what depends on the clock (a confirmed appointment becoming
 * completed) is derived from them on every request.
 */
import { is } from "drizzle-orm";
import { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import { keptAtVersion, type Versioned } from "../../domain/bounded";
import type { Reader } from "../client";

/** Whose list: an account's id, and its lists version as this request read it (none: read afresh). */
export type ListOwner = { id: string; listsVersion?: number };

/** Lists kept per reader (one database), oldest out beyond this many. */
const MAX_KEPT = 1024;
const keptBy = new WeakMap<Reader, Map<string, Versioned<unknown[]>>>();

/**
 * The rows of `list` for `owner`: kept ones while the owner's lists version is the one they were
 * read under, else `read()` (then kept). Never inside a transaction, which may see its own writes.
 */
export function keptForOwner<Row>(r: Reader, list: string, owner: ListOwner, read: () => Promise<Row[]>): Promise<Row[]> {
  const version = owner.listsVersion;
  if (version === undefined || is(r, SQLiteTransaction)) return read();
  let kept = keptBy.get(r);
  if (kept === undefined) keptBy.set(r, (kept = new Map()));
  return keptAtVersion(kept, MAX_KEPT, `${list}:${owner.id}`, version, read) as Promise<Row[]>;
}
