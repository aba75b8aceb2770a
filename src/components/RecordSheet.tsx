/**
 * One issued record as a page (issue 56): what India's Telemedicine Practice Guidelines (2020) ask
 * a prescription to carry, laid out to read on a 360 px phone and to print on one A4 sheet (the
 * stylesheet's `@media print` rules for `.record-sheet`). The doctor's words stay as written;
 * every label is in the page's language; the generic names are in capitals.
 */
import { NOTE_SECTIONS, type Medicine, type RecordNote, type RecordSnapshot } from "../domain/records";
import { formatCalendarDate, formatDateTime } from "../domain/time";
import { useT } from "../render/lang";

export type SheetRecord = {
  number: string;
  issuedAt: Date;
  visitAt: Date;
  note: RecordNote;
  medicines: Medicine[];
  followUp: string | null;
  snapshot: RecordSnapshot;
  replacesNumber: string | null;
  replacedByNumber: string | null;
};

/**
 * Where the visit took place, as the printed record says it: today every visit is a video call
 * ("Video consultation", the guidelines' words). The one place to extend when visits at a clinic
 * come: `place` will name the clinic, and this line will print its name and address.
 */
export function visitPlaceLine(place: string, t: ReturnType<typeof useT>): string {
  if (place === "video") return t("records.placeVideo");
  return place;
}

/** The doctor's name after the title ("Dr."), once: a name given as "Dr. Meera Rao" is not titled twice. */
export const bareDoctorName = (name: string) => name.replace(/^\s*dr\.?\s+/i, "");

function MedicineItem({ m }: { m: Medicine }) {
  const t = useT();
  const head = [m.name.toLocaleUpperCase("en"), m.brand && `(${m.brand})`, m.strength].filter(Boolean).join(" ");
  return (
    <li>
      <strong>{head}</strong> <span class="muted">{t("records.formOf", { form: m.form })}</span>
      <br />
      {m.dose}, {m.frequency}, {t("records.forDays", { days: m.durationDays })}
      {m.instructions && (
        <>
          <br />
          <em>{m.instructions}</em>
        </>
      )}
    </li>
  );
}

export function RecordSheet({ record, zone }: { record: SheetRecord; zone: string }) {
  const t = useT();
  const s = record.snapshot;
  const sex = t("records.sexOf", { sex: s.sex ?? "none" });
  const age = s.age === null ? t("records.ageUnknown") : t("records.age", { age: s.age });
  return (
    <article class="record-sheet" aria-labelledby="record-title">
      {record.replacedByNumber && <p class="notice notice-info record-replaced">{t("records.replacedBy", { number: record.replacedByNumber })}</p>}
      <header class="record-doctor">
        <p class="record-doctor-name">{t("records.doctorName", { name: bareDoctorName(s.doctorName) })}</p>
        <p>{s.qualification}</p>
        <p>{t("records.regNo", { number: s.registrationNumber, council: s.registrationCouncil })}</p>
        <p>{visitPlaceLine(s.place, t)}</p>
      </header>
      <div class="record-meta">
        <h1 id="record-title">℞ {t("records.rx")}</h1>
        <p>{t("records.number", { number: record.number })}</p>
        <p>{t("records.date", { date: formatDateTime(record.visitAt, zone, t.lang) })}</p>
        {record.replacesNumber && <p>{t("records.replaces", { number: record.replacesNumber })}</p>}
      </div>
      <p class="record-patient">
        <strong>{t("records.patient")}:</strong> {s.patientName}, {age}, {sex}
      </p>
      {NOTE_SECTIONS.filter((k) => record.note[k].trim() !== "").map((k) => (
        <section class="record-section">
          <h2>{t("records.section", { section: k })}</h2>
          <p class="record-text">{record.note[k]}</p>
        </section>
      ))}
      <section class="record-section">
        <h2>{t("records.medicines")}</h2>
        {record.medicines.length === 0 ? <p>{t("records.noMedicines")}</p> : <ol class="record-medicines">{record.medicines.map((m) => <MedicineItem m={m} />)}</ol>}
      </section>
      {record.followUp && <p class="record-section">{t("records.followUpOn", { date: formatCalendarDate(record.followUp, t.lang) })}</p>}
      <footer class="record-footer small muted">{t("records.signature", { doctor: bareDoctorName(s.doctorName) })}</footer>
    </article>
  );
}
