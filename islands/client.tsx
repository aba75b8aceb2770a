/**
 * The client entry, loaded by the page's loader (src/render/client-assets.ts) at the first sign
 * of intent to use an island, never on arrival. Once loaded it applies the spec's browser-side
 * rules that need no island: the theme kept in localStorage, the viewer's time zone, and the
 * stored-token guard (after taking over a session the server rendered the page for, begun without
 * script). Then the loader hands it, one at a time, the islands to bring to life.
 */
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { Messages, type IslandMessages } from "./lib/i18n";
import { guardFromStorage, rememberTimeZone, syncSession, syncTheme } from "./lib/browser";
import { ISLANDS_CACHED_KEY, type IslandName } from "./names";

const loaders: Record<IslandName, () => Promise<{ default: ComponentType<any> }>> = {
  ThemeToggle: () => import("./ThemeToggle"),
  AuthForm: () => import("./AuthForm"),
  SpecializationSearch: () => import("./SpecializationSearch"),
  BookingForm: () => import("./BookingForm"),
  SlotPicker: () => import("./SlotPicker"),
  PatientMeetings: () => import("./PatientMeetings"),
  PendingAppointments: () => import("./PendingAppointments"),
  DoctorMeetings: () => import("./DoctorMeetings"),
  ProfileForm: () => import("./ProfileForm"),
  AdminTable: () => import("./AdminTable"),
};

/** Whether the page may come alive: false when the spec's guard sends the visitor elsewhere. */
const ready: Promise<boolean> = (async () => {
  syncTheme();
  rememberTimeZone();
  await syncSession(document.body.dataset.session);
  return guardFromStorage(document.body.dataset.guard);
})();

/**
 * The whole stylesheet, once: the page carries only the rules its server HTML uses, and names the
 * whole one (`<style data-full>`, src/render/inline-css.ts) for what an island may draw later (a
 * notice, an error). Its rules are the inline ones' superset in the same order, so adding it
 * after them changes nothing already drawn. An island waits for it; a failed fetch waits no more.
 */
let fullStyles: Promise<void> | undefined;

function wholeStylesheet(): Promise<void> {
  return (fullStyles ??= new Promise<void>((done) => {
    const href = document.querySelector<HTMLStyleElement>("style[data-full]")?.dataset.full;
    if (!href) return done();
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => done();
    document.head.append(link);
  }));
}

/**
 * Hydrates one island root (`<div data-island>`), and notes that this browser now holds its code
 * for this build (`build`: the client entry's URL), so that a later page may hydrate it at idle.
 */
export async function hydrate(root: HTMLElement, build: string): Promise<void> {
  const styles = wholeStylesheet();
  if (!(await ready)) return;
  const name = root.dataset.island as IslandName;
  const load = loaders[name];
  if (!load) return;
  const { $m, $lang, ...props } = propsOf(root) as Partial<IslandMessages> & Record<string, unknown>;
  const [{ default: Component }, messages] = await Promise.all([load(), messagesAt($m), styles]);
  // Without its words the island would draw keys over the server's text: its form stays in charge.
  if (messages === undefined) return;
  hydrateRoot(root, createElement(Messages, { m: messages, lang: $lang ?? "en" }, createElement(Component, props)));
  remember(name, build);
}

/** The island's messages: the built file its props name (src/build/client-build.ts), fetched once per page. */
const fetched = new Map<string, Promise<Record<string, string> | undefined>>();

function messagesAt(url: string | undefined): Promise<Record<string, string> | undefined> {
  if (url === undefined) return Promise.resolve({});
  let messages = fetched.get(url);
  if (messages === undefined) {
    messages = fetch(url)
      .then((res) => (res.ok ? (res.json() as Promise<Record<string, string>>) : undefined))
      .catch(() => undefined);
    fetched.set(url, messages);
  }
  return messages;
}

/** Adds `name` to the islands whose code this browser has fetched for `build` ("build|A,B"). */
function remember(name: IslandName, build: string): void {
  try {
    const [kept, names = ""] = (localStorage.getItem(ISLANDS_CACHED_KEY) ?? "").split("|");
    const known = kept === build ? names.split(",").filter(Boolean) : [];
    if (!known.includes(name)) localStorage.setItem(ISLANDS_CACHED_KEY, `${build}|${[...known, name].join(",")}`);
  } catch {
    // Storage refused (private mode, quota): the next page simply waits for intent again.
  }
}

/** An island's props: the JSON data block the server writes right before its root (src/render/island-cache.ts). */
function propsOf(root: HTMLElement): unknown {
  const block = root.previousElementSibling;
  return block instanceof HTMLScriptElement && block.type === "application/json" ? JSON.parse(block.textContent ?? "{}") : {};
}
