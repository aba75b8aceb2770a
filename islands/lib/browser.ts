/**
 * Browser storage of SPEC §3 (token, role, name, status, theme, booking drafts) and the
 * page-level rules built on it. Only islands and the client entry import this.
 */
import type { Role } from "../../src/domain/fields";
import { zoneName } from "../../src/domain/zones";

export const storage = {
  token: () => localStorage.getItem("token"),
  role: () => localStorage.getItem("role") as Role | null,
  status: () => localStorage.getItem("status"),
  /** Keeps what a login or signup answered, as the spec's client does. */
  signIn(values: { token: string; role: Role; name: string; status?: string }) {
    localStorage.setItem("token", values.token);
    localStorage.setItem("role", values.role);
    localStorage.setItem("name", values.name);
    if (values.status !== undefined) localStorage.setItem("status", values.status);
  },
  draftKey: (doctorId: string) => `draft_${doctorId}`,
};

/** The account a stored token names (its `sub`), read without verifying: the server verifies. */
function tokenSubject(token: string | null): string | undefined {
  try {
    const payload = token?.split(".")[1];
    return payload ? (JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { sub?: string }).sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page rendered for a session (`role:id[:status]`, from the server's cookie check) whose
 * account the browser's storage does not hold (signed in without script, or as someone else
 * since): asks the server for the session's token and keeps it under the spec's keys, so the
 * islands can call the API. Nothing happens when storage already holds that account.
 */
export async function syncSession(marker: string | undefined): Promise<void> {
  if (!marker) return;
  const [role, id, status] = marker.split(":");
  if (storage.role() === role && tokenSubject(storage.token()) === id) {
    if (status !== undefined && storage.status() !== status) localStorage.setItem("status", status);
    return;
  }
  const res = await fetch("/session", { method: "POST", credentials: "same-origin" }).catch(() => undefined);
  if (!res?.ok) return;
  const session = (await res.json()) as { token: string; role: Role; name: string; status?: string };
  storage.signIn(session);
}

/** The login page of each role. */
export const LOGIN_PAGE: Record<Role, string> = {
  patient: "/loginPatient",
  doctor: "/loginDoctor",
  admin: "/loginAdmin",
};

/**
 * The spec's browser guard: a page for `guard` needs a stored token of that role (and, for the
 * doctor, the approved status); anyone else goes to /loginPatient. Returns whether to go on.
 */
export function guardFromStorage(guard: string | undefined): boolean {
  if (!guard) return true;
  const [role, status] = guard.split(":");
  const ok = storage.token() !== null && storage.role() === role && (status === undefined || storage.status() === status);
  if (!ok) location.replace(status !== undefined && storage.role() === role ? LOGIN_PAGE.doctor : "/loginPatient");
  return ok;
}

const YEAR = 60 * 60 * 24 * 365;

function cookie(name: string): string | undefined {
  return document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

export type Theme = "light" | "dark";

/** The theme in effect: the chosen one, else the device's preference. */
export function shownTheme(): Theme {
  const served = document.documentElement.dataset.theme;
  if (served === "light" || served === "dark") return served;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Applies and keeps a theme: localStorage `theme` (the spec's key) and a cookie the server renders from. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem("theme", theme);
  setCookie("theme", theme);
}

/** localStorage is the source of truth; the cookie lets the server paint the right theme first. */
export function syncTheme(): void {
  const stored = localStorage.getItem("theme");
  const served = document.documentElement.dataset.theme;
  if (stored === "light" || stored === "dark") {
    if (stored !== served || cookie("theme") !== stored) applyTheme(stored);
  } else if (served === "light" || served === "dark") {
    localStorage.setItem("theme", served);
  }
}

/**
 * Tells the server the viewer's time zone, so the next page shows dates in it from the start: a
 * cookie for this browser, and, while the signed-in account has no zone of its own
 * (`data-zone-unset`), a report that keeps it on the account. A note naming another zone than
 * the browser's (`data-zone-note`: the zone the page was rendered in and its other names) is now
 * wrong, the islands showing the browser's: it names the browser's zone instead (`data-zone-says`,
 * the page's sentence for it), never taller than it was; a sentence that needs more room leaves
 * the note invisible in its place. This runs as the first island hydrates, often on the very tap
 * that woke it: a note taken out of the flow moved everything below it up under the finger, and
 * the tap ended on the wrong thing (docs/decisions.md).
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && decodeURIComponent(cookie("tz") ?? "") !== zone) setCookie("tz", zone);
  if (!zone || !document.body.hasAttribute("data-zone-unset")) return;
  for (const note of document.querySelectorAll<HTMLElement>("[data-zone-note]")) {
    if (!note.dataset.zoneNote!.split(" ").includes(zone)) renameZone(note, zone);
  }
  const form = new FormData();
  form.set("timeZone", zone);
  form.set("report", "1");
  void fetch("/time-zone", { method: "POST", body: form, credentials: "same-origin" }).catch(() => undefined);
}

/** A zone note's sentence made to name `zone`, in its place and height; hidden if it would not fit. */
function renameZone(note: HTMLElement, zone: string): void {
  const text = note.firstChild;
  const says = note.dataset.zoneSays;
  if (says !== undefined && text?.nodeType === Node.TEXT_NODE) {
    const height = note.getBoundingClientRect().height;
    const before = text.textContent;
    text.textContent = `${says.replace("{zone}", zoneName(zone, document.documentElement.lang === "hi" ? "hi" : "en"))} `;
    if (note.getBoundingClientRect().height <= height) {
      note.style.minHeight = `${height}px`;
      return;
    }
    text.textContent = before;
  }
  note.style.visibility = "hidden";
}

/** Clears all browser storage (SPEC: logout), keeping the theme cookie. */
export function clearStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
