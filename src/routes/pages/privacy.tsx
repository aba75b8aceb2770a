/** /privacy : how data is handled. Static, no JavaScript. */
import type { Context } from "hono";
import { tOf } from "../../i18n/request";
import { staticPage } from "./public";

export const privacyPage = (c: Context) => {
  const t = tOf(c);
  return staticPage(
    c,
    t("privacy.title"),
    t("privacy.description"),
    <>
      <p>{t("privacy.p1")}</p>
      <p>{t("privacy.p2")}</p>
      <p>{t("records.privacy")}</p>
      <p>{t("privacy.p3")}</p>
    </>,
  );
};
