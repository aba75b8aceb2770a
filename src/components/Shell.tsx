/**
 * The frame of every page: skip link, header with navigation and theme toggle, main, footer.
 */
import type { Child } from "hono/jsx";
import type { Role } from "../domain/fields";
import { raw } from "hono/html";
import { Island, IslandsContext, useIsland } from "../render/islands";
import { keptIn } from "../domain/bounded";
import type { PageTheme } from "../render/Document";

type NavLink = { href: string; label: string };

const NAV: Record<Role | "public", NavLink[]> = {
  public: [
    { href: "/#find-doctors", label: "Find doctors" },
    { href: "/#health-tips", label: "Health tips" },
    { href: "/#feedback", label: "Feedback" },
    { href: "/about", label: "About" },
    { href: "/services", label: "Services" },
  ],
  patient: [
    { href: "/patient-dashboard", label: "Dashboard" },
    { href: "/patient-dashboard/patient-meetings", label: "Meetings" },
    { href: "/patient-dashboard/patient-profile", label: "Profile" },
  ],
  doctor: [
    { href: "/doctor-dashboard", label: "Dashboard" },
    { href: "/doctor-dashboard/doctor-Meetings", label: "Meetings" },
    { href: "/doctor-dashboard/doctor-profile", label: "Profile" },
  ],
  admin: [
    { href: "/admin-dashboard", label: "Doctors" },
    { href: "/admin-dashboard/account", label: "My account" },
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
  // A signed-in frame is the same text for every page view of the same area, path and theme:
  // kept, so that a page renders only its own content (docs/performance.md, issue 12).
  const frame = area === "public" ? undefined : keptFrame(area, path, theme);
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
function keptFrame(area: Role, path: string, theme: PageTheme): [string, string] | undefined {
  return keptIn(frames, MAX_FRAMES, `${area}\u0000${path}\u0000${theme}\u0000${support.email}\u0000${support.phone}`, () => renderFrame(area, path, theme));
}

function renderFrame(area: Role, path: string, theme: PageTheme): [string, string] | undefined {
  // Its islands are recorded by Shell itself; the throwaway map keeps them out of any page's.
  const text: unknown = (
    <IslandsContext.Provider value={new Map()}>
      <Frame area={area} path={path} theme={theme}>
        {raw(CHILDREN)}
      </Frame>
    </IslandsContext.Provider>
  ).toString();
  if (text instanceof Promise) return undefined; // no part of the frame renders asynchronously today
  const html = String(text);
  const at = html.indexOf(CHILDREN);
  return [html.slice(0, at), html.slice(at + CHILDREN.length)];
}

/** The support contact the footer shows (SUPPORT_EMAIL, SUPPORT_PHONE): set once by the app (src/app.ts). */
let support = { email: "support@example.com", phone: "+1 (555) 010-0000" };
export function setSupportContact(contact: { email: string; phone: string }): void {
  support = contact;
}

function NavLinks({ area, path }: { area: Role | "public"; path: string }) {
  return (
    <ul>
      {NAV[area].map((link) => (
        <li>
          <a href={link.href} aria-current={link.href === path ? "page" : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Frame({ area, path, theme, children }: ShellProps) {
  const account =
    area === "public" ? (
      <a class="button" href="/loginPatient">
        Login/Signup
      </a>
    ) : (
      // A plain form: POST /logout ends the session and clears the browser's storage
      // (Clear-Site-Data), so an island would add nothing (docs/performance.md, issue 29).
      <form method="post" action="/logout">
        <button type="submit" class="button-ghost">
          Logout
        </button>
      </form>
    );
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="header-inner">
          {/* Symbols beyond Latin-1 as character references keep the page a one-byte-per-character
              string, which Bun turns into an answer faster (docs/performance.md, issue 12). */}
          <a class="brand" href={area === "public" ? "/" : NAV[area][0]!.href}>
            <span aria-hidden="true">{raw("&#10010;")}</span> Carebook
          </a>
          {/* Wide screens: the links in the bar. Phones: the same links behind Menu, a <details>
              that opens without script, so the bar stays one row (issue 27). */}
          <nav aria-label="Main" class="main-nav">
            <NavLinks area={area} path={path} />
          </nav>
          <div class="header-actions">
            <Island name="ThemeToggle" props={{ theme, back: path }} hydrate="passive" />
            <div class="account-wide">{account}</div>
            <details class="menu">
              <summary class="button button-ghost">Menu</summary>
              <nav aria-label="Menu" class="menu-panel">
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

export function Footer() {
  return (
    <footer class="site-footer">
      <div class="footer-inner">
        <p>
          Support: <a href={`mailto:${support.email}`}>{support.email}</a> · <a href={`tel:${support.phone.replace(/[^+\d]/g, "")}`}>{support.phone}</a>
        </p>
        <nav aria-label="Footer">
          <a href="/about">About</a> <a href="/services">Services</a> <a href="/privacy">Privacy</a>
        </nav>
        <p>© 2025 Carebook. All rights reserved.</p>
      </div>
    </footer>
  );
}

/** The Back button of the static pages: a link home that works without script. */
export function BackLink({ href = "/" }: { href?: string }) {
  return (
    <a class="button button-secondary back-link" href={href}>
      {raw("&larr;")} Back
    </a>
  );
}
