/** /about : who we are. Static, no JavaScript. */
import type { Context } from "hono";
import { tOf } from "../../i18n/request";
import { staticPage } from "./public";

export const aboutPage = (c: Context) => {
  const t = tOf(c);
  return staticPage(
    c,
    t("about.title"),
    t("about.description"),
    <>
      <p>{t("about.p1")}</p>
      <p>{t("about.p2")}</p>
    </>,
  );
};
