/**
 * /admin-dashboard : the doctors in a 6-column table with the actions their status allows and
 * its status history, ADMIN_PAGE_SIZE per page, newest signup first (?page=N; src/domain/admin-table.ts). Each action is a form posted to /admin-dashboard/doctor-status/{id},
 * which comes back to the same page.
 */
import type { Context } from "hono";
import { decideDoctorChange, setStatusOfDoctor } from "../../actions/doctors";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";
import { doctorsPage } from "../../db/queries/accounts";
import type { Deps } from "../../config/deps";
import { doctorStatusHistories } from "../../db/queries/audit";
import { keptForDirectory } from "../../db/queries/directory";
import { keptViewerPage } from "./kept";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../http/forms";
import { doctorChangeForm, doctorStatusForm, pageQuery } from "../../http/schemas";
import { notFoundResponse } from "../../components/NotFound";
import { adminDoctorJson } from "../../http/shapes";
import { pageAccount, viewerTimeZone } from "../../middleware/page-guard";
import { Island } from "../../render/islands";
import { TimeZoneForm, ZoneNote } from "../../components/TimeZone";
import { ADMIN_PAGE_SIZE } from "../../domain/admin-table";

const PATH = "/admin-dashboard";

/** The page the query names (1 without one), or undefined when it names none. */
function pageOf(c: Context): number | undefined {
  const parsed = pageQuery.safeParse({ page: c.req.query("page") });
  return parsed.success ? (parsed.data.page ?? 1) : undefined;
}

/** The table's address for page `page` (the first page has no query). */
const pageUrl = (page: number) => (page === 1 ? PATH : `${PATH}?page=${page}`);

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const page = pageOf(c);
  if (page === undefined) return notFoundResponse(c);
  const { doctors, total, histories } = await keptForDirectory(deps.database, `admin-page:${page}`, async () => {
    const { doctors, total } = await doctorsPage(deps.database.db, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
    const histories = await doctorStatusHistories(
      deps.database.db,
      doctors.map((d) => d.id),
    );
    return { doctors, total, histories };
  }, c.get("user")?.directoryVersion);
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (page > pages) return notFoundResponse(c);
  const admin = pageAccount(c, "admin");
  const timeZone = viewerTimeZone(c);
  return renderPage(
    c,
    { title: page === 1 ? "Doctors" : `Doctors, page ${page}`, guard: "admin" },
    <Shell area="admin" path={PATH} theme={themeOf(c)}>
      <section class="page-wide" aria-labelledby="admin-title">
        <h1 id="admin-title">Doctors</h1>
        <ZoneNote zone={timeZone} chosen={admin.timeZone !== null} role="admin" />
        <p>
          <a href="/admin-dashboard/mail">Mail outbox</a>: what was sent, what waits, what fails.
        </p>
        <Island
          name="AdminTable"
          props={{
            doctors: doctors.map((d) => adminDoctorJson(d, histories.get(d.id) ?? [])),
            page,
            timeZone,
            form,
            notice: form ? undefined : takeNotice(c),
          }}
        />
        {pages > 1 && (
          <nav class="pager" aria-label="Pages of doctors">
            {page > 1 ? (
              <a class="button button-secondary" href={pageUrl(page - 1)} rel="prev">
                Newer
              </a>
            ) : null}
            <span>
              Page {page} of {pages} ({total} doctors, newest first)
            </span>
            {page < pages ? (
              <a class="button button-secondary" href={pageUrl(page + 1)} rel="next">
                Older
              </a>
            ) : null}
          </nav>
        )}
        <TimeZoneForm zone={timeZone} />
      </section>
    </Shell>,
  );
}

export function adminDashboardPage(deps: Deps) {
  return (c: Context) => keptViewerPage(c, deps, () => render(c, deps, takeRefused(c)), { directory: true });
}

/** Approve change or Decline change: an approved doctor's new specialization or college (issue 27). */
export function doctorChangePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorChangeForm,
      target: () => String(c.req.param("id") ?? ""),
      run: (input) => decideDoctorChange(deps, pageAccount(c, "admin").id, { doctorId: c.req.param("id") ?? "", ...input }),
      again: (form) => render(c, deps, form),
      page: pageUrl(pageOf(c) ?? 1),
      then: ({ message }) => doneThen(c, pageUrl(pageOf(c) ?? 1), { text: message, tone: "success" }),
    });
}

/** Approve, Reject, Block or Reactivate, posted from the table. */
export function doctorStatusPost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorStatusForm,
      target: (body) => String(c.req.param("id") ?? ""),
      run: (input) => setStatusOfDoctor(deps, pageAccount(c, "admin").id, { doctorId: c.req.param("id") ?? "", ...input }),
      again: (form) => render(c, deps, form),
      page: pageUrl(pageOf(c) ?? 1),
      then: ({ message }) => doneThen(c, pageUrl(pageOf(c) ?? 1), { text: message, tone: "success" }),
    });
}
