/**
 * /admin-dashboard : the doctors in a 6-column table with the actions their status allows and
 * its status history, ADMIN_PAGE_SIZE per page, newest signup first (?page=N; src/domain/admin-table.ts). Each action is a form posted to /admin-dashboard/doctor-status/{id},
 * which comes back to the same page.
 */
import type { Context } from "hono";
import { decideDoctorChange, decideRegistration, setStatusOfDoctor, type ReviewedChange } from "../../actions/doctors";
import { renderPage, themeOf } from "../../render/Document";
import { Shell } from "../../components/Shell";
import { doctorsPage, doctorsPageIds } from "../../db/queries/accounts";
import { together } from "../../db/together";
import type { Deps } from "../../config/deps";
import { doctorStatusHistories } from "../../db/queries/audit";
import { keptForDirectory } from "../../db/queries/directory";
import { keptViewerPage } from "./kept";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../http/forms";
import { doctorChangeBody, doctorStatusForm, pageQuery, registrationDecisionForm } from "../../http/schemas";
import { notFoundResponse } from "../../components/NotFound";
import { adminDoctorJson } from "../../http/shapes";
import { pageAccount, viewerZone } from "../../middleware/page-guard";
import { Island } from "../../render/islands";
import type { RegistrationWords } from "../../../islands/AdminTable";
import { TimeZoneForm, ZoneNote } from "../../components/TimeZone";
import { ADMIN_PAGE_SIZE } from "../../domain/admin-table";
import { DOCTOR_TRANSITIONS, type ChangeDecision } from "../../domain/doctor-status";
import { CATALOGS, type Key, type T } from "../../i18n/catalog";
import { tOf } from "../../i18n/request";

const PATH = "/admin-dashboard";
/** The admin's actions on a doctor's status ("Approve", "Block"…), each with its message. */
const DOCTOR_ACTIONS = new Set(Object.values(DOCTOR_TRANSITIONS).flatMap((to) => Object.values(to)));

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
    // The page, its count and its doctors' histories in one round trip (issue 43).
    const [offset, db] = [(page - 1) * ADMIN_PAGE_SIZE, deps.database.db];
    const [{ doctors, total }, histories] = await together(() =>
      Promise.all([doctorsPage(db, offset, ADMIN_PAGE_SIZE), doctorStatusHistories(db, doctorsPageIds(db, offset, ADMIN_PAGE_SIZE))]),
    );
    return { doctors, total, histories };
  }, c.get("user")?.directoryVersion);
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (page > pages) return notFoundResponse(c);
  const admin = pageAccount(c, "admin");
  const reader = viewerZone(c);
  const timeZone = reader.zone;
  const t = tOf(c);
  // The page's specializations named in its language, for the table (kept out of its messages for their weight).
  const specs: Record<string, string> = {};
  for (const d of doctors)
    for (const s of [d.specialization, d.pendingSpecialization]) if (s !== null && specs[s] === undefined) specs[s] = t(`spec.${s}` as Key);
  return renderPage(
    c,
    { title: page === 1 ? t("admin.doctors") : t("admin.doctorsPage", { page: String(page) }), guard: "admin" },
    <Shell area="admin" path={PATH} theme={themeOf(c)}>
      <section class="page-wide" aria-labelledby="admin-title">
        <h1 id="admin-title">{t("admin.doctors")}</h1>
        <ZoneNote reader={reader} role="admin" />
        <p>
          <a href="/admin-dashboard/mail">{t("admin.outboxLink")}</a>
          {t("admin.outboxWhat")}
        </p>
        <p>
          <a href="/admin-dashboard/reviews">{t("admin.reviewsLink")}</a>
          {t("admin.reviewsLinkWhat")}
        </p>
        <Island
          name="AdminTable"
          props={{
            doctors: doctors.map((d) => adminDoctorJson(d, histories.get(d.id) ?? [])),
            page,
            timeZone,
            form,
            notice: form ? undefined : takeNotice(c),
            specs,
            empty: doctors.length === 0 ? t("admin.empty") : undefined,
            registration: registrationWords(t),
          }}
        />
        {pages > 1 && (
          <nav class="pager" aria-label={t("admin.pages")}>
            {page > 1 ? (
              <a class="button button-secondary" href={pageUrl(page - 1)} rel="prev">
                {t("admin.newer")}
              </a>
            ) : null}
            <span>{t("admin.pageOf", { page: String(page), pages: String(pages), total: String(total) })}</span>
            {page < pages ? (
              <a class="button button-secondary" href={pageUrl(page + 1)} rel="next">
                {t("admin.older")}
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

/** "Approved Dr X's change of specialization A to B." in the request's language. */
function changeNotice(t: T, decision: ChangeDecision, name: string, change: ReviewedChange) {
  const spec = (s: string) => t(`spec.${s}` as Key);
  const what = [
    change.specialization && t("admin.changeSpec", { from: spec(change.specialization.from), to: spec(change.specialization.to) }),
    change.collegeName && t("admin.changeCollege", { from: change.collegeName.from, to: change.collegeName.to }),
  ]
    .filter(Boolean)
    .join(", ");
  return t("admin.changeDone", { decision, name, what });
}

/** Approve change or Decline change: an approved doctor's new specialization or college (issue 27). */
export function doctorChangePost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorChangeBody,
      target: () => String(c.req.param("id") ?? ""),
      run: async (input) => {
        const { doctor, change } = await decideDoctorChange(deps, pageAccount(c, "admin").id, { doctorId: c.req.param("id") ?? "", ...input });
        return changeNotice(tOf(c), input.decision, doctor.name, change);
      },
      again: (form) => render(c, deps, form),
      page: pageUrl(pageOf(c) ?? 1),
      then: (text) => doneThen(c, pageUrl(pageOf(c) ?? 1), { text, tone: "success" }),
    });
}

/** The registration's words for the table (issue 41): patterns the island fills per doctor. */
function registrationWords(t: T): RegistrationWords {
  // Left as patterns: the island fills {name}, {verified} and {reason} per doctor.
  const raw = (key: Key) => CATALOGS[t.lang][key];
  return {
    label: t("admin.registration"),
    none: t("admin.registrationNone"),
    verified: t("admin.registrationVerified"),
    waiting: raw("admin.registrationWaiting"),
    waitingFirst: t("admin.registrationWaitingFirst"),
    refused: raw("admin.registrationRefused"),
    verify: raw("admin.registrationVerify"),
    reject: raw("admin.registrationReject"),
    why: t("admin.registrationWhy"),
  };
}

/** Verify or Reject a doctor's waiting registration (issue 41), posted from the table. */
export function doctorRegistrationPost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: registrationDecisionForm,
      target: () => String(c.req.param("id") ?? ""),
      run: async (input) => {
        const { doctor } = await decideRegistration(deps, pageAccount(c, "admin").id, { doctorId: c.req.param("id") ?? "", ...input });
        const t = tOf(c);
        return input.verified ? t("admin.registrationVerifiedDone", { name: doctor.name }) : t("admin.registrationRejectedDone", { name: doctor.name });
      },
      again: (form) => render(c, deps, form),
      page: pageUrl(pageOf(c) ?? 1),
      then: (text) => doneThen(c, pageUrl(pageOf(c) ?? 1), { text, tone: "success" }),
    });
}

/** Approve, Reject, Block or Reactivate, posted from the table. */
export function doctorStatusPost(deps: Deps) {
  return (c: Context) =>
    handleForm(c, {
      schema: doctorStatusForm,
      target: (body) => String(c.req.param("id") ?? ""),
      run: async (input) => {
        const { doctor, message } = await setStatusOfDoctor(deps, pageAccount(c, "admin").id, { doctorId: c.req.param("id") ?? "", ...input });
        // The message starts with the action ("Approve: …", src/actions/doctors.ts).
        const action = message.slice(0, message.indexOf(": "));
        const t = tOf(c);
        if (!DOCTOR_ACTIONS.has(action)) return message;
        return t("admin.statusDone", { action: t(`AdminTable.a.${action}` as Key), name: doctor.name, status: t(`status.${doctor.status}`) });
      },
      again: (form) => render(c, deps, form),
      page: pageUrl(pageOf(c) ?? 1),
      then: (text) => doneThen(c, pageUrl(pageOf(c) ?? 1), { text, tone: "success" }),
    });
}
