/**
 * The server side of islands: renders a React island to HTML inside a marker that carries its
 * name and JSON props, and records it so the page carries the loader only when needed.
 */
import type { ComponentProps, ComponentType } from "react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createContext, useContext } from "hono/jsx";
import { raw } from "hono/html";
import AdminTable from "../../islands/AdminTable";
import AuthForm from "../../islands/AuthForm";
import BookingForm from "../../islands/BookingForm";
import DoctorMeetings from "../../islands/DoctorMeetings";
import type { IslandName } from "../../islands/names";
import { islandHtml } from "./island-cache";
import { clientManifest } from "./client-assets";
import { islandMessagesJson } from "../i18n/catalog";
import { useT } from "./lang";
import { Messages } from "../../islands/lib/i18n";
import PatientMeetings from "../../islands/PatientMeetings";
import PendingAppointments from "../../islands/PendingAppointments";
import ProfileForm from "../../islands/ProfileForm";
import SlotPicker from "../../islands/SlotPicker";
import SpecializationSearch from "../../islands/SpecializationSearch";
import ThemeToggle from "../../islands/ThemeToggle";

const COMPONENTS = {
  ThemeToggle,
  AuthForm,
  SpecializationSearch,
  BookingForm,
  SlotPicker,
  PatientMeetings,
  PendingAppointments,
  DoctorMeetings,
  ProfileForm,
  AdminTable,
} satisfies Record<IslandName, ComponentType<any>>;

/**
 * When an island comes alive: `interaction` at the first sign of intent to use it (a pointer
 * pressed, focus, a key, a mouse over it; the page's loader, src/render/client-assets.ts);
 * `passive` only once the code is there for another island or from an earlier visit (the island
 * works as plain HTML, e.g. the theme toggle's form).
 */
export type Hydration = "interaction" | "passive";

/** What a page's islands need from the document: filled while the body renders. */
export type PageIslands = Map<IslandName, Hydration>;
export const IslandsContext = createContext<PageIslands>(new Map());

type IslandProps<N extends IslandName> = { name: N; props: ComponentProps<(typeof COMPONENTS)[N]>; hydrate?: Hydration };

/** Renders island `name` with `props` (plain JSON) on the server, ready for the client to hydrate. */
export function Island<N extends IslandName>({ name, props, hydrate = "interaction" }: IslandProps<N>) {
  useIsland(name, hydrate);
  const t = useT();
  const messages = islandMessagesJson(name, t.lang);
  return raw(
    islandHtml(
      name,
      JSON.stringify(props),
      () => renderToString(createElement(Messages, { m: JSON.parse(messages), lang: t.lang }, createElement(COMPONENTS[name] as ComponentType<any>, props))),
      { lang: t.lang, url: clientManifest().messages[name][t.lang] },
    ),
  );
}

/** Records that the page being rendered holds island `name`, for the scripts its document loads. */
export function useIsland(name: IslandName, hydrate: Hydration): void {
  const islands = useContext(IslandsContext);
  const strongest = islands.get(name);
  if (strongest === undefined || rank[hydrate] > rank[strongest]) islands.set(name, hydrate);
}

const rank: Record<Hydration, number> = { passive: 0, interaction: 1 };

/** Whether the page needs the loader at all: only for an island that asks for its code (a page of passive islands works as HTML). */
export function needsLoader(islands: PageIslands): boolean {
  for (const hydrate of islands.values()) if (hydrate === "interaction") return true;
  return false;
}

/** The page's passive islands, for the loader (they come alive with the code, never call for it). */
export function passiveIslands(islands: PageIslands): IslandName[] {
  return [...islands].filter(([, hydrate]) => hydrate === "passive").map(([name]) => name);
}
