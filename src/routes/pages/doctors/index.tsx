/**
 * /doctors : the public doctor directory (issue 41 item 4), no account needed. A GET form of
 * filters and a sort (works without script: no island), 20 cards a page with real links to the
 * previous and next page. Rendered per request (the free times move with the clock), sent with an
 * ETag (304 when unchanged) and a canonical address that names the filters in one order.
 */
import type { Context } from "hono";
import { searchDirectory } from "../../../actions/directory";
import type { Deps } from "../../../config/deps";
import { DoctorCard } from "../../../components/DoctorCard";
import { Pager } from "../../../components/Pager";
import { LANGUAGE_CODES } from "../../../domain/doctor-details";
import { bookHref, DIRECTORY_SORTS, SOON_DAYS, type DirectoryQuery } from "../../../domain/directory";
import { SPECIALIZATIONS } from "../../../domain/fields";
import { zoneName, zoneNames } from "../../../domain/zones";
import { describeIssue } from "../../../http/validate";
import { directoryQuery } from "../../../http/schemas";
import { hindiSpecialization, type Key, type T } from "../../../i18n/catalog";
import { tOf } from "../../../i18n/request";
import { viewerTimeZone } from "../../../middleware/page-guard";
import { publicPage } from "./page";

/** The address of a search: its filters in one fixed order, empty ones left out (`page` 1 too). */
export function directoryHref(q: Partial<DirectoryQuery>): string {
  const params = new URLSearchParams();
  if (q.q) params.set("q", q.q);
  if (q.specialization) params.set("specialization", q.specialization);
  if (q.language) params.set("language", q.language);
  if (q.maxFee !== undefined) params.set("maxFee", String(q.maxFee));
  if (q.availableDays !== undefined) params.set("availableDays", String(q.availableDays));
  if (q.city) params.set("city", q.city);
  if (q.pinCode) params.set("pinCode", q.pinCode);
  if (q.visit) params.set("visit", q.visit);
  if (q.sort && q.sort !== "next") params.set("sort", q.sort);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const query = params.toString();
  return query === "" ? "/doctors" : `/doctors?${query}`;
}

export function doctorsPage(deps: Deps) {
  return async (c: Context) => {
    const t = tOf(c);
    // Repeated fields as lists, as the JSON twin's validator reads them (issue 51: `page=1&page=2` is 400 on both).
    const fields = Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]));
    const parsed = directoryQuery.safeParse(fields);
    if (!parsed.success) {
      const message = describeIssue(parsed.error);
      return publicPage(c, deps, { title: t("dir.title"), description: t("dir.description"), canonical: "/doctors", status: 400 }, <Directory t={t} query={{ sort: "next", page: 1 }} zone={viewerTimeZone(c)} invalid={message} />);
    }
    const query = parsed.data;
    const found = await searchDirectory(deps, query, hindiSpecialization);
    const title = query.page > 1 ? `${t("dir.title")}: ${t("dir.page", { page: query.page, pages: found.pages })}` : t("dir.title");
    return publicPage(c, deps, { title, description: t("dir.description"), canonical: directoryHref(query) }, <Directory t={t} query={query} found={found} zone={viewerTimeZone(c)} />);
  };
}

type Found = Awaited<ReturnType<typeof searchDirectory>>;

function Directory({ t, query, found, zone, invalid }: { t: T; query: DirectoryQuery; found?: Found; zone: string; invalid?: string }) {
  return (
    <section class="page-wide section" aria-labelledby="dir-title">
      <h1 id="dir-title">{t("dir.heading")}</h1>
      <Filters t={t} query={query} />
      {invalid !== undefined && <p class="notice notice-error" role="alert">{t("dir.invalid", { message: invalid })}</p>}
      {found !== undefined && (
        <>
          {/* With script, the browser's zone replaces a guessed one (src/render/client-assets.ts). */}
          <p class="small muted" data-zone-rendered={zoneNames(zone)}>
            {t("dir.found", { count: found.total })} {t("dir.zone", { zone: zoneName(zone, t.lang) })}
          </p>
          {found.doctors.length === 0 ? (
            <p class="empty">{t("dir.none")}</p>
          ) : (
            <ul class="card-grid" role="list">
              {found.doctors.map((d) => (
                <DoctorCard
                  doctor={d}
                  zone={zone}
                  link={{ href: bookHref(d.id), label: t("dir.book"), ariaLabel: t("dir.bookWith", { name: d.name }) }}
                  more={{ href: `/doctors/${encodeURIComponent(d.id)}`, label: t("dir.profileShort"), ariaLabel: t("dir.profile", { name: d.name }) }}
                />
              ))}
            </ul>
          )}
          <Pager t={t} page={query.page} pages={found.pages} href={(page) => directoryHref({ ...query, page })} />
        </>
      )}
    </section>
  );
}

/** How many filters a search uses (the sort is not one): the folded filters' summary says it. */
export const activeFilters = (q: DirectoryQuery): number =>
  [q.q, q.specialization, q.language, q.maxFee, q.availableDays, q.city, q.pinCode, q.visit].filter((v) => v !== undefined && v !== "").length;

/**
 * The filters as a GET form: the page itself carries them out, with or without script. Issue 52:
 * folded into "Filters (2)" (a <details>, no script needed) so that on a phone the count and the
 * first card are on the first screen; a wide screen shows them unfolded (static/app.css).
 */
function Filters({ t, query }: { t: T; query: DirectoryQuery }) {
  return (
    <details class="card dir-fold">
      <summary>{t("dir.filters", { count: activeFilters(query) })}</summary>
      <form method="get" action="/doctors" class="dir-filters" role="search">
        <div class="field">
          <label for="dir-q">{t("dir.q")}</label>
          <input id="dir-q" name="q" type="search" maxlength={100} value={query.q ?? ""} />
        </div>
        <AnyOf id="dir-spec" name="specialization" label={t("dir.specialization")} any={t("dir.any")} chosen={query.specialization} options={SPECIALIZATIONS.map((s) => [s, t(`spec.${s}` as Key)])} />
        <AnyOf id="dir-lang" name="language" label={t("dir.language")} any={t("dir.any")} chosen={query.language} options={LANGUAGE_CODES.map((code) => [code, t(`lang.${code}` as Key)])} />
        <div class="field">
          <label for="dir-fee">{t("dir.maxFee")}</label>
          <input id="dir-fee" name="maxFee" type="number" min={0} max={100000} step={1} inputmode="numeric" value={query.maxFee === undefined ? "" : String(query.maxFee)} />
        </div>
        {/* Issue 54: find a doctor near you. */}
        <div class="field">
          <label for="dir-city">{t("dir.city")}</label>
          <input id="dir-city" name="city" maxlength={60} autocomplete="address-level2" value={query.city ?? ""} />
        </div>
        <div class="field">
          <label for="dir-pin">{t("dir.pinCode")}</label>
          <input id="dir-pin" name="pinCode" inputmode="numeric" pattern="[1-9][0-9]{5}" maxlength={6} autocomplete="postal-code" value={query.pinCode ?? ""} />
        </div>
        <AnyOf id="dir-visit" name="visit" label={t("dir.visit")} any={t("dir.any")} chosen={query.visit} options={[["clinic", t("dir.visitClinic")], ["video", t("dir.visitVideo")]]} />
        <div class="field">
          <label for="dir-sort">{t("dir.sort")}</label>
          <select id="dir-sort" name="sort">
            {DIRECTORY_SORTS.map((s) => <option value={s} selected={query.sort === s}>{t(`dir.sort.${s}`)}</option>)}
          </select>
        </div>
        <label class="check">
          <input type="checkbox" name="availableDays" value={String(SOON_DAYS)} checked={query.availableDays !== undefined} /> {t("dir.soon")}
        </label>
        <button type="submit">{t("dir.apply")}</button>
      </form>
    </details>
  );
}

/** A filter's select: "Any" (sent empty), then each value with its name in the page's language. */
function AnyOf(props: { id: string; name: string; label: string; any: string; chosen: string | undefined; options: [value: string, name: string][] }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name}>
        <option value="">{props.any}</option>
        {props.options.map(([value, name]) => <option value={value} selected={props.chosen === value}>{name}</option>)}
      </select>
    </div>
  );
}

