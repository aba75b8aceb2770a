/** @jsxImportSource react */
/**
 * The booking form (SPEC §4 booking draft): the reason is saved to localStorage on each edit,
 * restored on return with a brief 'Draft loaded.' notice, and cleared on a successful booking or
 * on Discard Draft. The form posts to its page with or without script (issue 52): the server books
 * and opens the patient's meetings at its notice; live, the island first says what is missing.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { MAX_PREFERRED } from "../src/domain/availability";
import { LIMITS } from "../src/domain/fields";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import { storage } from "./lib/browser";
import { Notice, useFlash, withNodes } from "./lib/ui";
import { useT } from "./lib/i18n";

export type Props = {
  doctorId: string;
  doctorName: string;
  /** A refused post: the message and the reason typed. */
  form?: FormState;
  /** The server's message after a booking posted without script. */
  notice?: NoticeJson;
};

/** SPEC §9: the draft notices disappear after 1 second. */
const NOTICE_MS = 1000;
/** The form's id: the free-time checkboxes outside it belong to it (their `form` attribute). */
const FORM_ID = "booking-form";


export default function BookingForm({ doctorId, doctorName, form: refused, notice }: Props) {
  const t = useT();
  const key = storage.draftKey(doctorId);
  const booked = notice?.tone === "success";
  const [reason, setReason] = useState(refused?.values.reason ?? "");
  const [flash, setFlash] = useFlash(NOTICE_MS);
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const [success, setSuccess] = useState<string | null>(booked ? notice.text : null);
  const [busy, setBusy] = useState(false);
  // Only a live island keeps a draft: until then the page claims nothing about one (issue 27).
  const [live, setLive] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setLive(true);
    // Booked by the form's own post: the draft it was typed from is done with.
    if (booked) return localStorage.removeItem(key);
    // Typed before the island was live (or brought back by a refused post): that is the draft now.
    const typed = field.current?.value ?? "";
    if (typed !== "") {
      setReason(typed);
      return localStorage.setItem(key, typed);
    }
    const draft = localStorage.getItem(key);
    if (draft) {
      setReason(draft);
      setFlash(t("BookingForm.loaded"));
    }
  }, [key]);

  function edit(value: string) {
    setReason(value);
    setError(null);
    if (value === "") localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  }

  function discard() {
    localStorage.removeItem(key);
    setReason("");
    setFlash(t("BookingForm.discarded"));
  }

  function book(event: FormEvent) {
    // What the field holds: a tap on Book replayed as the code arrives can come before the effect
    // above has taken in what was typed before it (a reason on screen, an empty state).
    const typed = field.current?.value ?? reason;
    if (typed !== reason) setReason(typed);
    if (typed.trim() === "") {
      event.preventDefault();
      setError(t("BookingForm.reasonRequired"));
      field.current?.focus();
      return;
    }
    // The free times ticked beside the form (src/components/SlotPicker.tsx, issue 26).
    const ticked = document.querySelectorAll<HTMLInputElement>(`input[name="preferredTimes[]"][form="${FORM_ID}"]:checked`);
    if (ticked.length > MAX_PREFERRED) {
      event.preventDefault();
      setError(t("BookingForm.tooMany", { max: MAX_PREFERRED }));
      return;
    }
    // Issue 52: the form posts as it does without script, and the server opens the patient's
    // meetings at its notice (no live form left behind to book twice). The draft goes with the
    // post; a refusal brings what was typed back, and the island keeps it as the draft again.
    setBusy(true);
    setError(null);
    localStorage.removeItem(key);
  }

  const invalid = error === t("BookingForm.reasonRequired");
  return (
    // noValidate: the inline message below replaces the browser's bubble, which shows no text in the page.
    <form id={FORM_ID} method="post" onSubmit={book} noValidate>
      <div className="field">
        <label htmlFor="reason">{withNodes(t, "BookingForm.reasonLabel", {}, { name: doctorName })}</label>
        <textarea
          id="reason"
          name="reason"
          rows={4}
          required
          maxLength={LIMITS.bookingReason.max}
          value={reason}
          onChange={(e) => edit(e.target.value)}
          ref={field}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={live ? (invalid ? "reason-hint reason-error" : "reason-hint") : invalid ? "reason-error" : undefined}
        />
      </div>
      <Notice text={flash} passing />
      <div id="reason-error">
        <Notice text={error} tone="error" />
      </div>
      <Notice text={success} tone="success">
        <a href="/patient-dashboard/patient-meetings">{t("BookingForm.toMeetings")}</a>
      </Notice>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t("BookingForm.submit")}
        </button>
        {/* Without script a reset: it clears what was typed, and there is no saved draft to claim. */}
        <button type={live ? "button" : "reset"} className="button-secondary" onClick={live ? discard : undefined}>
          {t("BookingForm.discard")}
        </button>
      </div>
      {/* After the buttons: a note about the field, not a step before booking (issue 39: the Book button within one screen). */}
      {live && (
        <p id="reason-hint" className="small muted">
          {t("BookingForm.hint")}
        </p>
      )}
    </form>
  );
}
