/**
 * How a freed time reaches the waitlist (issue 40 item 5; docs/decisions.md "The waitlist's
 * offers"). In the transaction of the change that frees a doctor's slot (a cancel by either
 * side, a move away from it, an offer declined, left or run out), offerFreedSlot reads the
 * doctor's free slots with that change in them; if the slot is one of them (in the doctor's hours,
 * past the booking notice, overlapping nothing, held by no other offer), it goes to the first
 * open entry that can take it, held WAITLIST_HOLD_MINUTES, and the patient's mail is written in
 * the same transaction (both sent with its COMMIT). The hold needs no timer to hold: the free
 * slots leave out an offered slot until its offer runs out. Passing a run-out offer on is
 * expireOffers' work, which any server process may do: the UPDATE that ends the run-out entries
 * claims them (in a write transaction, one at a time), so with two processes each is passed on once.
 */
import { keepWaitlist } from "./stats";
import type { Tx } from "../db/client";
import { together } from "../db/together";
import { anyOfferRunOut, endRunOutOffers, makeOffer, nextInLine } from "../db/queries/waitlist";
import type { Deps } from "../config/deps";
import { consultationSlot, type Slot } from "../domain/appointment";
import { SLOT_DAYS } from "../domain/availability";
import { offerExpiry } from "../domain/waitlist";
import { waitlistOffered } from "../mail/events";
import { doctorFreeSlots } from "./availability";

/** The entries a transaction has offered a time so far: its later offers (makeOffer is sent at COMMIT) pass them over. */
const offeredIn = new WeakMap<Tx, string[]>();

/**
 * Offers the doctor's slot starting at `start` to the next patient waiting, if it is free now;
 * `mail` ties the offer's mail to the change that freed it (a doctor's change: held for its undo).
 * Its two reads (the free slots with the change in them, who is next) join the caller's
 * `together`, if any: a cancel sends them with its mail's read (src/actions/appointments.ts), and
 * the offer itself goes with the COMMIT, so an offer costs no round trip of its own.
 */
export async function offerFreedSlot(tx: Tx, deps: Deps, doctorId: string, start: Date, now: Date, mail: { appointmentId?: string; hold?: Date } = {}): Promise<void> {
  const slot: Slot = consultationSlot(start, deps.config.consultMinutes);
  if (slot.start.getTime() <= now.getTime()) return;
  const skip = offeredIn.get(tx) ?? [];
  const [free, next] = await Promise.all([doctorFreeSlots(deps, doctorId, SLOT_DAYS.max, tx).catch(() => undefined), nextInLine(tx, doctorId, slot.start, now, skip)]);
  if (next === undefined || free === undefined || free.availability?.instantBooking !== true) return;
  if (!free.slots.some((s) => s.start === slot.start.getTime())) return;
  const expiresAt = offerExpiry(now, deps.config.waitlistHoldMinutes);
  makeOffer(tx, next.id, slot, expiresAt, now);
  keepWaitlist(tx, deps, undefined, { doctorId, offerStart: slot.start, offeredAt: now, endedAt: null, endedWhy: null });
  offeredIn.set(tx, [...skip, next.id]);
  await waitlistOffered(tx, deps, { ...next, start: slot.start, expiresAt }, mail);
}

/**
 * Ends the entries whose offers ran out by now and offers each slot to the next patient waiting
 * (none: it is free again). Safe to call from every server process at any time; a read first,
 * so a process finds nothing to do without a write. The number of offers ended.
 */
export async function expireOffers(deps: Deps): Promise<number> {
  if (!(await anyOfferRunOut(deps.database.db, deps.now()))) return 0;
  return deps.database.write(async (tx) => {
    const now = deps.now();
    const ended = await endRunOutOffers(tx, now);
    for (const { doctorId, slot } of ended) await together(() => offerFreedSlot(tx, deps, doctorId, slot.start, now));
    return ended.length;
  });
}

/** How often each server process looks for run-out offers. */
export const EXPIRY_ROUND_MS = 10_000;

/** Runs expireOffers every EXPIRY_ROUND_MS (errors logged, never thrown); the returned function stops it. */
export function startOfferExpiry(deps: Deps): () => void {
  const round = () => void expireOffers(deps).catch((error: unknown) => deps.observe.log.error({ err: error }, "waitlist: passing on run-out offers failed"));
  const timer = setInterval(round, EXPIRY_ROUND_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
