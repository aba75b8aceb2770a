/**
 * The auth screens: /loginPatient, /signupPatient, /loginDoctor, /signupDoctor, /loginAdmin, and
 * the pending doctor's waiting screen with Refresh Status (/loginDoctor with a pending doctor's
 * session). Each form posts to its own path and the server carries it out alone: on success it
 * starts the session (cookie) and goes on (303) to the dashboard or the waiting screen; a refused
 * post shows the form again with the message and the typed values, never the password.
 *
 * The form is an island that comes alive at the first interaction (the page sends no script
 * until then); a submit made before it is live is simply the form's own post.
 */
import { Hono, type Context } from "hono";
import { signUpDoctor, signUpPatient, type Client } from "../../actions/accounts";
import { CHALLENGE_MINUTES, challengeIsLive, logInFirstStep, verifyTwoFactor } from "../../actions/two-factor";
import { getCookie, setCookie } from "hono/cookie";
import { isHttps } from "../../http/https";
import { statusReasonOf } from "../../actions/doctors";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";
import type { AccountRow, DoctorRow } from "../../db/queries/accounts";
import type { Tx } from "../../db/client";
import type { Deps } from "../../config/deps";
import { DASHBOARD, SPECIALIZATIONS, type Role } from "../../domain/fields";
import { doneThen, handleForm, hasNotice, showRefused, takeNotice, type FormState, type Notice } from "../../http/forms";
import { doctorSignupForm, loginBody, patientSignupForm, twoFactorVerifyBody } from "../../http/schemas";
import { ConsentNotice } from "../../components/ConsentNotice";
import { Island } from "../../render/islands";
import { loginClient } from "../../middleware/device";
import { cookieSession, startSession } from "../../middleware/session";
import { hasSessionCookie } from "../../http/session-token";
import { langOf, tOf } from "../../i18n/request";
import type { Key, T } from "../../i18n/catalog";
import { patientReturnPath } from "../../domain/directory";

/**
 * Where a patient's login or signup goes on to (issue 41: "Book" on a public doctor's profile
 * comes back to that doctor's booking page): the `next` of the address or of the posted form,
 * only a path inside the patient's pages (patientReturnPath); the dashboard otherwise.
 */
async function patientNext(c: Context): Promise<string | undefined> {
  if (c.req.method !== "POST") return patientReturnPath(c.req.query("next"));
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return patientReturnPath(body.next);
}

const TITLES: Record<Role, string> = { patient: "Patient", doctor: "Doctor", admin: "Admin" };
/** Issue 51: where a login's challenge waits for the code's page (HttpOnly, that login's path only). */
export const CHALLENGE_COOKIE = "carebook_challenge";

type Mode = "login" | "signup";
/** `challenge`: a login's second step (two-factor sign-in on), the code asked with it; `next`: where a patient goes on to. */
type View = { form?: FormState; waiting?: boolean; notice?: Notice; challenge?: string; next?: string };

/** Every auth screen, by path. */
export const AUTH_PAGES = {
  "/loginPatient": { role: "patient", mode: "login" },
  "/signupPatient": { role: "patient", mode: "signup" },
  "/loginDoctor": { role: "doctor", mode: "login" },
  "/signupDoctor": { role: "doctor", mode: "signup" },
  "/loginAdmin": { role: "admin", mode: "login" },
} as const satisfies Record<string, { role: Role; mode: Mode }>;

/** Renders one auth screen: the form (with a refused post's message and values), or the waiting screen. */
export function renderAuthPage(c: Context, role: Role, mode: Mode, view: View = {}): Promise<Response> {
  const t = tOf(c);
  return renderPage(
    c,
    { title: t(mode === "login" ? "auth.title.login" : "auth.title.signup", { role }) },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <div class="page-narrow">
        <Island name="AuthForm" props={{ role, mode, ...view, ...(view.next === undefined ? {} : { next: view.next }), ...specializationsOf(t, role, mode) }} hydrate="interaction" />
        {mode === "login" && !view.waiting && view.challenge === undefined && (
          <p class="auth-forgot">
            <a href={`/forgotPassword?role=${role}`}>{t("auth.forgot")}</a>
          </p>
        )}
        {role === "patient" && mode === "login" && !view.waiting && view.challenge === undefined && (
          // Issue 55: sign in with a code sent by SMS (./login-code.tsx).
          <p class="auth-forgot">
            <a href={`/loginPatient/phone${view.next === undefined ? "" : `?next=${encodeURIComponent(view.next)}`}`}>{t("phone.login.link")}</a>
          </p>
        )}
        {mode === "signup" && <ConsentNotice />}
      </div>
    </Shell>,
  );
}

/** The doctor signup's choice of specialization, as the page's language names them (value: label). */
function specializationsOf(t: T, role: Role, mode: Mode): { specializations?: Record<string, string> } {
  if (role !== "doctor" || mode !== "signup") return {};
  return { specializations: Object.fromEntries(SPECIALIZATIONS.map((s) => [s, t(`spec.${s}`)])) };
}

/**
 * Whether an auth screen must be rendered for this request rather than served from memory: a
 * session (the pending doctor's waiting screen) or a notice left by a post.
 */
export function authPageIsPersonal(c: Context): boolean {
  return hasSessionCookie(c) || hasNotice(c) || c.req.query("next") !== undefined;
}

/** "Your account status is: …" in the request's language, with the admin's reason when there is one. */
function statusMessage(t: T, status: string, reason?: string | null): string {
  const word = t(`status.${status}` as Key);
  return reason ? t("msg.auth.statusReason", { status: word, reason }) : t("msg.status.account", { status: word });
}

/** Where a doctor's login leads: the dashboard, the waiting screen, or the status message. */
async function doctorGoesOn(c: Context, deps: Deps, doctor: DoctorRow, values: Record<string, string>, succeeded: (tx: Tx) => void) {
  if (doctor.status === "approved" || doctor.status === "pending") {
    return startSession(c, deps, "doctor", doctor, succeeded).then(() => doneThen(c, doctor.status === "approved" ? DASHBOARD.doctor : "/loginDoctor"));
  }
  // No session for this doctor; the right password still takes the attempt back.
  await deps.database.write(async (tx) => succeeded(tx));
  const reason = await statusReasonOf(deps, doctor);
  const message = statusMessage(tOf(c), doctor.status, reason);
  return showRefused(c, { form: { message, values }, status: 403, headers: {} }, (form) =>
    renderAuthPage(c, "doctor", "login", { form }),
  );
}

/** The dynamic GETs of the auth screens and the POSTs of their forms. */
export function authPageRoutes(deps: Deps) {
  const pages = new Hono();
  const client = (c: Context): Client => loginClient(c, deps);

  for (const [path, { role, mode }] of Object.entries(AUTH_PAGES)) {
    pages.get(path, async (c) => {
      // A login page opened while signed in goes on to that person's dashboard (issue 39); a
      // pending doctor's is the waiting screen on /loginDoctor.
      const user = mode === "login" ? await cookieSession(c, deps) : undefined;
      const waiting = user?.role === "doctor" && user.account.status === "pending";
      // A rejected or blocked doctor's session enters no dashboard (its guard sends them back here): they see the login.
      const shut = user?.role === "doctor" && !waiting && user.account.status !== "approved";
      const next = role === "patient" ? await patientNext(c) : undefined;
      if (user !== undefined && !shut && !(waiting && path === "/loginDoctor")) return c.redirect(waiting ? "/loginDoctor" : user.role === "patient" ? (next ?? DASHBOARD.patient) : DASHBOARD[user.role], 303);
      const notice = takeNotice(c);
      if (path !== "/loginDoctor") return renderAuthPage(c, role, mode, { notice, next });
      // The waiting screen's Refresh Status calls the API: the page carries the session for it.
      if (waiting) c.set("user", user);
      return renderAuthPage(c, role, mode, { notice, waiting });
    });
  }

  const again = (c: Context, role: Role, mode: Mode) => async (form: FormState) =>
    renderAuthPage(c, role, mode, { form, next: role === "patient" ? await patientNext(c) : undefined });

  /** Where a login goes once the password (and the code, with two-factor on) passed. */
  const signedIn = async (c: Context, role: Role, account: AccountRow, succeeded: (tx: Tx) => void, values: Record<string, string>) => {
    if (role === "doctor") return doctorGoesOn(c, deps, account as DoctorRow, values, succeeded);
    await startSession(c, deps, role, account, succeeded);
    return doneThen(c, role === "patient" ? ((await patientNext(c)) ?? DASHBOARD.patient) : DASHBOARD[role]);
  };

  for (const role of ["patient", "doctor", "admin"] as const) {
    // With two-factor sign-in on, a right password answers the code's form (issue 44).
    pages.post(`/login${TITLES[role]}`, (c) =>
      handleForm(c, {
        schema: loginBody,
        run: (credentials) => logInFirstStep(deps, role, credentials, client(c)),
        again: again(c, role, "login"),
        // Issue 51: the code's step is a redirect after post (a reload asks the code again, never posts
        // the password again); the challenge waits in an HttpOnly cookie, never in the address.
        then: async (step, values) => {
          if (step.kind !== "challenge") return signedIn(c, role, step.account, step.succeeded, values);
          setCookie(c, CHALLENGE_COOKIE, step.challenge, { httpOnly: true, sameSite: "Lax", path: `/login${TITLES[role]}`, secure: isHttps(c, deps), maxAge: CHALLENGE_MINUTES * 60 });
          const next = role === "patient" ? await patientNext(c) : undefined;
          return c.redirect(`/login${TITLES[role]}/code${next === undefined ? "" : `?next=${encodeURIComponent(next)}`}`, 303);
        },
      }),
    );
    pages.get(`/login${TITLES[role]}/code`, async (c) => {
      const challenge = getCookie(c, CHALLENGE_COOKIE);
      if (challenge === undefined || !(await challengeIsLive(deps, challenge, role))) return c.redirect(`/login${TITLES[role]}`, 302);
      c.header("Cache-Control", "no-store");
      return renderAuthPage(c, role, "login", { challenge, next: role === "patient" ? await patientNext(c) : undefined });
    });
    // The code's form: the same use case as POST /api/auth/2fa/verify, for this page's role only.
    pages.post(`/login${TITLES[role]}/code`, (c) =>
      handleForm(c, {
        schema: twoFactorVerifyBody,
        run: (input) => verifyTwoFactor(deps, input, client(c), role),
        // A challenge voided by its wrong codes (issue 51) or run out: the password's form again, with the refusal.
        again: async (form) => {
          const challenge = form.values.challenge ?? "";
          const live = challenge !== "" && (await challengeIsLive(deps, challenge, role));
          return renderAuthPage(c, role, "login", { form, challenge: live ? challenge : undefined, next: role === "patient" ? await patientNext(c) : undefined });
        },
        then: ({ account, succeeded }, values) => signedIn(c, role, account, succeeded, values),
      }),
    );
  }

  pages.post("/signupPatient", (c) =>
    handleForm(c, {
      schema: patientSignupForm,
      run: (input) => signUpPatient(deps, { ...input, language: langOf(c) }, client(c)),
      again: again(c, "patient", "signup"),
      then: async (patient) => {
        await startSession(c, deps, "patient", patient);
        return doneThen(c, (await patientNext(c)) ?? DASHBOARD.patient);
      },
    }),
  );

  // As the spec's client does: a new doctor goes to the doctor login, which shows the waiting screen.
  pages.post("/signupDoctor", (c) =>
    handleForm(c, {
      schema: doctorSignupForm,
      run: (input) => signUpDoctor(deps, { ...input, language: langOf(c) }, client(c)),
      again: again(c, "doctor", "signup"),
      then: async (doctor) => {
        await startSession(c, deps, "doctor", doctor);
        return doneThen(c, "/loginDoctor");
      },
    }),
  );

  // Refresh Status on the waiting screen: the session's doctor, read again.
  pages.post("/loginDoctor/refresh", async (c) => {
    const user = await cookieSession(c, deps);
    if (user?.role !== "doctor") return doneThen(c, "/loginDoctor");
    const { status } = user.account;
    if (status === "approved") return doneThen(c, DASHBOARD.doctor);
    const t = tOf(c);
    if (status === "pending") return doneThen(c, "/loginDoctor", { text: t("AuthForm.stillPending"), tone: "info" });
    return doneThen(c, "/loginDoctor", { text: statusMessage(t, status), tone: "error" });
  });

  return pages;
}
