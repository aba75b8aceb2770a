/**
 * The header's language switch (issue 31): a plain form that works without script. It offers the
 * other language, named in its own script; POST /language keeps the choice (a cookie, and the
 * account when signed in) and comes back to the same page.
 */
import { LANG_NAMES, type Lang } from "../domain/i18n";
import { useT } from "../render/lang";

export function LanguageSwitch({ back }: { back: string }) {
  const t = useT();
  const other: Lang = t.lang === "hi" ? "en" : "hi";
  return (
    <form method="post" action="/language" class="lang-switch">
      <input type="hidden" name="back" value={back} />
      <button type="submit" name="lang" value={other} class="button-ghost" lang={other} aria-label={t("lang.switchTo", { language: LANG_NAMES[other] })}>
        {LANG_NAMES[other]}
      </button>
    </form>
  );
}
