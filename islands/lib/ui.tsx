/** @jsxImportSource react */
/** Small pieces the islands share. */
import { Fragment, createElement, useEffect, useRef, useState, type ReactNode } from "react";
import type { Translate, Values } from "../../src/domain/i18n";
import { NOTICE_ID } from "../../src/domain/notice";

type NoticeProps = {
  text: string | null;
  tone?: "info" | "error" | "success";
  /** A passing word (a draft loaded) rather than the result of a post: never the page's #notice, never focused. */
  passing?: boolean;
  /** What follows the text inside the notice (a link to where the result is). */
  children?: ReactNode;
  /** Another id, for a message a field names (aria-describedby) once it is no longer the page's first result. */
  id?: string;
};

/**
 * A message region: polite for information, assertive (role=alert) for errors. The result of a
 * post is the page's #notice (src/domain/notice.ts): a form's redirect opens the page there and
 * the page focuses it as it loads; live, a new result takes the focus, and with it the view,
 * unless the person is typing in a field (a message beside that field is in view already).
 */
export function Notice({ text, tone = "info", passing = false, children, id }: NoticeProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = useRef(text);
  useEffect(() => {
    // The text it was drawn with (hydration) was focused by the page already, if at all.
    if (passing || !text || text === shown.current) return void (shown.current = text);
    shown.current = text;
    const typing = document.activeElement?.matches("input:not([type=submit]), textarea, select") ?? false;
    if (!typing) ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: typing ? "nearest" : "start" });
  }, [text, passing]);
  if (!text) return null;
  return (
    <p
      ref={ref}
      id={id ?? (passing ? undefined : NOTICE_ID)}
      tabIndex={passing ? undefined : -1}
      className={`notice notice-${tone}`}
      role={tone === "error" ? "alert" : "status"}
    >
      {text}
      {children && <> {children}</>}
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
