/** @jsxImportSource react */
/**
 * Dates in the viewer's time zone. The server renders with the account's zone (chosen on the
 * profile, or reported by a browser), else the one this browser reported (a cookie), else the
 * deployment's default (DEFAULT_TIME_ZONE);
 * only while the account has none does the browser's own zone win after hydration.
 */
import { useEffect, useState } from "react";
import { formatDateTime } from "../../src/domain/time";
import { zoneName } from "../../src/domain/zones";
import { useLang } from "./i18n";

export { formatDateTime };

/** Whether the page says the account has no zone of its own yet (src/render/Document.tsx). */
export const zoneUnset = () => typeof document !== "undefined" && document.body.hasAttribute("data-zone-unset");

/** The zone the server rendered with; the browser's own once live, if the account has none. */
export function useViewerZone(rendered: string): string {
  const [zone, setZone] = useState(rendered);
  useEffect(() => {
    if (!zoneUnset()) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser && browser !== zone) setZone(browser);
  }, []);
  return zone;
}

export function LocalTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const zone = useViewerZone(timeZone);
  return <time dateTime={iso}>{formatDateTime(iso, zone, useLang())}</time>;
}

/** A zone named for people, as every page names it (src/domain/zones.ts: never an IANA id, issue 52). */
export { zoneName };
