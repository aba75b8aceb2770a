/**
 * Issue 44's consent notice: what is kept, why, who sees it, how long, and how to withdraw or
 * complain, one line each in the page's language (src/i18n/<lang>/consent.ts). The signup pages
 * show it above their form, whose tick box (the AuthForm island) refers to it; a person who has
 * not accepted the notice in force sees ConsentPrompt at the top of their pages: the same notice
 * and tick box in a plain form (POST /consent, then 303 back). It never blocks the page below.
 */
import { useT } from "../render/lang";

export const CONSENT_NOTICE_ID = "consent-notice";

export function ConsentNotice() {
  const t = useT();
  return (
    <section id={CONSENT_NOTICE_ID} class="card" aria-labelledby="consent-title">
      <h2 id="consent-title">{t("consent.title")}</h2>
      <ul>
        <li>{t("consent.what")}</li>
        <li>{t("consent.why")}</li>
        <li>{t("consent.who")}</li>
        <li>{t("consent.kept")}</li>
        <li>{t("consent.withdraw")}</li>
      </ul>
      <a href="/privacy">{t("consent.privacy")}</a>
    </section>
  );
}

/** The notice with its form, for the top of a page whose reader has not accepted the notice in force; `back`: the page itself. */
export function ConsentPrompt({ back }: { back: string }) {
  const t = useT();
  return (
    <div class="consent-prompt">
      <p class="notice notice-info">{t("consent.asked")}</p>
      <ConsentNotice />
      <form method="post" action="/consent" class="card">
        <input type="hidden" name="back" value={back} />
        <label class="check">
          <input type="checkbox" name="consent" value="on" required aria-describedby={CONSENT_NOTICE_ID} /> {t("consent.tick")}
        </label>
        <button type="submit">{t("consent.accept")}</button>
      </form>
    </div>
  );
}
