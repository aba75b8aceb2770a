/**
 * Issue 41's reviews: a doctor's visible rating count and total, the doctor's answer, the admin's
 * hiding, and the admin's list of published reviews. The only SQL behind them.
 */
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { MIN_RATINGS } from "../../domain/rating";
import type { Reader, Tx } from "../client";
import { atCommit } from "../at-commit";
import { appointments, directoryVersion, doctors, feedback, patients } from "../schema";

export type ReviewRow = typeof feedback.$inferSelect;

/**
 * Moves a doctor's visible ratings by `delta`, in the caller's transaction (the one that gives,
 * hides or shows the rating), and the directory version with it: every list that shows doctors
 * (kept per that version) shows the new rating. No trigger does it, since only these use cases
 * write the two columns. Both are sent with the COMMIT (nothing reads them back in the use case):
 * no round trip of their own (issue 43).
 */
export function addToRating(tx: Tx, doctorId: string, delta: { count: number; total: number }): void {
  if (delta.count === 0 && delta.total === 0) return;
  atCommit(
    tx,
    tx
      .update(doctors)
      .set({ ratingCount: sql`${doctors.ratingCount} + ${delta.count}`, ratingTotal: sql`${doctors.ratingTotal} + ${delta.total}` })
      .where(eq(doctors.id, doctorId)),
  );
  atCommit(tx, tx.update(directoryVersion).set({ version: sql`${directoryVersion.version} + 1` }).where(eq(directoryVersion.id, 1)));
}

/** The feedback on an appointment (its unique index), if any. */
export function findReview(r: Reader, appointmentId: string): Promise<ReviewRow | undefined> {
  return r.select().from(feedback).where(eq(feedback.appointmentId, appointmentId)).get();
}

/** Issue 51: the feedback on an appointment, if any, with the doctor's attendance mark of the visit (a no-show's rating does not count). */
export async function findReviewAndMark(r: Reader, appointmentId: string): Promise<{ review: ReviewRow; attended: boolean | null } | undefined> {
  const row = await r
    .select({ review: feedback, attended: appointments.attended })
    .from(feedback)
    .innerJoin(appointments, eq(appointments.id, feedback.appointmentId))
    .where(eq(feedback.appointmentId, appointmentId))
    .get();
  return row;
}

/** The doctor's one answer: written only if none was (false when one was, so two answers never both win). */
export async function saveReply(tx: Tx, id: string, text: string, at: Date): Promise<ReviewRow | undefined> {
  return tx
    .update(feedback)
    .set({ replyText: text, repliedAt: at })
    .where(and(eq(feedback.id, id), isNull(feedback.replyText)))
    .returning()
    .get();
}

/** Hides a review with the admin's reason (`at`), or shows it again (null). */
export async function setReviewHidden(tx: Tx, id: string, hidden: { at: Date; reason: string } | null): Promise<ReviewRow> {
  return (await tx
    .update(feedback)
    .set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null })
    .where(eq(feedback.id, id))
    .returning()
    .get())!;
}

/** A published review as the admin's page lists it: with its doctor and its writer's full name. */
export type PublishedReview = Pick<ReviewRow, "id" | "appointmentId" | "rating" | "replyText" | "hiddenAt" | "hiddenReason" | "createdAt"> & {
  /** null: a rating sent unpublished, whose words stay private (issue 51). */
  message: string | null;
  doctorName: string;
  patientName: string;
};

/**
 * The latest `limit` published reviews of every doctor, and (issue 51) the ratings sent unpublished,
 * newest first (one query); an unpublished one's message is never read (`message` null: private).
 */
export function listPublishedReviews(r: Reader, limit: number): Promise<PublishedReview[]> {
  return r
    .select({
      id: feedback.id,
      appointmentId: feedback.appointmentId,
      message: sql<string | null>`case when ${feedback.published} then ${feedback.message} else null end`,
      rating: feedback.rating,
      replyText: feedback.replyText,
      hiddenAt: feedback.hiddenAt,
      hiddenReason: feedback.hiddenReason,
      createdAt: feedback.createdAt,
      doctorName: doctors.name,
      patientName: patients.name,
    })
    .from(feedback)
    .innerJoin(doctors, eq(doctors.id, feedback.doctorId))
    .innerJoin(patients, eq(patients.id, feedback.patientId))
    .where(or(eq(feedback.published, true), isNotNull(feedback.rating)))
    .orderBy(desc(feedback.createdAt))
    .limit(limit)
    .all();
}

/**
 * src/domain/rating.ts's ratingOf as SQL, for answers SQLite builds as JSON text itself
 * (approvedDoctorsJson): the same operations in the same order on doubles, so the same average
 * (rating.test.ts in src/db/queries checks every count and total against ratingOf).
 */
export const ratingJsonSql = sql`json_object('average', case when ${doctors.ratingCount} >= ${sql.raw(String(MIN_RATINGS))}
  then round(cast(${doctors.ratingTotal} as real) / ${doctors.ratingCount} * 10) / 10.0 else null end, 'count', ${doctors.ratingCount})`;
