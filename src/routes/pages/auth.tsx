/**
 * The auth screens: /loginPatient, /signupPatient, /loginDoctor, /signupDoctor, /loginAdmin.
 * The form is an island that comes alive at the first interaction: the page sends no script
 * until then. A doctor who signed up or logged in while pending keeps the token and must see the
 * waiting screen at once: the loader (src/client-assets.ts) loads straight away for them.
 */
import type { Context } from "hono";
import { renderPage, themeOf } from "../../components/Document";
import { Shell } from "../../components/Shell";
import type { Role } from "../../domain/fields";
import { Island } from "../../islands";

const TITLES: Record<Role, string> = { patient: "Patient", doctor: "Doctor", admin: "Admin" };

/** The page of one auth form. */
export function authPage(role: Role, mode: "login" | "signup") {
  return (c: Context) =>
    renderPage(
      c,
      { title: `${TITLES[role]} ${mode === "login" ? "login" : "signup"}` },
      <Shell area="public" path={c.req.path} theme={themeOf(c)}>
        <div class="page-narrow">
          <Island name="AuthForm" props={{ role, mode }} hydrate="interaction" />
        </div>
      </Shell>,
    );
}

/** Every auth screen, by path. */
export const AUTH_PAGES = {
  "/loginPatient": authPage("patient", "login"),
  "/signupPatient": authPage("patient", "signup"),
  "/loginDoctor": authPage("doctor", "login"),
  "/signupDoctor": authPage("doctor", "signup"),
  "/loginAdmin": authPage("admin", "login"),
} as const;
