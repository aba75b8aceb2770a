/**
 * A doctor card's next free time on the specialization page (issue 26): "Next free: Tue 24 Nov,
 * 09:00 (Europe/Berlin)", marked "Instant booking" when the doctor takes bookings at once (issue
 * 40), or "By request" for a doctor without hours or free time in the window.
 * Part of the doctor's card (src/components/DoctorCard.tsx), read with the clock on every request.
 */
import { escapeHtml } from "../render/html";
import { LOCALES, type Lang } from "../domain/i18n";
import type { T } from "../i18n/catalog";
import type { NextFree } from "../domain/availability";
import { shortZoneNamed } from "../domain/time";

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(ms: number, zone: string, lang: Lang): string {
  const id = `${zone}\u0000${lang}`;
  let f = formatters.get(id);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(LOCALES[lang], { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone, timeZoneName: "short" });
    if (formatters.size < 256) formatters.set(id, f);
  }
  return shortZoneNamed(f.format(ms), zone);
}

/** The line for one doctor (HTML), in `t`'s language. */
export function nextFreeLine(next: NextFree | undefined, zone: string, t: T): string {
  if (next === undefined) return `<p class="small next-free muted">${escapeHtml(t("patient.spec.byRequest"))}</p>`;
  const instant = next.instant ? `<span class="badge instant-booking">${escapeHtml(t("patient.spec.instant"))}</span> ` : "";
  return `<p class="small next-free">${instant}${escapeHtml(t("patient.spec.nextFree"))} <time datetime="${new Date(next.start).toISOString()}">${escapeHtml(format(next.start, zone, t.lang))}</time></p>`;
}
