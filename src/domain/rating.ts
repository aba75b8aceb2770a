/**
 * A doctor's public rating (issue 41): the average of the visible ratings to one decimal, shown
 * only from MIN_RATINGS on, so that one angry rating cannot define a doctor. The count and total
 * live on the doctor's row (kept in the transaction that gives, hides or shows a rating). Pure.
 */
export const MIN_RATINGS = 3;

export interface Rating {
  /** null below MIN_RATINGS visible ratings */
  average: number | null;
  count: number;
}

export function ratingOf(row: { ratingCount: number; ratingTotal: number }): Rating {
  const count = row.ratingCount;
  if (count < MIN_RATINGS) return { average: null, count };
  return { average: Math.round((row.ratingTotal / count) * 10) / 10, count };
}
