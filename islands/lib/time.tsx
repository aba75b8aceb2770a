/** @jsxImportSource react */
/**
 * Dates in the viewer's own time zone, with the zone named. The server renders with the zone the
 * browser reported earlier (a cookie), or UTC; after hydration the browser's own zone wins.
 */
import { useEffect, useState } from "react";

// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it
// (most of a server render of a list of meetings, docs/performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formats an ISO time as e.g. "Tue, 1 Dec 2026, 10:00 CET" in `timeZone`. */
export function formatDateTime(iso: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) formatters.set(timeZone, (formatter = zoneFormatter(timeZone)));
  return formatter.format(new Date(iso));
}

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
}

/** The zone the server rendered with, until hydration; then the browser's own. */
export function useViewerZone(rendered: string): string {
  const [zone, setZone] = useState(rendered);
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser && browser !== zone) setZone(browser);
  }, []);
  return zone;
}

export function LocalTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const zone = useViewerZone(timeZone);
  return <time dateTime={iso}>{formatDateTime(iso, zone)}</time>;
}
