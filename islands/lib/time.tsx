/** @jsxImportSource react */
/**
 * Dates in the viewer's time zone. The server renders with the account's zone (chosen on the
 * profile, or reported by a browser), else the one this browser reported (a cookie), else UTC;
 * only while the account has none does the browser's own zone win after hydration.
 */
import { useEffect, useState } from "react";
import { formatDateTime } from "../../src/domain/time";
import { LOCALES, type Lang } from "../../src/domain/i18n";
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

/**
 * A zone as a sentence names it: English keeps the IANA name ("Europe/Berlin"); other languages
 * get the runtime's long name in their own words (Hindi: "मध्य यूरोपीय मानक समय").
 */
export function zoneName(zone: string, lang: Lang): string {
  if (lang === "en") return zone;
  try {
    const name = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, timeZoneName: "long" }).formatToParts(Date.now()).find((p) => p.type === "timeZoneName")?.value;
    return name ?? zone;
  } catch {
    return zone;
  }
}
