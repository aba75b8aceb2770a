/**
 * "Page 2 of 5" with real links to the pages either side (the public directory, the signed-in
 * specialization pages): nothing when there is one page. `href` gives a page's address.
 */
import type { T } from "../i18n/catalog";

export function Pager({ t, page, pages, href }: { t: T; page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return <></>;
  return (
    <nav class="pager" aria-label={t("dir.pages")}>
      {page > 1 && <a class="button button-secondary" href={href(page - 1)} rel="prev">{t("dir.prev")}</a>}
      <span>{t("dir.page", { page, pages })}</span>
      {page < pages && <a class="button button-secondary" href={href(page + 1)} rel="next">{t("dir.next")}</a>}
    </nav>
  );
}
