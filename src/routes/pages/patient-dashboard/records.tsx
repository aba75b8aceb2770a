/**
 * /patient-dashboard/records : the patient's issued records (issue 56), newest first, the account
 * holder's and the family members'; /patient-dashboard/records/{id} : one record as a page that
 * reads on a 360 px phone and prints on one A4 sheet (src/components/RecordSheet.tsx). Read only.
 */
import type { Context } from "hono";
import { recordOfPatient, recordsOfPatient } from "../../../actions/records";
import type { Deps } from "../../../config/deps";
import { notFoundResponse } from "../../../components/NotFound";
import { bareDoctorName, RecordSheet, type SheetRecord } from "../../../components/RecordSheet";
import { ZoneNote } from "../../../components/TimeZone";
import { Refusal } from "../../../domain/refusal";
import { formatDateTime } from "../../../domain/time";
import { tOf } from "../../../i18n/request";
import { pageAccount, viewerZone } from "../../../middleware/page-guard";
import { patientPage } from "./shell";

export const PATIENT_RECORDS = "/patient-dashboard/records";

export function patientRecordsPage(deps: Deps) {
  return async (c: Context) => {
    const patient = pageAccount(c, "patient");
    const t = tOf(c);
    const reader = viewerZone(c);
    const rows = await recordsOfPatient(deps, patient.id);
    return patientPage(
      c,
      t("records.listTitle"),
      <section class="page-narrow" aria-labelledby="records-title">
        <h1 id="records-title">{t("records.listTitle")}</h1>
        <ZoneNote reader={reader} role="patient" id="zone-note" />
        {rows.length === 0 ? (
          <p class="card empty">{t("records.none")}</p>
        ) : (
          <ul class="record-list">
            {rows.map((r) => (
              <li class="card">
                <a href={`${PATIENT_RECORDS}/${r.id}`}>
                  {t("records.item", { number: r.number!, date: formatDateTime(r.visitAt, reader.zone, t.lang), doctor: bareDoctorName(r.snapshot!.doctorName) })}
                </a>
                <br />
                <span class="muted">{r.snapshot!.patientName}</span>
                {r.replacedByNumber && <span class="muted"> · {t("records.replacedBy", { number: r.replacedByNumber })}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>,
      PATIENT_RECORDS,
    );
  };
}

export function patientRecordPage(deps: Deps) {
  return async (c: Context) => {
    const patient = pageAccount(c, "patient");
    const t = tOf(c);
    const reader = viewerZone(c);
    let row;
    try {
      row = await recordOfPatient(deps, patient.id, c.req.param("id") ?? "");
    } catch (error) {
      if (error instanceof Refusal && error.kind === "not_found") return notFoundResponse(c);
      throw error;
    }
    return patientPage(
      c,
      `${t("records.rx")} ${row.number}`,
      <>
        <p class="back-link record-actions">
          <a href={PATIENT_RECORDS}>{t("records.listTitle")}</a>
        </p>
        <RecordSheet record={row as SheetRecord & typeof row} zone={reader.zone} />
      </>,
      `${PATIENT_RECORDS}/${row.id}`,
    );
  };
}
