/**
 * "Two-factor sign-in" on the profile pages and the admin's account page (issue 44): plain HTML
 * forms that work without script. Set up (a QR code drawn on the server, and the key as text),
 * turn on with the app's first code (the recovery codes shown once, on the page that answers
 * that post), turn off with the password and a code. Each post calls the same use case as its
 * JSON call (src/routes/api/two-factor.ts).
 */
import { Hono, type Context } from "hono";
import { disableTwoFactor, enableTwoFactor, mustSetUpTwoFactor, setUpTwoFactor, type TwoFactorState } from "../../actions/two-factor";
import { NoticeLine } from "../../components/NoticeLine";
import { Shell } from "../../components/Shell";
import type { Deps } from "../../config/deps";
import { LIMITS } from "../../domain/fields";
import { Refusal } from "../../domain/refusal";
import { doneThen, handleForm, type FormState } from "../../http/forms";
import { twoFactorDisableBody, twoFactorEnableBody } from "../../http/schemas";
import { tOf } from "../../i18n/request";
import { askerOf, loginClient } from "../../middleware/device";
import { signedInUser } from "../../middleware/session";
import { renderPage, themeOf } from "../../render/Document";
import { qrSvg } from "../../render/qr";

/** The form on a page a refused two-factor post belongs to. */
export const TWO_FACTOR_FORM = "two-factor";

/** The code's field; `id` differs when another form of the page has one too (issue 51: the password change, the erasure). */
export function CodeField({ label, id = "two-factor-code" }: { label: string; id?: string }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} name="code" type="text" autocomplete="one-time-code" autocapitalize="none" spellcheck={false} maxlength={40} required />
    </div>
  );
}

/** The section on a profile page at `base`; `form`: a refused post of this page, shown here when it is this section's. */
export function TwoFactorSection({ c, deps, base, state, form }: { c: Context; deps: Deps; base: string; state: TwoFactorState; form?: FormState }) {
  const t = tOf(c);
  const refused = form?.target === TWO_FACTOR_FORM ? form : undefined;
  const error = <NoticeLine notice={refused && { text: refused.message, tone: "error" }} />;
  const user = signedInUser(c);
  return (
    <section id="two-factor" class="card two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t("account.twoFactorTitle")}</h2>
      {mustSetUpTwoFactor(deps, user) && <p class="notice notice-info">{t("account.twoFactorRequired")}</p>}
      {state.on ? (
        <>
          <p>{t("account.twoFactorOn")}</p>
          <h3 id="two-factor-off-title">{t("account.twoFactorDisable")}</h3>
          <form method="post" action={`${base}/two-factor/disable`} aria-labelledby="two-factor-off-title">
            <p class="muted small">{t("account.twoFactorDisableHint")}</p>
            <div class="field">
              <label for="two-factor-password">{t("account.twoFactorPassword")}</label>
              <input id="two-factor-password" name="password" type="password" autocomplete="current-password" maxlength={LIMITS.password.max} required />
            </div>
            <CodeField label={t("account.twoFactorCodeOrRecovery")} />
            {error}
            <button type="submit" class="button-secondary">
              {t("account.twoFactorDisable")}
            </button>
          </form>
        </>
      ) : (
        <>
          <p>{t("account.twoFactorOff")}</p>
          {state.pending && (
            <>
              <p>{t("account.twoFactorScan")}</p>
              <div class="qr-code" role="img" aria-label={t("account.twoFactorQrLabel")} dangerouslySetInnerHTML={{ __html: qrSvg(state.pending.otpauthUrl) }} />
              {/* Issue 52: on the phone that holds the app, the link opens it with the key filled in. */}
              <p>
                <a class="button button-secondary" href={state.pending.otpauthUrl}>
                  {t("account.twoFactorOpenApp")}
                </a>
              </p>
              <p>
                {t("account.twoFactorKey")}: <code class="two-factor-key">{state.pending.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
              </p>
              <form method="post" action={`${base}/two-factor/enable`}>
                <CodeField label={t("account.twoFactorCode")} />
                {/* Issue 51: a session begun with the password alone may be someone else's: ended unless unticked. */}
                <label class="check">
                  <input type="checkbox" name="endOtherSessions" value="on" checked /> {t("account.twoFactorEndOthers")}
                </label>
                {error}
                <button type="submit">{t("account.twoFactorEnable")}</button>
              </form>
            </>
          )}
          <form method="post" action={`${base}/two-factor/setup`}>
            {!state.pending && error}
            <button type="submit" class={state.pending ? "button-secondary" : undefined}>
              {t("account.twoFactorSetUp")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** The page that answers a successful enable: the recovery codes, this once (never kept, never cached). */
function recoveryCodesPage(c: Context, base: string, codes: string[]) {
  const t = tOf(c);
  c.header("Cache-Control", "no-store");
  const area = signedInUser(c).role;
  return renderPage(
    c,
    { title: t("account.recoveryTitle") },
    <Shell area={area} path={base} theme={themeOf(c)}>
      {/* Issue 52: the card inside the narrow column, so a phone shows margins beside it. */}
      <div class="page-narrow recovery-page">
        <section class="card" aria-labelledby="recovery-title">
          <h1 id="recovery-title">{t("account.recoveryTitle")}</h1>
          <p>{t("account.recoveryIntro")}</p>
          <ul class="recovery-codes" role="list" id="recovery-codes">
            {codes.map((code) => (
              <li>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <div class="actions">
            {/* Shown by the page's small script only (src/render/Document.tsx); without it the codes are plain text to select. */}
            <button type="button" class="button-secondary" data-copy="recovery-codes" data-done={t("account.recoveryCopied")} hidden>
              {t("account.recoveryCopy")}
            </button>
            <a href={`${base}#two-factor`}>{t("account.recoveryBack")}</a>
          </div>
        </section>
      </div>
    </Shell>,
  );
}

/** The section's posts under a profile page at `base` (behind its page guard); `again` renders the page with a refusal. */
export function twoFactorPosts(deps: Deps, base: string, again: (c: Context, form: FormState) => Promise<Response>) {
  const posts = new Hono();
  const target = () => TWO_FACTOR_FORM;
  posts.post(`${base}/two-factor/setup`, async (c) => {
    try {
      await setUpTwoFactor(deps, signedInUser(c));
    } catch (error) {
      // Already on (another tab turned it on): the section shows that.
      if (!(error instanceof Refusal)) throw error;
    }
    return doneThen(c, `${base}#two-factor`);
  });
  posts.post(`${base}/two-factor/enable`, (c) =>
    handleForm(c, {
      schema: twoFactorEnableBody,
      target,
      run: (input) => enableTwoFactor(deps, signedInUser(c), input.code, askerOf(c, deps), input.endOtherSessions === true),
      again: (form) => again(c, form),
      then: (codes) => recoveryCodesPage(c, base, codes),
    }),
  );
  posts.post(`${base}/two-factor/disable`, (c) =>
    handleForm(c, {
      schema: twoFactorDisableBody,
      target,
      run: (input) => disableTwoFactor(deps, signedInUser(c), input, loginClient(c, deps)),
      again: (form) => again(c, form),
      then: () => doneThen(c, `${base}#two-factor`, { text: tOf(c)("account.twoFactorOffDone"), tone: "success" }),
    }),
  );
  return posts;
}
