/**
 * /patient-dashboard/specialization/{specialization} : the approved doctors of one
 * specialization, each on the directory's card (issue 41 item 5: fee, languages, rating, next
 * free time) with a Book Appointment button, and a way back to the list. By name, 20 to a page
 * (?page=N, with real links to the pages either side; issue 57: a specialization of a city holds
 * a thousand doctors), only the page's doctors read with their free times.
 */
import type { Context } from "hono";
import { specializationDoctors } from "../../../actions/directory";
import type { Deps } from "../../../config/deps";
import { isSpecialization, type Specialization } from "../../../domain/fields";
import { DoctorCard } from "../../../components/DoctorCard";
import { Pager } from "../../../components/Pager";
import { viewerTimeZone } from "../../../middleware/page-guard";
import { notFoundResponse } from "../../../components/NotFound";
import { pageQuery } from "../../../http/schemas";
import { keptViewerPage } from "../kept";
import { tOf } from "../../../i18n/request";
import type { Key } from "../../../i18n/catalog";
import { BackLink } from "../../../components/Shell";
import { patientPage } from "./shell";

type Found = Awaited<ReturnType<typeof specializationDoctors>>;

export function specializationPage(deps: Deps) {
  return async (c: Context) => {
    const specialization = c.req.param("specialization") ?? "";
    const asked = pageQuery.safeParse({ page: c.req.query("page") });
    // An unknown specialization, a page that is not a number, or one past the last: no such page.
    if (!isSpecialization(specialization) || !asked.success) return notFoundResponse(c);
    // The cards, with each doctor's next free time (issue 26) and rating, read on every request in
    // one round trip (src/db/queries/directory-search.ts). What the page is made of beyond the
    // directory version (which moves with names, fees, languages...) is the free times, the
    // ratings and how many pages there are: they key the kept page.
    const found = await specializationDoctors(deps, specialization, asked.data.page ?? 1);
    if (found.page > found.pages) return notFoundResponse(c);
    const extra = `${found.pages}:${found.doctors.map((d) => `${d.id}=${d.next?.start ?? ""}${d.next?.instant ? "!" : ""}:${d.ratingCount}/${d.ratingTotal}`).join(",")}`;
    return keptViewerPage(c, deps, () => render(c, specialization, found), { directory: true, extra });
  };
}

/** The page's address for page `page` (the first has no query). */
const pageHref = (specialization: Specialization, page: number) =>
  `/patient-dashboard/specialization/${encodeURIComponent(specialization)}${page === 1 ? "" : `?page=${page}`}`;

async function render(c: Context, specialization: Specialization, { doctors, page, pages }: Found): Promise<Response> {
  const t = tOf(c);
  const label = t(`spec.${specialization}` as Key);
  const zone = viewerTimeZone(c);
  const title = t("patient.spec.title", { name: label });
  return patientPage(
    c,
    page === 1 ? title : `${title}: ${t("dir.page", { page, pages })}`,
    <section aria-labelledby="spec-title">
      <BackLink href="/patient-dashboard" label={t("patient.spec.back")} />
      <h1 id="spec-title">{label}</h1>
      {doctors.length === 0 ? (
        <p class="empty">{t("patient.spec.none")}</p>
      ) : (
        <ul class="card-grid" role="list">
          {doctors.map((d) => (
            <DoctorCard
              doctor={d}
              zone={zone}
              link={{ href: `/patient-dashboard/bookAppointment/${encodeURIComponent(d.id)}`, label: t("patient.spec.book"), ariaLabel: t("patient.spec.bookWith", { name: d.name }) }}
            />
          ))}
        </ul>
      )}
      <Pager t={t} page={page} pages={pages} href={(n) => pageHref(specialization, n)} />
    </section>,
  );
}
