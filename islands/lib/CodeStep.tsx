/** @jsxImportSource react */
/**
 * A login's second step when two-factor sign-in is on (issue 44): the code, and the challenge the
 * password earned in a hidden field. A real form: without script it posts to /login{Role}/code
 * (src/routes/pages/auth.tsx); the AuthForm island sends the same fields to the JSON API instead.
 */
import type { FormEvent } from "react";
import { Notice } from "./ui";
import { useT } from "./i18n";

export function CodeStep(props: { role: string; action: string; again: string; challenge: string; next?: string; error: string | null; busy: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const t = useT();
  return (
    <section className="card auth-card" aria-labelledby="code-title">
      <h1 id="code-title">{t("AuthForm.codeHeading")}</h1>
      <p>{t("AuthForm.codeIntro")}</p>
      <form method="post" action={props.action} onSubmit={props.onSubmit}>
        <input type="hidden" name="challenge" value={props.challenge} />
        {props.next !== undefined && <input type="hidden" name="next" value={props.next} />}
        <div className="field">
          <label htmlFor="code">{t("AuthForm.code")}</label>
          <input id="code" name="code" type="text" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={40} required autoFocus />
        </div>
        <Notice text={props.error} tone="error" />
        <button type="submit" disabled={props.busy}>
          {t("AuthForm.login")}
        </button>
      </form>
      <nav className="auth-links" aria-label={t("AuthForm.otherPages")}>
        <a href={props.again}>{t("AuthForm.heading.login", { role: props.role })}</a>
      </nav>
    </section>
  );
}
