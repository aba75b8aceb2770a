/**
 * /patient-dashboard/specialization/{specialization} : the approved doctors of one
 * specialization, each with a Book Appointment button, and a way back to the list.
 */
import type { Context } from "hono";
import { listApprovedDoctors } from "../../../db/queries/accounts";
import { keptForDirectory } from "../../../db/queries/directory";
import type { Deps } from "../../../config/deps";
import { isSpecialization } from "../../../domain/fields";
import { nextFreeTimes } from "../../../actions/availability";
import type { NextFree } from "../../../domain/availability";
import { nextFreeMarker, withNextFree } from "../../../components/NextFree";
import { viewerTimeZone } from "../../../middleware/page-guard";
import { notFoundResponse } from "../../../components/NotFound";
import { raw } from "hono/html";
import { flat } from "../../../render/html";
import { keptViewerPage } from "../kept";
import { tOf } from "../../../i18n/request";
import type { Key } from "../../../i18n/catalog";
import { BackLink } from "../../../components/Shell";
import { patientPage } from "./shell";

export function specializationPage(deps: Deps) {
  return async (c: Context) => {
    // Each card's next free time (issue 26) depends on the doctors' hours, meetings and the clock:
    // read on every request (one query), and part of what the kept page is made of.
    const specialization = c.req.param("specialization") ?? "";
    const next = isSpecialization(specialization) ? await nextFreeTimes(deps, specialization) : new Map<string, NextFree>();
    const extra = [...next].map(([id, at]) => `${id}=${at.start}${at.instant ? "!" : ""}`).join(",");
    return keptViewerPage(c, deps, () => render(c, deps, next), { directory: true, extra });
  };
}

async function render(c: Context, deps: Deps, next: Map<string, NextFree>): Promise<Response> {
  const specialization = c.req.param("specialization") ?? "";
  if (!isSpecialization(specialization)) return notFoundResponse(c);
  const t = tOf(c);
  const label = t(`spec.${specialization}` as Key);
  // The cards depend only on the doctors shown and the language: rendered once per directory
  // version and language and kept (flat, see src/render/html.ts), undefined when the
  // specialization has no approved doctor.
  const cards = await keptForDirectory(deps.database, `approved:${specialization}:${t.lang}`, async () => {
    const doctors = await listApprovedDoctors(deps.database.db, specialization);
    return doctors.length === 0 ? undefined : flat(String(
      <ul class="card-grid" role="list">
        {doctors.map((d) => (
          <li class="card doctor-card">
            {d.profileImage ? (
              <img class="avatar" src={`/uploads/doctors/${d.profileImage}`} alt="" width="64" height="64" loading="lazy" />
            ) : (
              <span class="avatar" aria-hidden="true">
                {d.name.slice(0, 1)}
              </span>
            )}
            <h2>{d.name}</h2>
            <p class="muted">{t(`spec.${d.specialization}` as Key)}</p>
            <p class="small">{d.collegeName}</p>
            {raw(nextFreeMarker(d.id))}
            <a class="button" href={`/patient-dashboard/bookAppointment/${encodeURIComponent(d.id)}`} aria-label={t("patient.spec.bookWith", { name: d.name })}>
              {t("patient.spec.book")}
            </a>
          </li>
        ))}
      </ul>,
    ));
  }, c.get("user")?.directoryVersion);
  return patientPage(
    c,
    t("patient.spec.title", { name: label }),
    <section aria-labelledby="spec-title">
      <BackLink href="/patient-dashboard" label={t("patient.spec.back")} />
      <h1 id="spec-title">{label}</h1>
      {cards === undefined ? <p class="empty">{t("patient.spec.none")}</p> : raw(withNextFree(cards, next, viewerTimeZone(c), t))}
    </section>,
  );
}
