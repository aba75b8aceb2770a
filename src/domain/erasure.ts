/**
 * Erasure (issue 44, item 9; docs/decisions.md "Erasure keeps the visits"): what an erased account's
 * row holds, and how the people who keep its past visits see it. The row stays, because the other
 * side's appointments point at it; everything that names the person goes.
 */

/** An erased account's name: empty, which no live account can have (names are 1 to 100 characters). */
export const ERASED_NAME = "";

/** What the JSON API calls an erased patient or doctor (pages say it in their language). */
export const FORMER = { patient: "Former patient", doctor: "Former doctor" } as const;
/** How a reader sees an erased side: its name, and (pages) the address to show for an erased patient. */
export type FormerWords = { patient: string; doctor: string; email?: string };

/** The refusals and the answer of POST /api/auth/account/delete. */
export const ACCOUNT_ERASED = "Your account is erased. Your past appointments stay with your doctors, without your name.";
export const DOCTOR_HAS_OPEN = "You still have open appointments: cancel them or let them finish, then erase your account.";
export const ADMIN_NOT_ERASABLE = "The admin account cannot be erased this way.";

/** The admin's status change of an erased doctor's row. */
export const DOCTOR_ERASED = "This doctor erased their account: its status cannot change";

/** The reason an open appointment's cancel gives when its patient erased the account. */
export const ERASED_CANCEL_REASON = "The patient closed their Carebook account.";

/**
 * The address an erased account keeps: unique (the column is), never deliverable (`.invalid` is
 * reserved, RFC 2606) and never typed at a login, so the person's own address is free to sign up again.
 */
export function erasedEmail(): string {
  const random = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
  return `erased-${random}@erased.invalid`;
}

/** Whether an address is an erased account's (no mail is ever written to one). */
export const isErasedAddress = (email: string): boolean => email.endsWith("@erased.invalid");

/** A password hash no password verifies against (argon2 refuses its format). */
export const ERASED_PASSWORD_HASH = "!erased";

/**
 * A list's appointment with its erased side named as `words` say. The API keeps an erased
 * patient's address (a placeholder, still an address); a page shows `words.email` instead.
 */
export function shownSides<V extends { patient: { name: string; email: string }; doctor: { name: string } }>(view: V, words: FormerWords = FORMER): V {
  const patient = view.patient.name === ERASED_NAME ? { ...view.patient, name: words.patient, email: words.email ?? view.patient.email } : view.patient;
  const doctor = view.doctor.name === ERASED_NAME ? { ...view.doctor, name: words.doctor } : view.doctor;
  return patient === view.patient && doctor === view.doctor ? view : { ...view, patient, doctor };
}

/** A name as a reader sees it: the erased one as `former`. */
export const shownName = (name: string, former: string): string => (name === ERASED_NAME ? former : name);
