/**
 * The consent notice (issue 44, India's DPDP Act 2023): what Carebook collects, why, who sees it,
 * how long it is kept, and how to withdraw or complain, shown at signup with a tick box. An
 * account keeps the version it accepted and when; a person whose account holds no version, or an
 * older one, is asked again at the top of their pages until they accept (never blocked).
 */

/**
 * The notice in force. Change it whenever the notice's words in src/i18n/<lang>/consent.ts change
 * what they say: every account is then asked again. (Tests pass another through Deps.consentVersion.)
 */
export const CONSENT_VERSION = "2026-11-28";

/** The roles that accept the notice: the people who sign up (the admin is the operator's staff). */
export const CONSENTING_ROLES = ["patient", "doctor"] as const;
export type ConsentingRole = (typeof CONSENTING_ROLES)[number];

/** What an account records of its consent: the notice's version and when, both null while not given. */
export type ConsentRecord = { consentVersion: string | null; consentAt: Date | null };

/** Whether `account` must still be asked: it accepted no notice, or another than `current`. */
export const consentDue = (account: Pick<ConsentRecord, "consentVersion">, current: string): boolean => account.consentVersion !== current;

/** The longest version a client may name (a date or a short label). */
export const CONSENT_VERSION_MAX = 40;
