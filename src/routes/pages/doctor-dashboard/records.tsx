/**
 * /doctor-dashboard/records/{id} : the notes and prescription of one appointment (issue 56), from
 * its start: the draft's form (save, issue), or the issued record as the patient reads it and the
 * form of an amended record. Plain forms: POST /doctor-dashboard/records/{id} (save the draft),
 * .../issue (save, then issue), .../amend; each comes back here with its notice, or with the
 * refusal beside the form and what was typed.
 */
import type { Context } from "hono";
import { amendRecord, doctorRecord, issueRecord, saveRecord } from "../../../actions/records";
import type { Deps } from "../../../config/deps";
import { RecordForm, recordValues } from "../../../components/RecordForm";
import { RecordSheet, type SheetRecord } from "../../../components/RecordSheet";
import { ZoneNote } from "../../../components/TimeZone";
import { NoticeLine } from "../../../components/NoticeLine";
import { personWords } from "../../../domain/family";
import type { Translate } from "../../../domain/i18n";
import { formatDateTime } from "../../../domain/time";
import { doneThen, handleForm, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { recordForm, recordInput } from "../../../http/schemas";
import { tOf } from "../../../i18n/request";
import { pageAccount, viewerZone } from "../../../middleware/page-guard";
import { Refusal } from "../../../domain/refusal";
import { notFoundResponse } from "../../../components/NotFound";
import { doctorPage } from "./shell";

export const RECORDS_PATH = "/doctor-dashboard/records";
const pathOf = (id: string) => `${RECORDS_PATH}/${encodeURIComponent(id)}`;

async function render(c: Context, deps: Deps, form?: FormState): Promise<Response> {
  const doctor = pageAccount(c, "doctor");
  const t = tOf(c);
  const id = c.req.param("id") ?? "";
  let view;
  try {
    view = await doctorRecord(deps, doctor.id, id);
  } catch (error) {
    if (error instanceof Refusal && error.kind === "not_found") return notFoundResponse(c);
    throw error;
  }
  const { current, appointment, who, verified } = view;
  const reader = viewerZone(c);
  const notice = form ? undefined : takeNotice(c);
  const now = deps.now();
  const person = who.forName === null ? who.patientName : personWords({ name: who.forName, relation: who.forRelation ?? "other", age: who.forAge ?? 0 }, who.patientName, t as Translate);
  const closed = appointment.effective === "cancelled" || appointment.effective === "noshow";
  const early = !closed && (appointment.scheduledAt === null || appointment.effective === "pending" || now.getTime() < appointment.scheduledAt.getTime());
  const issued = current !== null && current.number !== null ? (current as SheetRecord & typeof current) : null;
  const action = pathOf(id);
  return doctorPage(
    c,
    t("records.title"),
    <section class="page-narrow" aria-labelledby="records-title">
      <p class="back-link">
        <a href="/doctor-dashboard/doctor-Meetings">{t("records.back")}</a>
      </p>
      <h1 id="records-title">{t("records.title")}</h1>
      <p>{t("records.for", { person })}</p>
      {appointment.scheduledAt && <p>{t("records.when", { time: formatDateTime(appointment.scheduledAt, reader.zone, t.lang) })}</p>}
      <ZoneNote reader={reader} role="doctor" id="zone-note" />
      {notice && <NoticeLine notice={notice} />}
      {closed ? (
        <p class="notice notice-info">{t("records.closedState")}</p>
      ) : early ? (
        <p class="notice notice-info">{t("records.notYet")}</p>
      ) : issued ? (
        <>
          <p class="notice notice-success">{t("records.issuedState", { number: issued.number })}</p>
          <RecordSheet record={issued} zone={reader.zone} />
          <h2>{t("records.amendTitle")}</h2>
          <RecordForm action={action} values={recordValues(issued)} form={form} amend />
        </>
      ) : (
        <>
          {current && <p class="muted">{t("records.draftState")}</p>}
          {!verified && <p class="notice notice-info">{t("records.unverifiedNote")}</p>}
          <RecordForm action={action} values={recordValues(current)} form={form} />
        </>
      )}
    </section>,
    action,
  );
}

export const doctorRecordPage = (deps: Deps) => (c: Context) => render(c, deps, takeRefused(c));

/** The three posts: save the draft; save then issue it; issue an amended record. */
export function doctorRecordPosts(deps: Deps) {
  const post = (step: "save" | "issue" | "amend") => (c: Context) => {
    const id = c.req.param("id") ?? "";
    const doctorId = pageAccount(c, "doctor").id;
    const t = tOf(c);
    return handleForm(c, {
      schema: recordForm,
      run: async (body) => {
        const input = recordInput(body);
        if (step === "amend") return amendRecord(deps, doctorId, id, input);
        const saved = await saveRecord(deps, doctorId, id, input);
        return step === "issue" ? issueRecord(deps, doctorId, id) : saved;
      },
      again: (form) => render(c, deps, form),
      page: pathOf(id),
      then: (record) =>
        doneThen(c, pathOf(id), {
          text: step === "save" ? t("records.draftSaved") : t(step === "issue" ? "records.issuedNotice" : "records.amendedNotice", { number: record.number ?? "" }),
          tone: "success",
        }),
    });
  };
  return { save: post("save"), issue: post("issue"), amend: post("amend") };
}
