/**
 * The frame of every page: skip link, header with navigation and theme toggle, main, footer.
 */
import type { Child } from "hono/jsx";
import type { Role } from "../domain/fields";
import { raw } from "hono/html";
import { Island, IslandsContext, useIsland } from "../render/islands";
import { keptIn } from "../domain/bounded";
import type { PageTheme } from "../render/Document";
import { LangContext, useT } from "../render/lang";
import type { Key, T } from "../i18n/catalog";
import { LanguageSwitch } from "./LanguageSwitch";
import { ICON } from "../../islands/lib/icons";

type NavLink = { href: string; label: Key };

const NAV: Record<Role | "public", NavLink[]> = {
  public: [
    { href: "/#find-doctors", label: "nav.findDoctors" },
    { href: "/#health-tips", label: "nav.healthTips" },
    { href: "/#feedback", label: "nav.feedback" },
    { href: "/about", label: "nav.about" },
    { href: "/services", label: "nav.services" },
  ],
  patient: [
    { href: "/patient-dashboard", label: "nav.dashboard" },
    { href: "/patient-dashboard/patient-meetings", label: "nav.meetings" },
    { href: "/patient-dashboard/records", label: "nav.records" },
    { href: "/patient-dashboard/patient-profile", label: "nav.profile" },
  ],
  doctor: [
    { href: "/doctor-dashboard", label: "nav.dashboard" },
    { href: "/doctor-dashboard/doctor-Meetings", label: "nav.meetings" },
    { href: "/doctor-dashboard/doctor-profile", label: "nav.profile" },
  ],
  admin: [
    { href: "/admin-dashboard", label: "nav.doctors" },
    { href: "/admin-dashboard/overview", label: "nav.overview" },
    { href: "/admin-dashboard/account", label: "nav.myAccount" },
  ],
};

export type ShellProps = {
  /** Whose navigation to show; public pages show the site's sections and a Login/Signup button. */
  area: Role | "public";
  /** The current path, for aria-current and the theme toggle's way back. */
  path: string;
  theme: PageTheme;
  children: Child;
};

export function Shell({ area, path, theme, children }: ShellProps) {
  useIsland("ThemeToggle", "passive");
  const t = useT();
  // A signed-in frame is the same text for every page view of the same area, path, theme and
  // language: kept, so that a page renders only its own content (docs/performance.md, issue 12).
  const frame = area === "public" ? undefined : keptFrame(area, path, theme, t);
  if (frame === undefined) return <Frame area={area} path={path} theme={theme}>{children}</Frame>;
  return (
    <>
      {raw(frame[0])}
      {children}
      {raw(frame[1])}
    </>
  );
}

const CHILDREN = "<!--carebook-shell-children-->";
const frames = new Map<string, [string, string] | undefined>();
const MAX_FRAMES = 512;

/** The frame's text before and after the page's content, rendered once per area, path and theme. */
function keptFrame(area: Role, path: string, theme: PageTheme, t: T): [string, string] | undefined {
  // The footer's year is the clock's (issue 52): a new year renders a new frame.
  const key = `${area}\u0000${path}\u0000${theme}\u0000${t.lang}\u0000${support.email}\u0000${support.phone ?? ""}\u0000${currentYear()}`;
  return keptIn(frames, MAX_FRAMES, key, () => renderFrame(area, path, theme, t));
}

function renderFrame(area: Role, path: string, theme: PageTheme, t: T): [string, string] | undefined {
  // Its islands are recorded by Shell itself; the throwaway map keeps them out of any page's.
  const text: unknown = (
    <LangContext.Provider value={t}>
      <IslandsContext.Provider value={new Map()}>
        <Frame area={area} path={path} theme={theme}>
          {raw(CHILDREN)}
        </Frame>
      </IslandsContext.Provider>
    </LangContext.Provider>
  ).toString();
  if (text instanceof Promise) return undefined; // no part of the frame renders asynchronously today
  const html = String(text);
  const at = html.indexOf(CHILDREN);
  return [html.slice(0, at), html.slice(at + CHILDREN.length)];
}

/** The support contact the footer shows (SUPPORT_EMAIL, SUPPORT_PHONE): set once by the app (src/app.ts). */
let support: { email: string; phone?: string } = { email: "support@example.com" };
export function setSupportContact(contact: { email: string; phone?: string }): void {
  support = contact;
}

function NavLinks({ area, path }: { area: Role | "public"; path: string }) {
  const t = useT();
  return (
    <ul>
      {NAV[area].map((link) => (
        <li>
          <a href={link.href} aria-current={link.href === path ? "page" : undefined}>
            {t(link.label)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Frame({ area, path, theme, children }: ShellProps) {
  const t = useT();
  const account =
    area === "public" ? (
      <a class="button" href="/loginPatient">
        {t("shell.loginSignup")}
      </a>
    ) : (
      // A plain form: POST /logout ends the session and clears the browser's storage
      // (Clear-Site-Data), so an island would add nothing (docs/performance.md, issue 29).
      <form method="post" action="/logout">
        <button type="submit" class="button-ghost">
          {t("shell.logout")}
        </button>
      </form>
    );
  return (
    <>
      <a class="skip-link" href="#main">
        {t("shell.skip")}
      </a>
      <header class="site-header">
        <div class="header-inner">
          <a class="brand" href={area === "public" ? "/" : NAV[area][0]!.href}>
            {raw(ICON.cross)} Carebook
          </a>
          {/* Wide screens: the links in the bar. Phones: the same links behind Menu, a <details>
              that opens without script, so the bar stays one row (issue 27). */}
          <nav aria-label={t("nav.main")} class="main-nav">
            <NavLinks area={area} path={path} />
          </nav>
          <div class="header-actions">
            <LanguageSwitch back={path} />
            <Island name="ThemeToggle" props={{ theme, back: path }} hydrate="passive" />
            <div class="account-wide">{account}</div>
            <details class="menu">
              <summary class="button button-ghost">{t("nav.menu")}</summary>
              <nav aria-label={t("nav.menu")} class="menu-panel">
                <NavLinks area={area} path={path} />
                {account}
              </nav>
            </details>
          </div>
        </div>
      </header>
      <main id="main" tabindex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}

/** The year now, for the footer's copyright line (a string: never grouped as a number, "2,026"). */
const currentYear = () => String(new Date().getUTCFullYear());

export function Footer() {
  const t = useT();
  return (
    <footer class="site-footer">
      <div class="footer-inner">
        <p>
          {t("shell.support")} <a href={`mailto:${support.email}`}>{support.email}</a>
          {support.phone !== undefined && (
            <>
              {" · "}
              <a href={`tel:${support.phone.replace(/[^+\d]/g, "")}`}>{support.phone}</a>
            </>
          )}
        </p>
        <nav aria-label={t("nav.footer")}>
          <a href="/about">{t("nav.about")}</a> <a href="/services">{t("nav.services")}</a> <a href="/privacy">{t("nav.privacy")}</a>
        </nav>
        <p>{t("shell.rights", { year: currentYear() })}</p>
      </div>
    </footer>
  );
}

/** A Back button: a link that works without script (home, on the static pages). */
export function BackLink({ href = "/", label }: { href?: string; label?: string }) {
  const t = useT();
  return (
    <a class="button button-secondary back-link" href={href}>
      {raw(ICON.back)} {label ?? t("shell.back")}
    </a>
  );
}
