/**
 * Sign up, log in and log out, for the JSON API and the HTML forms alike. Starting the session
 * (token and cookie) is the caller's part; these hold the rules.
 */
import { keepSignup } from "./stats";
import { accountTag, DEVICE_DAYS, deviceOfPassword } from "../auth/device";
import { checkPassword, hashPassword } from "../auth/passwords";
import { beginLoginAttempt, beginSignup, loginSucceeded, signupFailed, type LoginAttempt } from "../auth/throttle";
import { isUniqueViolation, type Reader, type Tx } from "../db/client";
import {
  bumpTokenVersion,
  emailTaken,
  findAdminByEmail,
  findDoctorByEmail,
  findPatientByEmail,
  insertDoctor,
  insertPatient,
  type AdminRow,
  type DoctorRow,
  type PatientRow,
} from "../db/queries/accounts";
import { recordAudit } from "../db/queries/audit";
import type { Recipient } from "../db/queries/mail";
import { forgetDevices, isLiveDevice } from "../db/queries/devices";
import { deleteSessions } from "../db/queries/sessions";
import { together } from "../db/together";
import { endFeedWith } from "./sessions";
import type { Deps } from "../config/deps";
import type { Role, Specialization } from "../domain/fields";
import type { Lang } from "../domain/i18n";
import { doctorSignedUp, doctorSignupReaders } from "../mail/events";
import { conflict, Refusal } from "../domain/refusal";
import type { ConsentRecord } from "../domain/consent";
import { currentNotice } from "./consent";

export const EMAIL_TAKEN = "An account with this email already exists";
export const BAD_LOGIN = "Invalid email or password";
export const DOCTOR_SIGNED_UP = "Registration successful. Your account is awaiting admin approval.";

/**
 * Who is asking, as far as the abuse limits care: the address, and the accounts this browser is
 * a trusted device for (verified device cookies: account tag → device id, src/auth/device.ts).
 */
export type Client = { address: string; devices?: ReadonlyMap<string, string> };

type Credentials = { email: string; password: string };
type Accounts = { patient: PatientRow; doctor: DoctorRow; admin: AdminRow };

const FIND = {
  patient: findPatientByEmail,
  doctor: findDoctorByEmail,
  admin: findAdminByEmail,
} as const;

/**
 * A login that passed: the account, and `succeeded`, the attempt's take-back from the throttle,
 * which the caller writes in the transaction that begins the session (one COMMIT for both).
 */
export type LoggedIn<A> = { account: A; succeeded: (tx: Tx) => void };

/**
 * Checks credentials under the login throttle. The account on success (a doctor of any status:
 * the caller shows it); a refusal otherwise, the same for a wrong email and a wrong password.
 */
export async function logIn<R extends Role>(deps: Deps, role: R, { email, password }: Credentials, client: Client): Promise<LoggedIn<Accounts[R]>> {
  const account = (await FIND[role](deps.database.db, email)) as Accounts[R] | undefined;
  // Counted as a failure up front (see beginLoginAttempt); taken back only on success.
  const attempt = await beginSignInAttempt(deps, role, email, account, client);
  if (!(await checkPassword(account?.passwordHash, password, client.address)) || account === undefined) {
    throw new Refusal("unauthenticated", BAD_LOGIN);
  }
  return { account, succeeded: (tx) => loginSucceeded(tx, attempt) };
}

/**
 * Counts a sign-in attempt on `email`'s account of `role` under the login throttle: a password,
 * or a login's second step (a two-factor code, src/actions/two-factor.ts), which count alike.
 */
export async function beginSignInAttempt(deps: Deps, role: Role, email: string, account: { passwordHash: string } | undefined, client: Client): Promise<LoginAttempt> {
  // A device cookie counts while its id is live (not retired by a logout or a later login) and was
  // earned under the current password (a reset or a change revokes every one given before it).
  const tag = accountTag(deps.keys, { role, email });
  const offered = client.devices?.get(tag);
  const since = new Date(deps.now().getTime() - DEVICE_DAYS * 86_400_000);
  const deviceId =
    offered !== undefined &&
    account !== undefined &&
    deviceOfPassword(deps.keys, offered, account.passwordHash) &&
    (await isLiveDevice(deps.database.db, tag, offered, since))
      ? offered
      : undefined;
  return beginLoginAttempt(deps, { role, email, address: client.address, deviceId });
}

/**
 * Runs a signup under the per-address limit; a taken email is a conflict, even when two race.
 * `alsoRead`: what `create` needs besides, read with the email check (one round trip, issue 43).
 */
async function signUp<T, R = undefined>(
  deps: Deps,
  role: Role,
  input: Credentials,
  client: Client,
  create: (passwordHash: string, read: R) => Promise<T>,
  alsoRead?: (r: Reader) => Promise<R>,
): Promise<T> {
  // Counted up front (see beginSignup). A taken email (409) stays counted, so emails cannot be
  // probed without limit; only a failure of the server itself gives the signup back.
  const reservation = await beginSignup(deps, client.address);
  try {
    const db = deps.database.db;
    const [taken, read] = await together(() => Promise.all([emailTaken(db, role, input.email), alsoRead?.(db)]));
    if (taken) throw conflict(EMAIL_TAKEN);
    return await create(await hashPassword(input.password, client.address), read as R);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    await signupFailed(deps, reservation);
    throw error;
  }
}

/**
 * `language`: the one the signup was made in (the page's, or an API call's Accept-Language), kept
 * on the account so that the first mail is already in it (issue 39).
 */
export type PatientSignup = Credentials & { name: string; language?: Lang; consent?: boolean };
export type DoctorSignup = PatientSignup & { specialization: Specialization; collegeName: string };

export function signUpPatient(deps: Deps, input: PatientSignup, client: Client): Promise<PatientRow> {
  return signUp(deps, "patient", input, client, (passwordHash) =>
    deps.database.write(async (tx) => {
      const created = await insertPatient(tx, { id: crypto.randomUUID(), name: input.name, email: input.email, passwordHash, language: input.language, ...consentOf(deps, input), createdAt: deps.now() });
      keepSignup(tx, deps, "patient", created.createdAt);
      return created;
    }),
  );
}

/**
 * What a signup records of consent: the notice in force and now when the person ticked it
 * (`consent: true`); "not given" (null) otherwise, and their pages ask until they accept.
 */
function consentOf(deps: Deps, input: { consent?: boolean }): ConsentRecord {
  return input.consent === true ? { consentVersion: currentNotice(deps), consentAt: deps.now() } : { consentVersion: null, consentAt: null };
}

/** A new doctor starts pending, with the first line of the status history. */
export function signUpDoctor(deps: Deps, input: DoctorSignup, client: Client): Promise<DoctorRow> {
  const create = (passwordHash: string, admins: Recipient[]) =>
    deps.database.write(async (tx) => {
      const now = deps.now();
      const created = await insertDoctor(tx, {
        id: crypto.randomUUID(),
        name: input.name,
        email: input.email,
        passwordHash,
        language: input.language,
        specialization: input.specialization,
        collegeName: input.collegeName,
        status: "pending",
        ...consentOf(deps, input),
        createdAt: now,
      });
      recordAudit(tx, { at: now, actorRole: "doctor", actorId: created.id, subject: "doctor", subjectId: created.id, action: "Signup", toStatus: "pending" });
      keepSignup(tx, deps, "doctor", now);
      await doctorSignedUp(tx, deps, created, admins);
      return created;
    });
  return signUp(deps, "doctor", input, client, create, (r) => doctorSignupReaders(deps, r));
}

/**
 * Ends every session of the account, on every device (its token version moves on, its session
 * rows go), ends its calendar feed (issue 44), and retires every device cookie of it: no browser
 * stays trusted past a logout.
 */
export function logOut(deps: Deps, role: Role, account: { id: string; email: string }): Promise<void> {
  return deps.database.write(async (tx) => {
    await bumpTokenVersion(tx, role, account.id);
    deleteSessions(tx, role, account.id);
    endFeedWith(tx, role, account.id);
    await forgetDevices(tx, accountTag(deps.keys, { role, email: account.email }));
  });
}
