/** /services : what the product offers. Static, no JavaScript. */
import type { Context } from "hono";
import { SPECIALIZATIONS } from "../../domain/fields";
import { tOf } from "../../i18n/request";
import { staticPage } from "./public";

export const servicesPage = (c: Context) => {
  const t = tOf(c);
  return staticPage(
    c,
    t("services.title"),
    t("services.description"),
    <>
      <ul>
        <li>{t("services.find")}</li>
        <li>{t("services.video")}</li>
        <li>{t("services.meetings")}</li>
        <li>{t("services.doctors")}</li>
      </ul>
      <h2>{t("services.specializations")}</h2>
      <ul class="columns">
        {SPECIALIZATIONS.map((s) => (
          <li>{t(`spec.${s}`)}</li>
        ))}
      </ul>
    </>,
  );
};
