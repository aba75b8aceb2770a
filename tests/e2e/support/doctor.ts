/**
 * Doctor-journey helpers: admin status changes, meetings in a given state, patient feedback,
 * hydration of a page's islands, the browser's dialogs, and a real (tiny) PNG.
 */
import type { Page } from "@playwright/test";
import { adminAccount, apiCall, type Account } from "./fixtures";

/** The admin moves a doctor to `status` (Approve, Reject, Block or Reactivate). */
export async function setDoctorStatus(doctor: Account, status: "approved" | "rejected" | "blocked") {
  const admin = await adminAccount();
  await apiCall("PATCH", `/admin-dashboard/doctor-status/${doctor.id}`, { status }, admin.token);
}

/** The patient's feedback on a completed appointment. */
export async function giveFeedback(patient: Account, appointmentId: string, message: string) {
  await apiCall("POST", "/patient-dashboard/giveFeedback", { appointmentId, message }, patient.token);
}

/**
 * Records every alert and prompt; prompts are answered from a queue (`null` dismisses, a string
 * is typed in and accepted), alerts are accepted.
 */
export function dialogs(page: Page) {
  const seen: string[] = [];
  const replies: (string | null)[] = [];
  page.on("dialog", async (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    if (dialog.type() !== "prompt") return dialog.accept();
    const reply = replies.shift();
    return reply === null || reply === undefined ? dialog.dismiss() : dialog.accept(reply);
  });
  return {
    seen,
    /** The answer to the next prompt. */
    answerNextPrompt: (reply: string | null) => replies.push(reply),
  };
}

/** What localStorage holds, as a plain object. */
export const storedValues = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

