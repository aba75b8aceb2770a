/**
 * The server side of islands: renders a React island to HTML inside a marker that carries its
 * name and JSON props, and records it so the page loads the client entry only when needed.
 */
import type { ComponentProps, ComponentType } from "react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createContext, useContext } from "hono/jsx";
import { raw } from "hono/html";
import AdminTable from "../islands/AdminTable";
import AuthForm from "../islands/AuthForm";
import BookingForm from "../islands/BookingForm";
import DoctorMeetings from "../islands/DoctorMeetings";
import LogoutButton from "../islands/LogoutButton";
import type { IslandName } from "../islands/names";
import { islandHtml } from "./island-cache";
import { setBounded } from "./bounded";
import { nextStatusChange, type AppointmentStatus } from "./domain/appointment";
import PatientMeetings from "../islands/PatientMeetings";
import PendingAppointments from "../islands/PendingAppointments";
import ProfileForm from "../islands/ProfileForm";
import SpecializationSearch from "../islands/SpecializationSearch";
import ThemeToggle from "../islands/ThemeToggle";

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
  return raw(islandMarkup(name, props));
}

/** The island's props block and HTML (kept per props: src/island-cache.ts). */
function islandMarkup<N extends IslandName>(name: N, props: IslandProps<N>["props"]): string {
  return islandHtml(name, JSON.stringify(props), () => renderToString(createElement(COMPONENTS[name] as ComponentType<any>, props)));
}

const keptIslands = new Map<string, { version: number; zone: string; until: number; html: string }>();
const MAX_KEPT_ISLANDS = 256;

type KeptIslandProps<N extends IslandName> = {
  name: N;
  /** The account whose lists the props come from, with its lists version as this request read it. */
  owner: { id: string; listsVersion: number };
  /** The viewer's time zone, and the clock: the props' statuses hold until `list`'s next change. */
  zone: string;
  now: Date;
  list: Iterable<{ status: AppointmentStatus; endsAt: Date | null }>;
  /** What the page shows only once (a one-time notice, a refused form): with any, nothing is kept. */
  once: unknown[];
  /** The props; called only when the island is not kept. */
  props: () => IslandProps<N>["props"];
};

/**
 * An island whose props depend only on one account's lists, the viewer's zone and the clock: its
 * HTML is kept per island and account while the lists version and zone are the same and the clock
 * is before the list's next status change (nextStatusChange), so showing the page again skips
 * building, serializing and looking up the props (docs/performance.md, issue 12). A page that
 * shows something only once renders as Island does and keeps nothing.
 */
export function KeptIsland<N extends IslandName>({ name, owner, zone, now, list, once, props }: KeptIslandProps<N>) {
  useIsland(name, "load");
  if (once.some((shown) => shown !== undefined)) return raw(islandMarkup(name, props()));
  const key = `${name}:${owner.id}`;
  const version = owner.listsVersion;
  const hit = keptIslands.get(key);
  if (hit !== undefined && hit.version === version && hit.zone === zone && now.getTime() < hit.until) return raw(hit.html);
  const html = islandMarkup(name, props());
  if (hit === undefined || hit.version <= version) setBounded(keptIslands, MAX_KEPT_ISLANDS, key, { version, zone, until: nextStatusChange(list, now), html });
  return raw(html);
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
