/** @jsxImportSource react */
/** Small pieces the islands share. */
import { Fragment, createElement, useEffect, useState, type ReactNode } from "react";
import type { Translate, Values } from "../../src/domain/i18n";

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

/**
 * A message with parts of its own: `nodes` names the values that are elements (a <strong>, a
 * <time>) or text set apart (a name, a reason: its own text node, as when written beside the
 * words in JSX), placed where the language's pattern puts them; `values` are written into the text.
 */
export function withNodes(t: Translate, key: string, values: Values, nodes: Record<string, ReactNode>): ReactNode[] {
  const names = Object.keys(nodes);
  const marked = t(key, { ...values, ...Object.fromEntries(names.map((name, i) => [name, `\u0000${i}\u0000`])) });
  return marked
    .split("\u0000")
    .map((part, i) => {
      if (i % 2 === 0) return part;
      const node = nodes[names[Number(part)]!];
      return typeof node === "string" ? node : createElement(Fragment, { key: i }, node);
    })
    .filter((part) => part !== "");
}
