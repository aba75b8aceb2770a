/**
 * The client entry: hydrates each island on the page once, importing only the islands present.
 * It also applies the spec's browser-side rules that need no island: the stored-token guard
 * (after taking over a session the server rendered the page for, begun without script), the
 * theme kept in localStorage, and the viewer's time zone for server-rendered dates.
 */
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { guardFromStorage, rememberTimeZone, syncSession, syncTheme } from "./lib/browser";
import type { IslandName } from "./names";

const loaders: Record<IslandName, () => Promise<{ default: ComponentType<any> }>> = {
  ThemeToggle: () => import("./ThemeToggle"),
  AuthForm: () => import("./AuthForm"),
  LogoutButton: () => import("./LogoutButton"),
  SpecializationSearch: () => import("./SpecializationSearch"),
  BookingForm: () => import("./BookingForm"),
  PatientMeetings: () => import("./PatientMeetings"),
  PendingAppointments: () => import("./PendingAppointments"),
  DoctorMeetings: () => import("./DoctorMeetings"),
  ProfileForm: () => import("./ProfileForm"),
  AdminTable: () => import("./AdminTable"),
};

declare global {
  interface Window {
    /** Set by the on-interaction loader: removes its listeners once the islands are live. */
    __islandsLive?: () => void;
  }
}

async function hydrateIslands(): Promise<void> {
  syncTheme();
  rememberTimeZone();
  await syncSession(document.body.dataset.session);
  if (!guardFromStorage(document.body.dataset.guard)) return;
  const roots = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  await Promise.all(
    roots.map(async (root) => {
      const name = root.dataset.island as IslandName;
      const load = loaders[name];
      if (!load) return;
      const { default: Component } = await load();
      hydrateRoot(root, createElement(Component, propsOf(root)));
    }),
  );
  window.__islandsLive?.();
}

/** An island's props: the JSON data block the server writes right before its root (src/render/island-cache.ts). */
function propsOf(root: HTMLElement): unknown {
  const block = root.previousElementSibling;
  return block instanceof HTMLScriptElement && block.type === "application/json" ? JSON.parse(block.textContent ?? "{}") : {};
}

/** Resolves once every island on the page is hydrated (the on-interaction loader waits for it). */
export const ready = hydrateIslands();
