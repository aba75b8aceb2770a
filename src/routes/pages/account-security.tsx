/**
 * Issue 28's pages, plain HTML forms that work without script: "Forgot password?" (/forgotPassword),
 * the reset link's page (/resetPassword/{token}), and the profile pages' "Password and devices"
 * section (change password, the sessions signed in, Log out one, Log out everywhere else). Every
 * post calls the same use case as the JSON call and ends in 303, or shows the form again.
 */
import { CodeField } from "./two-factor";
import { DataExport } from "../../components/DataExport";
import { Hono, type Context } from "hono";
import { formatDateTime } from "../../../islands/lib/time";
import { changePassword, requestPasswordReset, RESET_INVALID, resetLinkIsLive, resetPassword } from "../../actions/passwords";
import { endOtherSessions, endSession, FEED_ENTRY, listSessions, type SessionView } from "../../actions/sessions";
import { Refusal } from "../../domain/refusal";
import { Shell } from "../../components/Shell";
import { NoticeLine } from "../../components/NoticeLine";
import type { Deps } from "../../config/deps";
import { ADMIN_ACCOUNT, DASHBOARD, LIMITS, ROLES, type Role } from "../../domain/fields";
import { doneThen, handleForm, takeNotice, type FormState, type Notice } from "../../http/forms";
import { changePasswordBody, forgotPasswordBody, resetPasswordForm } from "../../http/schemas";
import { renderPage, themeOf } from "../../render/Document";
import { tOf } from "../../i18n/request";
import type { T } from "../../i18n/catalog";
import { askerOf, rememberDevice } from "../../middleware/device";
import { viewerTimeZone } from "../../middleware/page-guard";
import { signedInUser, startSession } from "../../middleware/session";
import { endSessionCookie } from "../../http/session-token";
import { twoFactorState } from "../../actions/two-factor";
import { together } from "../../db/together";
import { TwoFactorSection } from "./two-factor";

const LOGIN: Record<Role, string> = { patient: "/loginPatient", doctor: "/loginDoctor", admin: "/loginAdmin" };
/** The form on a profile page a refused change-password post belongs to. */
export const PASSWORD_FORM = "password";

const roleOf = (value: string | undefined): Role => (ROLES.includes(value as Role) ? (value as Role) : "patient");

/**
 * A device's stored name ("Firefox on Linux", src/domain/user-agent.ts) in the page's language:
 * the browser and system names stay as they are.
 */
function deviceIn(t: T, device: string): string {
  if (device === "An unknown browser or app") return t("account.deviceUnknown");
  const anyBrowser = /^A browser on (.+)$/.exec(device);
  if (anyBrowser) return t("account.deviceBrowserOn", { system: anyBrowser[1]! });
  const both = /^(.+) on (.+)$/.exec(device);
  return both ? t("account.deviceOn", { browser: both[1]!, system: both[2]! }) : device;
}

/** A message with markup in place of its `{0}`, `{1}`… values (markup stays out of the catalog). */
function withMarkup(text: (marks: Record<string, string>) => string, markup: unknown[]) {
  const marks = Object.fromEntries(markup.map((_, i) => [`m${i}`, `\u0000${i}\u0000`]));
  return text(marks)
    .split("\u0000")
    .map((part, i) => (i % 2 === 1 ? markup[Number(part)] : part));
}

function PasswordField({ name, label, autocomplete, min }: { name: string; label: string; autocomplete: string; min?: number }) {
  return (
    <div class="field">
      <label for={name}>{label}</label>
      <input id={name} name={name} type="password" autocomplete={autocomplete} minlength={min} maxlength={LIMITS.password.max} required />
    </div>
  );
}

// ---------- forgot password ----------

function forgotPage(c: Context, role: Role, view: { form?: FormState; notice?: Notice } = {}) {
  const t = tOf(c);
  return renderPage(
    c,
    { title: t("account.forgotTitle") },
    <Shell area="public" path={c.req.path} theme={themeOf(c)}>
      <div class="page-narrow">
        <section class="card auth-card" aria-labelledby="forgot-title">
          <h1 id="forgot-title">{t("account.forgotHeading")}</h1>
          <p>{t("account.forgotIntro", { role })}</p>
          <NoticeLine notice={view.notice} />
          <form method="post" action="/forgotPassword">
            <input type="hidden" name="role" value={role} />
            <div class="field">
              <label for="email">{t("account.email")}</label>
              <input id="email" name="email" type="email" autocomplete="email" maxlength={LIMITS.email.max} value={view.form?.values.email} required />
            </div>
            <NoticeLine notice={view.form && { text: view.form.message, tone: "error" }} />
            <button type="submit">{t("account.forgotSend")}</button>
          </form>
          <p>
            <a href={LOGIN[role]}>{t("account.backToLogin")}</a>
          </p>
        </section>
      </div>
    </Shell>,
  );
}

// ---------- the reset link's page ----------

function resetPage(c: Context, token: string, view: { form?: FormState; live: boolean }) {
  // The link's secret is in this page's URL: no Referer carries it to another site, no cache
  // keeps it. ("same-origin", not "no-referrer": with no-referrer the form's own post would go
  // with `Origin: null`, and the CSRF check would refuse it.)
  c.header("Referrer-Policy", "same-origin");
  c.header("Cache-Control", "no-store");
  const t = tOf(c);
  return renderPage(
    c,
    { title: t("account.resetTitle") },
    <Shell area="public" path="/resetPassword" theme={themeOf(c)}>
      <div class="page-narrow">
        <section class="card auth-card" aria-labelledby="reset-title">
          <h1 id="reset-title">{t("account.resetTitle")}</h1>
          {view.live ? (
            <form method="post" action={`/resetPassword/${token}`}>
              <PasswordField name="password" label={t("account.newPassword")} autocomplete="new-password" min={LIMITS.password.min} />
              <p class="muted small">{t("account.resetHint", { min: LIMITS.password.min })}</p>
              <NoticeLine notice={view.form && { text: view.form.message, tone: "error" }} />
              <button type="submit">{t("account.resetSubmit")}</button>
            </form>
          ) : (
            <>
              <p class="notice notice-error" role="alert">
                {view.form?.message ?? t("account.resetInvalid")}
              </p>
              <p>
                <a href="/forgotPassword">{t("account.resetAskAgain")}</a>
              </p>
            </>
          )}
        </section>
      </div>
    </Shell>,
  );
}

export function accountSecurityPages(deps: Deps) {
  const pages = new Hono();

  pages.get("/forgotPassword", (c) => forgotPage(c, roleOf(c.req.query("role")), { notice: takeNotice(c) }));
  pages.post("/forgotPassword", (c) =>
    handleForm(c, {
      schema: forgotPasswordBody,
      run: (input) => requestPasswordReset(deps, input.role, input.email, askerOf(c, deps)).then(() => input.role),
      again: async (form) => forgotPage(c, roleOf(form.values.role), { form }),
      then: (role) => doneThen(c, `/forgotPassword?role=${role}`, { text: tOf(c)("account.resetSent"), tone: "info" }),
    }),
  );

  pages.get("/resetPassword/:token", async (c) => {
    const token = c.req.param("token");
    return resetPage(c, token, { live: await resetLinkIsLive(deps, token) });
  });
  pages.post("/resetPassword/:token", (c) => {
    const token = c.req.param("token");
    return handleForm(c, {
      schema: resetPasswordForm,
      run: (input) => resetPassword(deps, token, input.password, askerOf(c, deps)),
      again: async (form) => resetPage(c, token, { form, live: form.message !== RESET_INVALID }),
      then: async ({ role, account }) => {
        // A doctor who may not sign in (rejected, blocked) gets the new password, not a session.
        if (role === "doctor" && "status" in account && account.status !== "approved" && account.status !== "pending") {
          const t = tOf(c);
          return doneThen(c, LOGIN.doctor, { text: t("account.resetNotSignedIn", { status: t(`status.${account.status}`) }), tone: "info" });
        }
        await startSession(c, deps, role, account);
        const pending = role === "doctor" && "status" in account && account.status === "pending";
        return doneThen(c, pending ? LOGIN.doctor : DASHBOARD[role], { text: tOf(c)("account.passwordReset"), tone: "success" });
      },
    });
  });

  return pages;
}

// ---------- the profile pages' section ----------

/** The signed-in account's devices, for its section; read by the page with its other reads (issue 43). */
export function ownSessions(c: Context, deps: Deps): Promise<SessionView[]> {
  const user = signedInUser(c);
  return listSessions(deps, user.role, user.account.id, user.sessionId);
}

/** "Password and devices" on a profile page at `base`, listing `sessions`; `form` is a refused change-password post. */
export function AccountSecuritySection({ c, base, form, sessions }: { c: Context; base: string; form?: FormState; sessions: SessionView[] }) {
  const zone = viewerTimeZone(c);
  const t = tOf(c);
  const when = (at: Date) => <time datetime={at.toISOString()}>{formatDateTime(at.toISOString(), zone, t.lang)}</time>;
  const refused = form?.target === PASSWORD_FORM ? form : undefined;
  return (
    <section id="security" class="card account-security" aria-labelledby="security-title">
      <h2 id="security-title">{t("account.securityTitle")}</h2>
      <h3 id="password-title">{t("account.changePassword")}</h3>
      <form method="post" action={`${base}/password`} aria-labelledby="password-title">
        <PasswordField name="currentPassword" label={t("account.currentPassword")} autocomplete="current-password" />
        <PasswordField name="newPassword" label={t("account.newPassword")} autocomplete="new-password" min={LIMITS.password.min} />
        {/* Issue 51: with two-factor sign-in on, a code too. */}
        {signedInUser(c).account.twoFactorAt !== null && <CodeField id="password-code" label={t("account.twoFactorCodeOrRecovery")} />}
        <p class="muted small">{t("account.changeHint")}</p>
        <NoticeLine notice={refused && { text: refused.message, tone: "error" }} />
        <button type="submit">{t("account.changePassword")}</button>
      </form>
      <h3 id="devices-title">{t("account.signedInOn")}</h3>
      <ul class="sessions" role="list" aria-labelledby="devices-title">
        {sessions.map((s) => {
          const feed = s.kind === "calendarFeed";
          const name = feed ? t("account.calendarFeed") : deviceIn(t, s.device);
          return (
            <li class="session" data-session={s.id}>
              <p>
                <strong>{name}</strong> {s.current && <span class="badge badge-done">{t("account.thisDevice")}</span>}
              </p>
              <p class="muted small">
                {feed
                  ? withMarkup((m) => t("account.feedMade", { created: m.m0! }), [when(s.createdAt)])
                  : withMarkup((m) => t("account.sessionTimes", { created: m.m0!, seen: m.m1! }), [when(s.createdAt), when(s.lastSeenAt)])}
              </p>
              <form method="post" action={`${base}/sessions/${s.id}/logout`}>
                <button type="submit" class="button-secondary" aria-label={t("account.logOutLabel", { device: name, current: s.current ? "yes" : "no" })}>
                  {t("account.logOut")}
                </button>
              </form>
            </li>
          );
        })}
      </ul>
      {sessions.length > 1 && (
        <form method="post" action={`${base}/sessions/logoutOthers`}>
          <button type="submit" class="button-secondary">
            {t("account.logOutOthers")}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The section's posts under a profile page at `base` (behind its page guard): change password,
 * log out one session, log out every other one. `again` renders the profile page with a refusal.
 */
export function accountSecurityPosts(deps: Deps, base: string, again: (c: Context, form: FormState) => Promise<Response>) {
  const posts = new Hono();
  posts.post(`${base}/password`, (c) =>
    handleForm(c, {
      schema: changePasswordBody,
      target: () => PASSWORD_FORM,
      run: (input) => changePassword(deps, signedInUser(c), input, askerOf(c, deps)),
      again: (form) => again(c, form),
      then: async (updated) => {
        await rememberDevice(c, deps, signedInUser(c).role, updated);
        return doneThen(c, `${base}#security`, { text: tOf(c)("account.passwordChanged"), tone: "success" });
      },
    }),
  );
  posts.post(`${base}/sessions/logoutOthers`, async (c) => {
    const user = signedInUser(c);
    await endOtherSessions(deps, user.role, user.account.id, user.sessionId);
    return doneThen(c, `${base}#security`, { text: tOf(c)("account.othersEnded"), tone: "success" });
  });
  posts.post(`${base}/sessions/:id/logout`, async (c) => {
    const user = signedInUser(c);
    const id = c.req.param("id");
    try {
      await endSession(deps, user.role, user.account.id, id);
    } catch (error) {
      // Already ended (another tab did it): the list shows what is left.
      if (!(error instanceof Refusal)) throw error;
    }
    if (id === user.sessionId) {
      endSessionCookie(c);
      return doneThen(c, LOGIN[user.role]);
    }
    return doneThen(c, `${base}#security`, { text: tOf(c)(id === FEED_ENTRY ? "account.feedEnded" : "account.sessionEnded"), tone: "success" });
  });
  return posts;
}

export { ADMIN_ACCOUNT };

/** The admin's account page: the admin has no profile page, so the section stands alone here. */
export async function adminAccountPage(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const notice = form ? undefined : takeNotice(c);
  const t = tOf(c);
  const [sessions, twoFactor] = await together(() => Promise.all([ownSessions(c, deps), twoFactorState(deps, signedInUser(c))]));
  return renderPage(
    c,
    { title: t("account.myAccount"), guard: "admin" },
    <Shell area="admin" path={ADMIN_ACCOUNT} theme={themeOf(c)}>
      <section class="page-narrow" aria-labelledby="account-title">
        <h1 id="account-title">{t("account.myAccount")}</h1>
        <NoticeLine notice={notice} />
        <AccountSecuritySection c={c} base={ADMIN_ACCOUNT} form={form} sessions={sessions} />
        <TwoFactorSection c={c} deps={deps} base={ADMIN_ACCOUNT} state={twoFactor} form={form} />
        <DataExport />
      </section>
    </Shell>,
  );
}
