/**
 * Sign in with a code (issue 55, item 6): a patient with a verified phone asks for a code by
 * number and signs in with it instead of the password. Asking answers alike whatever the number
 * (a code row is written either way, so the throttles count alike; only a patient's verified
 * number is texted); both steps are login attempts under the login throttles, and a right code
 * goes on as a right password does (the session, or the two-factor challenge where it is on).
 */
import { beginLoginAttempt, loginSucceeded } from "../auth/throttle";
import type { Deps } from "../config/deps";
import { latestCode, patientByVerifiedPhone } from "../db/queries/phone";
import { parsePhone, PHONE_MESSAGES } from "../domain/phone";
import { Refusal } from "../domain/refusal";
import type { Translate } from "../domain/i18n";
import { smsMode } from "../mail/texts";
import type { Client } from "./accounts";
import { checkCode, invalidPhone, issueCode } from "./phone";
import { secondFactorOrSession } from "./two-factor";

/** The login throttle's account for a number: apart from every email's (a number is not an email). */
const throttleKey = (number: string) => `phone:${number}`;

function numberOf(deps: Deps, input: string): string {
  const number = parsePhone(input);
  if (number === undefined) throw invalidPhone();
  if (smsMode(deps.config) === "off") throw new Refusal("conflict", PHONE_MESSAGES.smsOff, undefined, (t: Translate) => t("phone.off"));
  return number;
}

/**
 * POST /loginPatient/code: counted as a login attempt, then a sign-in code for `input` (the
 * per-number throttles: one a minute, five an hour), sent by SMS only when a patient verified it.
 */
export async function requestLoginCode(deps: Deps, input: string, client: Client): Promise<void> {
  const number = numberOf(deps, input);
  await beginLoginAttempt(deps, { role: "patient", email: throttleKey(number), address: client.address });
  await deps.database.write(async (tx) => {
    const patient = await patientByVerifiedPhone(tx, number);
    const account = patient && { role: "patient" as const, id: patient.id };
    await issueCode(tx, deps, "login", number, account, patient && { ...account!, language: patient.language });
  });
}

/**
 * POST /loginPatient/code/verify: the number's latest sign-in code, if it was sent to the patient
 * whose verified number it still is, signs that patient in (or asks the two-factor code). A wrong
 * code is counted (5 kill it) and refused as 401 after its count commits.
 */
export async function verifyLoginCode(deps: Deps, input: { phone: string; code: string }, client: Client) {
  const number = numberOf(deps, input.phone);
  const attempt = await beginLoginAttempt(deps, { role: "patient", email: throttleKey(number), address: client.address });
  const patient = await deps.database.write(async (tx) => {
    const row = await latestCode(tx, "login", { number });
    if ((await checkCode(tx, deps, row, input.code)) !== "right" || row?.accountId == null) return undefined;
    const owner = await patientByVerifiedPhone(tx, number);
    return owner?.id === row.accountId ? owner : undefined;
  });
  if (patient === undefined) throw new Refusal("unauthenticated", PHONE_MESSAGES.badCode, undefined, (t: Translate) => t("phone.err.badCode"));
  return secondFactorOrSession(deps, "patient", { account: patient, succeeded: (tx) => loginSucceeded(tx, attempt) });
}
