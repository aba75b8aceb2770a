/**
 * Free times by day (issues 26 and 52): the booking page's picker (islands/SlotPicker.tsx) and the
 * patient's own move (islands/lib/OwnMove.tsx) show a day, then its times, from the same props: the
 * first start as ISO, then the gaps between starts in ms.
 */
import { dateInZone } from "../../src/domain/time";

/** How many days the select offers. */
export const DAYS_SHOWN = 14;

export type Day = { date: string; starts: string[] };

/** The slots' starts grouped by their date in `zone`, the first DAYS_SHOWN days. */
export function daysOf(from: string, gaps: number[], zone: string): Day[] {
  const days: Day[] = [];
  let at = Date.parse(from);
  if (Number.isNaN(at)) return days;
  for (let i = 0; i <= gaps.length; i++) {
    if (i > 0) at += gaps[i - 1]!;
    const date = dateInZone(at, zone);
    const last = days[days.length - 1];
    if (last?.date === date) last.starts.push(new Date(at).toISOString());
    else if (days.length === DAYS_SHOWN) break;
    else days.push({ date, starts: [new Date(at).toISOString()] });
  }
  return days;
}
