/** @jsxImportSource react */
/** Small pieces the islands share. */
import { useEffect, useState } from "react";

/** A message region: polite for information, assertive (role=alert) for errors. */
export function Notice({ text, tone = "info" }: { text: string | null; tone?: "info" | "error" | "success" }) {
  if (!text) return null;
  return (
    <p className={`notice notice-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {text}
    </p>
  );
}

/** A notice that disappears after `ms` (SPEC §9: draft notices last 1 second). */
export function useFlash(ms: number): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => setText(null), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return [text, setText];
}

/**
 * Runs `refresh` when the browser shows the page again from its back/forward cache: what the
 * server rendered may be out of date by then (a meeting scheduled, a doctor approved elsewhere).
 */
export function useRefreshOnReturn(refresh: () => void): void {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) refresh();
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, []);
}
