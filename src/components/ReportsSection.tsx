/**
 * Issue 56 item 4: the patient's reports, per open or past appointment, on the appointments page:
 * each appointment folds open (no script needed) to its reports (a download link and a delete
 * button each) and a real multipart form to upload one. Posts go to `${base}/documents` and
 * `${base}/documents/delete` and come back with a notice; a refusal comes back in the form it
 * came from (`form.target` is the appointment's id), with the title typed.
 */
import { DOCUMENT_LIMITS, type DocumentType } from "../domain/documents";
import type { FormState, Notice } from "../http/forms";
import { useT } from "../render/lang";
import { NoticeLine } from "./NoticeLine";

export type ReportItem = { id: string; title: string; type: DocumentType; bytes: number };
export type ReportsAppointment = { id: string; doctorName: string; when: string; reports: ReportItem[] };

/** The target of a reports form's refusal and notice: the appointment's. */
export const reportsTarget = (appointmentId: string) => `reports:${appointmentId}`;

export function reportCount(t: ReturnType<typeof useT>, n: number): string {
  return n === 1 ? t("documents.one") : t("documents.many", { n });
}

export function ReportsSection({ base, appointments, maxMb, form, notice }: { base: string; appointments: ReportsAppointment[]; maxMb: number; form?: FormState; notice?: Notice }) {
  const t = useT();
  if (appointments.length === 0) return null;
  return (
    <section id="reports" class="card reports" aria-labelledby="reports-title">
      <h2 id="reports-title">{t("documents.heading")}</h2>
      <p class="small muted">{t("documents.intro", { size: maxMb })}</p>
      {/* A refusal before the form was read (too large, the line full) names no appointment: said here. */}
      <NoticeLine notice={form !== undefined && !appointments.some((a) => form.target === reportsTarget(a.id)) ? { text: form.message, tone: "error" } : undefined} />
      {appointments.map((a) => {
        const target = reportsTarget(a.id);
        const refused = form?.target === target ? form : undefined;
        const said = refused ? { text: refused.message, tone: "error" as const } : notice?.at === target ? notice : undefined;
        return (
          <details class="reports-of" open={said !== undefined ? true : undefined}>
            <summary>
              {t("documents.for", { doctor: a.doctorName, time: a.when })} · {reportCount(t, a.reports.length)}
            </summary>
            <NoticeLine notice={said} />
            {a.reports.length === 0 ? (
              <p class="muted">{t("documents.none")}</p>
            ) : (
              <ul class="report-list">
                {a.reports.map((r) => (
                  <li>
                    <a href={`${base}/documents/${encodeURIComponent(a.id)}/${encodeURIComponent(r.id)}`} download>
                      {r.title}
                    </a>{" "}
                    <span class="small muted">{t("documents.size", { type: r.type.toUpperCase(), kb: Math.max(1, Math.round(r.bytes / 1024)) })}</span>
                    <form method="post" action={`${base}/documents/delete`} class="inline-form">
                      <input type="hidden" name="appointmentId" value={a.id} />
                      <input type="hidden" name="documentId" value={r.id} />
                      <button type="submit" class="button-secondary">
                        {t("documents.delete")}
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            )}
            {a.reports.length < DOCUMENT_LIMITS.perAppointment && (
              <form method="post" action={`${base}/documents`} enctype="multipart/form-data" class="report-upload">
                <input type="hidden" name="appointmentId" value={a.id} />
                <div class="field">
                  <label for={`report-title-${a.id}`}>{t("documents.titleField")}</label>
                  <input id={`report-title-${a.id}`} name="title" value={refused?.values.title ?? ""} required maxlength={DOCUMENT_LIMITS.title.max} autocomplete="off" />
                </div>
                <div class="field">
                  <label for={`report-file-${a.id}`}>{t("documents.fileField")}</label>
                  <input id={`report-file-${a.id}`} name="file" type="file" accept="application/pdf,image/jpeg,image/png" required />
                </div>
                <div class="actions">
                  <button type="submit">{t("documents.upload")}</button>
                </div>
              </form>
            )}
          </details>
        );
      })}
    </section>
  );
}
