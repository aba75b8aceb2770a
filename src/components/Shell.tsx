/**
 * The frame of every page: skip link, header with navigation and theme toggle, main, footer.
 */
import type { Child } from "hono/jsx";
import type { Role } from "../domain/fields";
import { Island } from "../islands";

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
  admin: [{ href: "/admin-dashboard", label: "Doctors" }],
};

export type ShellProps = {
  /** Whose navigation to show; public pages show the site's sections and a Login/Signup button. */
  area: Role | "public";
  /** The current path, for aria-current and the theme toggle's way back. */
  path: string;
  theme: "light" | "dark";
  children: Child;
};

export function Shell({ area, path, theme, children }: ShellProps) {
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="header-inner">
          <a class="brand" href={area === "public" ? "/" : NAV[area][0]!.href}>
            <span aria-hidden="true">✚</span> Carebook
          </a>
          <nav aria-label="Main" class="main-nav">
            <ul>
              {NAV[area].map((link) => (
                <li>
                  <a href={link.href} aria-current={link.href === path ? "page" : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div class="header-actions">
            <Island name="ThemeToggle" props={{ theme, back: path }} hydrate="passive" />
            {area === "public" ? (
              <a class="button" href="/loginPatient">
                Login/Signup
              </a>
            ) : (
              <Island name="LogoutButton" props={{ role: area }} />
            )}
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
          Support: <a href="mailto:support@example.com">support@example.com</a> · +1 (555) 010-0000
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
      ← Back
    </a>
  );
}
