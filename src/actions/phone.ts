/**
 * A verified phone (issue 55): ask for a code (sent by SMS through the outbox, in the same
 * transaction), prove the number with it, or remove it. A code lives PHONE_CODE_MINUTES, dies
 * after 5 wrong tries, works once; one a minute per account and five an hour per number.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Deps } from "../config/deps";
import type { Tx } from "../db/client";
import {
  appointmentOfLink,
  codeCounts,
  countWrongTry,
  forgetCodes,
  insertCode,
  latestCode,
  phoneOf,
  releasePatientNumber,
  setPhone,
  useCode,
  type PhoneCodeRow,
  type PhoneRole,
} from "../db/queries/phone";
import {
  CODE_PER_ACCOUNT_MS,
  CODE_PER_NUMBER_MS,
  CODES_PER_NUMBER,
  parsePhone,
  PHONE_CODE_LENGTH,
  PHONE_CODE_TRIES,
  PHONE_MESSAGES,
} from "../domain/phone";
import { Refusal } from "../domain/refusal";
import type { Translate } from "../domain/i18n";
import { enqueueText, smsMode } from "../mail/texts";
import { appointmentFacts, reportDelivery } from "../db/queries/mail";
import type { PhoneCodePurpose } from "../db/schema/phone";

export type PhoneOwner = { role: PhoneRole; id: string; language: string | null };
export type Phone = { number: string; verified: boolean };

/** A refusal whose page words are the phone area's (`phone.err.*`). */
const refuse = (kind: "invalid" | "too_many" | "not_found" | "conflict", message: string, words: string, retryAfter?: number) =>
  new Refusal(kind, message, retryAfter, (t: Translate) => t(`phone.err.${words}`));

export const invalidPhone = () => refuse("invalid", PHONE_MESSAGES.invalid, "invalid");

/** A code's keyed hash: the database never holds a code itself. */
const hashOf = (deps: Pick<Deps, "keys">, id: string, code: string) => createHmac("sha256", deps.keys.secret).update(`${id}:${code}`).digest("hex");

const newCode = () => String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");

/**
 * Checks the throttles in `tx` (429 with Retry-After past them), then writes a code of `purpose` for
 * `number` and, when `to` is given, its SMS. `account`: who asked (the one-a-minute limit).
 */
export async function issueCode(
  tx: Tx,
  deps: Pick<Deps, "config" | "keys" | "now">,
  purpose: PhoneCodePurpose,
  number: string,
  account: { role: PhoneRole; id: string } | undefined,
  to: PhoneOwner | undefined,
): Promise<void> {
  const now = deps.now();
  const counts = await codeCounts(tx, account, number, new Date(now.getTime() - CODE_PER_ACCOUNT_MS), new Date(now.getTime() - CODE_PER_NUMBER_MS));
  // A sign-in code is asked by number, by anyone: its once-a-minute is the number's sign-in codes',
  // so a number with an account answers no differently from one without (issue 55, item 6).
  const minuteLatest = purpose === "login" ? counts.numberLatest : counts.accountLatest;
  if (minuteLatest !== undefined) {
    const wait = Math.max(1, Math.ceil((minuteLatest.getTime() + CODE_PER_ACCOUNT_MS - now.getTime()) / 1000));
    throw refuse("too_many", PHONE_MESSAGES.tooSoon, "tooSoon", wait);
  }
  if (counts.numberCount >= CODES_PER_NUMBER && counts.numberOldest !== null) {
    const wait = Math.max(1, Math.ceil((counts.numberOldest.getTime() + CODE_PER_NUMBER_MS - now.getTime()) / 1000));
    throw refuse("too_many", PHONE_MESSAGES.tooMany, "tooMany", wait);
  }
  const id = crypto.randomUUID();
  const code = newCode();
  insertCode(tx, {
    id,
    purpose,
    role: account?.role ?? null,
    accountId: account?.id ?? null,
    number,
    codeHash: hashOf(deps, id, code),
    expiresAt: new Date(now.getTime() + deps.config.phoneCodeMinutes * 60_000),
    createdAt: now,
  });
  if (to !== undefined) {
    enqueueText(tx, deps, {
      template: "code",
      category: "account",
      to: { ...to, number },
      values: { code, minutes: String(deps.config.phoneCodeMinutes) },
    });
  }
}

/** What checking `code` against `row` found: right, wrong (a try counted), or no live code. */
export async function checkCode(tx: Tx, deps: Pick<Deps, "keys" | "now">, row: PhoneCodeRow | undefined, code: string): Promise<"right" | "wrong" | "none"> {
  const now = deps.now();
  if (row === undefined || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime() || row.wrongTries >= PHONE_CODE_TRIES) return "none";
  const want = Buffer.from(row.codeHash, "hex");
  const got = Buffer.from(hashOf(deps, row.id, code), "hex");
  if (want.length !== got.length || !timingSafeEqual(want, got)) {
    countWrongTry(tx, row.id);
    return "wrong";
  }
  useCode(tx, row.id, now);
  return "right";
}

/** POST /account/phone: the number is the account's, not yet verified, and a code goes to it by SMS. */
export async function requestPhoneCode(deps: Deps, owner: PhoneOwner, input: string): Promise<Phone> {
  const number = parsePhone(input);
  if (number === undefined) throw invalidPhone();
  if (smsMode(deps.config) === "off") throw refuse("conflict", PHONE_MESSAGES.smsOff, "invalid");
  await deps.database.write(async (tx) => {
    await issueCode(tx, deps, "verify", number, owner, owner);
    setPhone(tx, owner.role, owner.id, number, null);
  });
  return { number, verified: false };
}

/** POST /account/phone/verify: the latest code sent to the account's number proves it. */
export async function verifyPhone(deps: Deps, owner: PhoneOwner, code: string): Promise<Phone> {
  // A wrong try is counted and kept: the refusal is thrown after the write commits.
  const outcome = await deps.database.write(async (tx) => {
    const row = await latestCode(tx, "verify", owner);
    const found = await checkCode(tx, deps, row, code);
    if (found !== "right" || row === undefined) return { found } as const;
    const current = await phoneOf(tx, owner.role, owner.id);
    if (current?.number !== row.number) return { found: "none" } as const;
    setPhone(tx, owner.role, owner.id, row.number, deps.now());
    if (owner.role === "patient") releasePatientNumber(tx, row.number, owner.id);
    return { found, number: row.number } as const;
  });
  if ("number" in outcome && outcome.number !== undefined) return { number: outcome.number, verified: true };
  throw refuse("invalid", PHONE_MESSAGES.badCode, "badCode");
}

/** DELETE /account/phone: the number and its codes go; nothing more is texted. */
export async function removePhone(deps: Deps, owner: Pick<PhoneOwner, "role" | "id">): Promise<void> {
  const had = await deps.database.write(async (tx) => {
    const current = await phoneOf(tx, owner.role, owner.id);
    if (current === null) return false;
    setPhone(tx, owner.role, owner.id, null, null);
    forgetCodes(tx, owner.role, owner.id);
    return true;
  });
  if (!had) throw refuse("not_found", PHONE_MESSAGES.noPhone, "noPhone");
}

export function phoneOfAccount(deps: Deps, owner: Pick<PhoneOwner, "role" | "id">): Promise<Phone | null> {
  return phoneOf(deps.database.db, owner.role, owner.id);
}

/** A provider's delivery report (issue 55): its message moves to delivered or failed; false when no sent message has that id. */
export async function recordDelivery(deps: Deps, channel: "sms" | "whatsapp", providerId: string, state: "delivered" | "failed", error: string | null): Promise<boolean> {
  return (await deps.database.write((tx) => reportDelivery(tx, channel, providerId, state, error))) > 0;
}

/** The meeting a text's short link names (issue 55), with its two sides; undefined for an unknown code. */
export async function messageLinkTarget(deps: Deps, code: string): Promise<{ id: string; patientId: string; doctorId: string } | undefined> {
  const id = await appointmentOfLink(deps.database.db, code);
  if (id === undefined) return undefined;
  const facts = await appointmentFacts(deps.database.db, id);
  return facts && { id: facts.id, patientId: facts.patientId, doctorId: facts.doctorId };
}
