/**
 * /admin-dashboard : every doctor in a 6-column table with the actions their status allows and
 * its status history. Each action is a form posted to /admin-dashboard/doctor-status/{id}.
 */
import type { Context } from "hono";
import { setStatusOfDoctor } from "../../actions/doctors";
import { renderPage, themeOf } from "../../components/Document";
import { Shell } from "../../components/Shell";
import { listAllDoctors } from "../../db/queries/accounts";
import type { Deps } from "../../deps";
import { doctorStatusHistories } from "../../db/queries/audit";
import { doneThen, handleForm, takeNotice, type FormState } from "../../http/forms";
import { doctorStatusBody } from "../../http/schemas";
import { adminDoctorJson } from "../../http/shapes";
import { pageAccount, viewerTimeZone } from "../../middleware/page-guard";
import { Island } from "../../islands";

const PATH = "/admin-dashboard";

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const [doctors, histories] = await Promise.all([listAllDoctors(deps.database.db), doctorStatusHistories(deps.database.db)]);
  return renderPage(
    c,
    { title: "Doctors", guard: "admin" },
    <Shell area="admin" path={PATH} theme={themeOf(c)}>
      <section class="page-wide" aria-labelledby="admin-title">
        <h1 id="admin-title">Doctors</h1>
        <Island
          name="AdminTable"
          props={{
            doctors: doctors.map((d) => adminDoctorJson(d, histories.get(d.id) ?? [])),
            timeZone: viewerTimeZone(c),
            form,
            notice: form ? undefined : takeNotice(c),
          }}
        />
      </section>
    </Shell>,
  );
}

export function adminDashboardPage(deps: Deps) {
  return (c: Context) => render(c, deps);
}

/** Approve, Reject, Block or Reactivate, posted from the table. */
export function doctorStatusPost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorStatusBody,
      run: (input) => setStatusOfDoctor(deps, pageAccount(c, "admin").id, { doctorId: c.req.param("id") ?? "", ...input }),
      again: (form) => render(c, deps, form),
      then: ({ message }) => doneThen(c, PATH, { text: message, tone: "success" }),
    });
}
