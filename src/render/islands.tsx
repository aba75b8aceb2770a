/**
 * The server side of islands: renders a React island to HTML inside a marker that carries its
 * name and JSON props, and records it so the page loads the client entry only when needed.
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
import LogoutButton from "../../islands/LogoutButton";
import type { IslandName } from "../../islands/names";
import { islandHtml } from "./island-cache";
import PatientMeetings from "../../islands/PatientMeetings";
import PendingAppointments from "../../islands/PendingAppointments";
import ProfileForm from "../../islands/ProfileForm";
import SpecializationSearch from "../../islands/SpecializationSearch";
import ThemeToggle from "../../islands/ThemeToggle";

const COMPONENTS = {
  ThemeToggle,
  AuthForm,
  LogoutButton,
  SpecializationSearch,
  BookingForm,
  PatientMeetings,
  PendingAppointments,
  DoctorMeetings,
  ProfileForm,
  AdminTable,
} satisfies Record<IslandName, ComponentType<any>>;

/**
 * When an island comes alive: `load` with the page; `interaction` at the first key, tap, focus
 * or submit (the page sends no script before that); `passive` only if the page loads the client
 * anyway (the island works as plain HTML, e.g. the theme toggle's form).
 */
export type Hydration = "load" | "interaction" | "passive";

/** What a page's islands need from the document: filled while the body renders. */
export type PageIslands = Map<IslandName, Hydration>;
export const IslandsContext = createContext<PageIslands>(new Map());

type IslandProps<N extends IslandName> = { name: N; props: ComponentProps<(typeof COMPONENTS)[N]>; hydrate?: Hydration };

/** Renders island `name` with `props` (plain JSON) on the server, ready for the client to hydrate. */
export function Island<N extends IslandName>({ name, props, hydrate = "load" }: IslandProps<N>) {
  useIsland(name, hydrate);
  return raw(islandHtml(name, JSON.stringify(props), () => renderToString(createElement(COMPONENTS[name] as ComponentType<any>, props))));
}

/** Records that the page being rendered holds island `name`, for the scripts its document loads. */
export function useIsland(name: IslandName, hydrate: Hydration): void {
  const islands = useContext(IslandsContext);
  const strongest = islands.get(name);
  if (strongest === undefined || rank[hydrate] > rank[strongest]) islands.set(name, hydrate);
}

const rank: Record<Hydration, number> = { passive: 0, interaction: 1, load: 2 };

/** How the page must load the client: on load, at first interaction, or not at all. */
export function clientLoading(islands: PageIslands): Hydration {
  let mode: Hydration = "passive";
  for (const hydrate of islands.values()) if (rank[hydrate] > rank[mode]) mode = hydrate;
  return mode;
}
