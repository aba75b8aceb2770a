/**
 * /patient-dashboard/specialization/{specialization} : the approved doctors of one
 * specialization, each on the directory's card (issue 41 item 5: fee, languages, rating, next
 * free time) with a Book Appointment button, and a way back to the list.
 */
import type { Context } from "hono";
import { directoryDoctors, type DirectoryDoctor } from "../../../actions/directory";
import type { Deps } from "../../../config/deps";
import { isSpecialization } from "../../../domain/fields";
import { DoctorCard } from "../../../components/DoctorCard";
import { viewerTimeZone } from "../../../middleware/page-guard";
import { notFoundResponse } from "../../../components/NotFound";
import { keptViewerPage } from "../kept";
import { tOf } from "../../../i18n/request";
import type { Key } from "../../../i18n/catalog";
import { BackLink } from "../../../components/Shell";
import { patientPage } from "./shell";

export function specializationPage(deps: Deps) {
  return async (c: Context) => {
    // The cards, with each doctor's next free time (issue 26) and rating, read on every request in
    // one statement (src/db/queries/public-directory.ts). What the page is made of beyond the
    // directory version (which moves with names, fees, languages...) is the free times and the
    // ratings: they key the kept page.
    const specialization = c.req.param("specialization") ?? "";
    const doctors = isSpecialization(specialization) ? await directoryDoctors(deps, { specialization, verified: false }) : [];
    doctors.sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
    const extra = doctors.map((d) => `${d.id}=${d.next?.start ?? ""}${d.next?.instant ? "!" : ""}:${d.ratingCount}/${d.ratingTotal}`).join(",");
    return keptViewerPage(c, deps, () => render(c, doctors), { directory: true, extra });
  };
}

async function render(c: Context, doctors: DirectoryDoctor[]): Promise<Response> {
  const specialization = c.req.param("specialization") ?? "";
  if (!isSpecialization(specialization)) return notFoundResponse(c);
  const t = tOf(c);
  const label = t(`spec.${specialization}` as Key);
  const zone = viewerTimeZone(c);
  return patientPage(
    c,
    t("patient.spec.title", { name: label }),
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
    </section>,
  );
}
