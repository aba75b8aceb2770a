/** /admin-dashboard : every doctor in a 6-column table with the actions their status allows and its status history. */
import type { Context } from "hono";
import { renderPage, themeOf } from "../../components/Document";
import { Shell } from "../../components/Shell";
import { listAllDoctors } from "../../db/queries/accounts";
import type { Deps } from "../../deps";
import { doctorStatusHistories } from "../../db/queries/audit";
import { adminDoctorJson } from "../../http/shapes";
import { viewerTimeZone } from "../../middleware/page-guard";
import { Island } from "../../islands";

export function adminDashboardPage(deps: Deps) {
  return async (c: Context) => {
    const [doctors, histories] = await Promise.all([listAllDoctors(deps.database.db), doctorStatusHistories(deps.database.db)]);
    return renderPage(
      c,
      { title: "Doctors", guard: "admin" },
      <Shell area="admin" path={c.req.path} theme={themeOf(c)}>
        <section class="page-wide" aria-labelledby="admin-title">
          <h1 id="admin-title">Doctors</h1>
          <Island
            name="AdminTable"
            props={{ doctors: doctors.map((d) => adminDoctorJson(d, histories.get(d.id) ?? [])), timeZone: viewerTimeZone(c) }}
          />
        </section>
      </Shell>,
    );
  };
}
