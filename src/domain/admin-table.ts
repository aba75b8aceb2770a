/**
 * The admin table in pages (docs/decisions.md, "Admin table in pages"): ADMIN_PAGE_SIZE doctors
 * a page: registrations waiting for the admin's check first (issue 41), then newest signup first. The server reads a page with SQL in this order
 * (src/db/queries/accounts.ts, doctorsPage); the table's island, which reads every doctor again
 * through the API when the admin comes back to the page, takes its page out of that answer with
 * `adminPageOf`. src/routes/pages/admin-dashboard.test.ts checks that the two agree.
 */

/** Doctors per page: a table an admin can scan, about 10 KB of HTML with brotli. */
export const ADMIN_PAGE_SIZE = 50;

type Listed = { _id: string; createdAt: string; registration?: { number: string | null; verified: boolean; reason: string | null } };

/** A registration the admin has yet to check: sent, not verified, not refused. */
export const registrationWaiting = (d: Listed): boolean => d.registration !== undefined && d.registration.number !== null && !d.registration.verified && d.registration.reason === null;

/**
 * Registrations waiting first, then newest signup first; the same second broken by id, descending
 * (SQL's `registration_waiting desc, created_at desc, id desc`).
 */
export function newestFirst(a: Listed, b: Listed): number {
  const waiting = Number(registrationWaiting(b)) - Number(registrationWaiting(a));
  if (waiting !== 0) return waiting;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a._id === b._id ? 0 : a._id < b._id ? 1 : -1;
}

/** Page `page` (from 1) of `doctors` in the table's order. */
export function adminPageOf<T extends Listed>(doctors: T[], page: number): T[] {
  return [...doctors].sort(newestFirst).slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
}
