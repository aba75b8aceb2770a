/**
 * /patient-dashboard : the 16 specializations with their doctor counts and a search box. The
 * search works without script (a GET form the server filters: everyday words, specializations
 * and doctors' names, src/domain/everyday-words.ts); the island filters as you type.
 */
import type { Context } from "hono";
import { listApprovedDoctors } from "../../../db/queries/accounts";
import { countApprovedBySpecialization, keptForDirectory } from "../../../db/queries/directory";
import { nameMatches } from "../../../domain/everyday-words";
import type { Deps } from "../../../config/deps";
import { SPECIALIZATIONS } from "../../../domain/fields";
import { Island } from "../../../render/islands";
import { keptViewerPage } from "../kept";
import { tOf } from "../../../i18n/request";
import { patientPage } from "./shell";
import { NoticeLine } from "../../../components/NoticeLine";
import { takeNotice } from "../../../http/forms";

export function patientDashboardPage(deps: Deps) {
  return (c: Context) => keptViewerPage(c, deps, () => render(c, deps), { directory: true });
}

async function render(c: Context, deps: Deps): Promise<Response> {
  const counts = await keptForDirectory(deps.database, "counts", () => countApprovedBySpecialization(deps.database.db), c.get("user")?.directoryVersion);
  const query = (c.req.query("q") ?? "").slice(0, 100);
  const doctors = await doctorsNamed(c, deps, query);
  const t = tOf(c);
  return patientPage(
    c,
    t("patient.dash.title"),
    <section aria-labelledby="dash-title">
      <h1 id="dash-title">{t("patient.dash.heading")}</h1>
      {/* A post that leads here (a password reset) says what it did. */}
      <NoticeLine notice={takeNotice(c)} />
      <Island
        name="SpecializationSearch"
        props={{ query, specializations: SPECIALIZATIONS.map((name) => ({ name, count: counts.get(name) ?? 0 })), doctors }}
      />
    </section>,
  );
}

/** The approved doctors (at most ten) whose name answers `query`, as the island lists them. */
async function doctorsNamed(c: Context, deps: Deps, query: string) {
  if (query.trim().length < 2) return [];
  const all = await keptForDirectory(deps.database, "approved", () => listApprovedDoctors(deps.database.db), c.get("user")?.directoryVersion);
  return all
    .filter((d) => nameMatches(d.name, query))
    .slice(0, 10)
    .map((d) => ({ _id: d.id, name: d.name, specialization: d.specialization }));
}
