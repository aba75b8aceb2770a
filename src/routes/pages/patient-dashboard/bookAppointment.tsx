/**
 * /patient-dashboard/bookAppointment/{doctorId} : the doctor's free times (a day, then its
 * times), the reason form with its per-doctor draft, and a way back to the dashboard. An unknown
 * or unapproved doctor is the 404 page. The form posts here; the server books and comes back with
 * its message, or shows the refusal; a post of "Show times" (no script) shows the chosen day's
 * times with what was typed and ticked. A doctor with instant booking (issue 40) has the "Book
 * this time" form instead (src/components/InstantBookForm.tsx), posted to .../instant.
 */
import type { Context } from "hono";
import { bookAppointment, isInstant } from "../../../actions/appointments";
import { InstantBookForm } from "../../../components/InstantBookForm";
import { WaitlistJoinForm } from "../../../components/WaitlistJoinForm";
import { joinWaitlist } from "../../../actions/waitlist";
import { doctorFreeSlots, type DoctorSlots } from "../../../actions/availability";
import { Refusal } from "../../../domain/refusal";
import { SlotPicker, SLOTS_SHOWN } from "../../../components/SlotPicker";
import { MAX_PREFERRED, SLOT_DAYS, slotsHoldUntil } from "../../../domain/availability";
import { holdsUntil } from "../../../http/cached";
import { findDoctor } from "../../../db/queries/accounts";
import { feeText } from "../../../components/DoctorCard";
import { keptForDirectory } from "../../../db/queries/directory";
import type { Deps } from "../../../config/deps";
import { notFoundResponse } from "../../../components/NotFound";
import { doneThen, handleForm, postedValues, takeNotice, takeRefused, type FormState } from "../../../http/forms";
import { bookForm, instantBookForm, patientProfileForm, waitlistForm } from "../../../http/schemas";
import { PatientDetailsForm } from "../../../components/PatientDetailsForm";
import { updatePatientProfile } from "../../../actions/profile";
import { formatDay, formatTime } from "../../../domain/time";
import { Island } from "../../../render/islands";
import { viewerZone, pageAccount } from "../../../middleware/page-guard";
import { keptViewerPage } from "../kept";
import { BackLink } from "../../../components/Shell";
import { patientPage } from "./shell";
import { WhoField } from "../../../components/WhoField";
import { familyOf } from "../../../actions/family";
import { together } from "../../../db/together";
import { openAppointmentWith } from "../../../db/queries/open-appointments";
import type { FamilyMember } from "../../../domain/family";
import { tOf } from "../../../i18n/request";
import type { Key } from "../../../i18n/catalog";

/**
 * The doctor's next free slots (issues 26, 39): as far ahead as a preferred time may be, so that
 * the picker finds two weeks of days with free times; none for an unknown doctor (the page is a 404).
 */
async function freeSlotsOf(c: Context, deps: Deps): Promise<DoctorSlots> {
  try {
    return await doctorFreeSlots(deps, c.req.param("doctorId") ?? "", SLOT_DAYS.max, deps.database.db, SLOTS_SHOWN);
  } catch (error) {
    if (error instanceof Refusal) return { timeZone: null, slots: [], availability: null, places: [] };
    throw error;
  }
}

/** The refusals that are about the ticked times: said beside the picker, not under the reason. */
const PICKER_MESSAGES = ["msg.booking.tickAtMost", "msg.booking.notFree"] as const;

/** The booking island's form (islands/BookingForm.tsx): the "who" field outside it belongs to it. */
const BOOKING_FORM = "booking-form";

/** Which form of the page a refusal came from: the instant one (issue 40) names itself. */
const INSTANT = "instant";
/** The date of birth and sex asked below the booking form (issue 56): its refusal shows in it. */
const DETAILS = "details";
/** The waitlist's form of the same card (issue 40 item 5). */
const WAITLIST = "waitlist";

/** What the page reads besides the doctor: their free times, the viewer's family, and the viewer's own open appointment with the doctor (issue 52). */
type Reads = [DoctorSlots, FamilyMember[], OpenWith];
type OpenWith = Awaited<ReturnType<typeof openAppointmentWith>>;

function pageReads(c: Context, deps: Deps): Promise<Reads> {
  const patient = pageAccount(c, "patient");
  const doctorId = c.req.param("doctorId") ?? "";
  return together(() => Promise.all([freeSlotsOf(c, deps), familyOf(deps, patient.id), openAppointmentWith(deps.database.db, patient.id, doctorId, deps.now())]));
}

async function render(c: Context, deps: Deps, form?: FormState, reads?: Reads): Promise<Response> {
  // What the page shows of the doctor, kept per directory version (no secrets kept: a projection).
  const id = c.req.param("doctorId") ?? "";
  const doctor = await keptForDirectory(deps.database, `book:${id}`, async () => {
    const row = await findDoctor(deps.database.db, id);
    return row && { id: row.id, name: row.name, specialization: row.specialization, collegeName: row.collegeName, status: row.status, fee: row.fee };
  }, c.get("user")?.directoryVersion);
  if (doctor === undefined || doctor.status !== "approved") return notFoundResponse(c);
  const patient = pageAccount(c, "patient");
  const [source, members, open] = reads ?? (await pageReads(c, deps));
  const who = { holder: patient.name, members };
  // Issue 52: an open appointment of the viewer's own with this doctor is said at the top, with a
  // link to it, before any form is filled; the forms stay only for a family member's visit.
  if (open?.endsAt) holdsUntil(c, open.endsAt.getTime());
  const bookable = open === undefined || members.length > 0;
  const { slots } = source;
  holdsUntil(c, slotsHoldUntil(slots, deps.config.bookingNoticeMinutes, deps.now()));
  const t = tOf(c);
  const aboutTimes = form !== undefined && PICKER_MESSAGES.some((key) => form.message === t(key, { max: MAX_PREFERRED }));
  const ticked = form?.values["preferredTimes[]"]?.split("\n").filter(Boolean);
  // The doctor's name is bold wherever the language puts it in the sentence.
  const [before, after = ""] = t("patient.book.with", { name: "\u0000", spec: t(`spec.${doctor.specialization}` as Key), college: doctor.collegeName }).split("\u0000");
  return patientPage(
    c,
    t("patient.book.title", { name: doctor.name }),
    <section class="page-narrow" aria-labelledby="book-title">
      <BackLink href="/patient-dashboard" label={t("patient.book.back")} />
      <h1 id="book-title">{t("patient.book.heading")}</h1>
      <p>
        {before}
        <strong>{doctor.name}</strong>
        {after}
      </p>
      {/* What the visit costs, before booking (issue 41 item 5); nothing when the doctor has not said. */}
      {doctor.fee !== null && <p class="booking-fee">{feeText(doctor.fee, t)}</p>}
      {open !== undefined && (
        <p class="notice notice-info" id="open-with-doctor" role="status">
          {t(members.length > 0 ? "patient.book.openForFamily" : "patient.book.open", { name: doctor.name })}{" "}
          <a href={`/patient-dashboard/patient-meetings#meeting-${open.id}`}>{t("patient.book.openLink")}</a>
        </p>
      )}
      {/* One card: the day and its times, then the reason and the Book button (issue 39: one screen on a phone). */}
      {!bookable ? null : isInstant(source) ? (
        <div class="card booking-card" aria-labelledby="instant-title">
          <InstantBookForm doctorId={doctor.id} doctorName={doctor.name} slots={slots} places={source.places} reader={viewerZone(c)} form={form?.target === INSTANT ? form : undefined} who={who} />
          {/* The waitlist is the account holder's own: not offered beside their open appointment. */}
          {open === undefined && <WaitlistJoinForm doctorId={doctor.id} doctorName={doctor.name} doctorZone={source.timeZone ?? "UTC"} now={deps.now()} form={form?.target === WAITLIST ? form : undefined} />}
        </div>
      ) : (
      <div class="card booking-card">
        <WhoField id="booking-who" holder={who.holder} members={members} chosen={form?.target === INSTANT ? undefined : form?.values.forMemberId} form={BOOKING_FORM} />
        <SlotPicker slots={slots} places={source.places} reader={viewerZone(c)} ticked={ticked} day={form?.values.day} refusal={aboutTimes ? form.message : undefined} />
        <Island name="BookingForm" props={{ doctorId: doctor.id, doctorName: doctor.name, form: form && form.target !== DETAILS ? (aboutTimes ? { ...form, message: "" } : form) : undefined, notice: form ? undefined : takeNotice(c) }} />
      </div>
      )}
      {/* Issue 56: asked while the profile lacks either (optional; docs/decisions.md "Date of birth and sex on the booking page"). */}
      {(patient.dateOfBirth === null || patient.sex === null) && (
        <PatientDetailsForm action={`/patient-dashboard/bookAppointment/${encodeURIComponent(doctor.id)}/details`} patient={patient} id="booking-details" refused={form?.target === DETAILS ? form : undefined} />
      )}
    </section>,
  );
}

export function bookAppointmentPage(deps: Deps) {
  return async (c: Context) => {
    // The free slots are another doctor's: read first, and part of what the kept page is made of.
    // (The family members, issue 42, are the viewer's own: their changes move the account's lists version.)
    const reads = await pageReads(c, deps);
    const [free, , open] = reads;
    const me = pageAccount(c, "patient");
    const extra = `${me.dateOfBirth ?? ""}:${me.sex ?? ""}:${free.timeZone}:${isInstant(free) ? "instant:" : ""}${open?.id ?? ""}:${free.slots.map((s) => s.start).join(",")}`;
    return keptViewerPage(c, deps, () => render(c, deps, takeRefused(c), reads), { directory: true, extra });
  };
}

export function bookAppointmentPost(deps: Deps) {
  return async (c: Context) => {
    // "Show times" without script: the same page, the chosen day's times, nothing booked.
    const values = await postedValues(c, bookForm);
    if ((await c.req.parseBody()).show !== undefined) return render(c, deps, { message: "", values });
    return handleForm(c, {
      schema: bookForm,
      extra: { doctorId: c.req.param("doctorId") },
      run: (input) => bookAppointment(deps, pageAccount(c, "patient"), input),
      again: (form) => render(c, deps, form),
      page: c.req.path,
      // Issue 52: the meetings page, where the request shows, as after an instant booking (no live form left to book twice).
      then: () => doneThen(c, "/patient-dashboard/patient-meetings", { text: tOf(c)("BookingForm.booked"), tone: "success" }),
    });
  };
}

/**
 * Issue 56: the date of birth and sex asked on the booking page, saved to the profile (the name
 * stays the account's); back to the booking page with a notice; a refusal is said in that form, with what was sent.
 */
export function bookingDetailsPost(deps: Deps) {
  return (c: Context) => {
    const back = `/patient-dashboard/bookAppointment/${encodeURIComponent(c.req.param("doctorId") ?? "")}`;
    return handleForm(c, {
      schema: patientProfileForm,
      extra: { name: pageAccount(c, "patient").name },
      target: () => DETAILS,
      run: ({ dateOfBirth, sex }) => updatePatientProfile(deps, pageAccount(c, "patient").id, { name: pageAccount(c, "patient").name, dateOfBirth, sex }),
      again: (form) => render(c, deps, form),
      page: back,
      then: () => doneThen(c, back, { text: tOf(c)("records.detailsSaved"), tone: "success" }),
    });
  };
}

/**
 * "Book this time" (issue 40): the chosen free time of a doctor with instant booking, booked at
 * once through the same use case as the API; then the patient's meetings, where it shows confirmed.
 */
export function instantBookPost(deps: Deps) {
  return async (c: Context) => {
    const doctorId = c.req.param("doctorId") ?? "";
    // "Show times" without script (issue 52: the request page's picker): the chosen day's times, nothing booked.
    if ((await c.req.parseBody()).show !== undefined) return render(c, deps, { message: "", values: await postedValues(c, instantBookForm), target: INSTANT });
    return handleForm(c, {
      schema: instantBookForm,
      extra: { doctorId },
      target: () => INSTANT,
      run: (input) => bookAppointment(deps, pageAccount(c, "patient"), input),
      again: (form) => render(c, deps, form),
      page: `/patient-dashboard/bookAppointment/${encodeURIComponent(doctorId)}`,
      then: (booked) => {
        const t = tOf(c);
        const { zone } = viewerZone(c);
        const at = booked.scheduledAt!;
        const when = `${formatDay(at, zone, t.lang)} ${formatTime(at, zone, t.lang)}`;
        return doneThen(c, "/patient-dashboard/patient-meetings", { text: t("patient.instant.booked", { when }), tone: "success" });
      },
    });
  };
}

/** "Join the waitlist" (issue 40 item 5): the same use case as the API's POST /waitlist; then the meetings page, where the entry shows. */
export function waitlistJoinPost(deps: Deps) {
  return async (c: Context) => {
    const doctorId = c.req.param("doctorId") ?? "";
    return handleForm(c, {
      schema: waitlistForm,
      extra: { doctorId },
      target: () => WAITLIST,
      run: (input) => joinWaitlist(deps, pageAccount(c, "patient").id, input),
      again: (form) => render(c, deps, form),
      page: `/patient-dashboard/bookAppointment/${encodeURIComponent(doctorId)}`,
      then: () => doneThen(c, "/patient-dashboard/patient-meetings", { text: tOf(c)("patient.waitlist.joined"), tone: "success" }),
    });
  };
}
