/** The profile pages' "Your data" (issue 44): a download of everything held about the account (GET /account/export). */
import { useT } from "../render/lang";

export function DataExport() {
  const t = useT();
  return (
    <section id="your-data" class="card" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t("export.title")}</h2>
      <p>{t("export.text")}</p>
      <a class="button button-secondary" href="/account/export" download>
        {t("export.link")}
      </a>
    </section>
  );
}
