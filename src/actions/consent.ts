/**
 * The consent notice (issue 44): whether a person must still be asked, and their acceptance,
 * the same use case behind the pages' consent form (POST /consent) and POST /api/auth/consent.
 * A signup records it itself (src/actions/accounts.ts).
 */
import type { Deps } from "../config/deps";
import { recordConsent, withdrawConsentRow } from "../db/queries/accounts";
import { savePreferences } from "../db/queries/mail";
import { CONSENT_VERSION, consentDue, type ConsentingRole, type ConsentRecord } from "../domain/consent";
import { conflict } from "../domain/refusal";

export const CONSENT_RECORDED = "Thank you. Your consent is recorded.";
export const NOTICE_CHANGED = "The notice has changed since you read it: please read it again";

/** The notice in force: CONSENT_VERSION, or the one a test gave. */
export const currentNotice = (deps: Deps): string => deps.consentVersion ?? CONSENT_VERSION;

/** What the account has accepted, and whether its pages ask it (the admin is never asked). */
export type ConsentState = { version: string; accepted: { version: string; at: Date } | null; due: boolean; withdrawnAt: Date | null };

export function consentStateOf(deps: Deps, role: string, account: Partial<ConsentRecord> & { id: string; consentWithdrawnAt?: Date | null }): ConsentState {
  const version = currentNotice(deps);
  const accepted = account.consentVersion && account.consentAt ? { version: account.consentVersion, at: account.consentAt } : null;
  const asked = role === "patient" || role === "doctor";
  return { version, accepted, due: asked && consentDue({ consentVersion: accepted?.version ?? null }, version), withdrawnAt: account.consentWithdrawnAt ?? null };
}

/**
 * Records that the person accepted the notice in force. `version`, when the client names the one
 * it showed, must be that one: a person cannot accept words they were not shown.
 */
export async function acceptConsent(deps: Deps, role: ConsentingRole, accountId: string, version?: string): Promise<{ version: string; at: Date }> {
  const current = currentNotice(deps);
  if (version !== undefined && version !== current) throw conflict(NOTICE_CHANGED);
  const at = deps.now();
  await deps.database.write((tx) => recordConsent(tx, role, accountId, current, at));
  return { version: current, at };
}

export const CONSENT_WITHDRAWN = "Your consent is withdrawn. Your account stays; you will be asked again.";

/**
 * Issue 51: the person withdraws consent without erasing the account: in one transaction no notice
 * stands accepted (their pages ask again), the time is recorded, and the optional mails stop
 * (reminders and notices off; the account's own mails, such as a reset link, still go).
 */
export async function withdrawConsent(deps: Deps, role: ConsentingRole, accountId: string): Promise<Date> {
  const at = deps.now();
  await deps.database.write(async (tx) => {
    await withdrawConsentRow(tx, role, accountId, at);
    await savePreferences(tx, role, accountId, { reminders: false, notices: false });
  });
  return at;
}
