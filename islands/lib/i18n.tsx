/** @jsxImportSource react */
/**
 * An island's messages: the island's share of the catalog (src/i18n/catalog.ts,
 * islandMessagesJson) is built into a JSON file per language, whose address the server puts with
 * the page's language beside its props; both the server render and the client's hydration (once
 * it has fetched the file) wrap the island in <Messages>, so any part of it reads them with useT().
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { translatorOf, type Lang, type Translate } from "../../src/domain/i18n";

type Shared = { t: Translate; lang: Lang };

const MessagesContext = createContext<Shared>({ t: (key) => key, lang: "en" });

/** What the server adds to an island's props: the address of its messages (a built JSON file) and the page's language. */
export type IslandMessages = { $m: string; $lang: Lang };

export function Messages({ m, lang, children }: { m: Record<string, string>; lang: Lang; children?: ReactNode }) {
  const value = useMemo(() => ({ t: translatorOf(m, lang), lang }), [m, lang]);
  return createElement(MessagesContext.Provider, { value }, children);
}

/** The island's translator: `t("BookingForm.submit")`, `t("story.count", { count })`. */
export const useT = (): Translate => useContext(MessagesContext).t;
/** The page's language (for Intl formatting of dates and numbers). */
export const useLang = (): Lang => useContext(MessagesContext).lang;
