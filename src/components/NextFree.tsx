/**
 * A doctor card's next free time on the specialization page (issue 26): "Next free: Tue 24 Nov,
 * 09:00 (Europe/Berlin)", or "By request" for a doctor without hours or free time in the window.
 * The cards are kept per directory version with a marker where this goes (nextFreeMarker); the
 * page puts each doctor's line in on every request, as the times depend on the clock.
 */
import { escapeHtml } from "../render/html";

/** What the kept card holds in place of the line. */
export const nextFreeMarker = (doctorId: string) => `<!--next-free:${doctorId.replace(/-->/g, "")}-->`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(ms: number, zone: string): string {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone, timeZoneName: "short" });
    if (formatters.size < 256) formatters.set(zone, f);
  }
  return f.format(ms);
}

/** The line for one doctor (HTML). */
export function nextFreeLine(next: number | undefined, zone: string): string {
  return next === undefined
    ? `<p class="small next-free muted">By request</p>`
    : `<p class="small next-free">Next free: <time datetime="${new Date(next).toISOString()}">${escapeHtml(format(next, zone))}</time></p>`;
}

/** The cards with each doctor's line in place of its marker. */
export function withNextFree(cards: string, next: Map<string, number>, zone: string): string {
  return cards.replace(/<!--next-free:([^>]*?)-->/g, (_, id: string) => nextFreeLine(next.get(id), zone));
}
