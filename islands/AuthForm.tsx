/** @jsxImportSource react */
/**
 * Login and signup for patients, doctors and the admin (SPEC §2, §4, §8). Every form here is a
 * real post the server carries out alone (src/routes/pages/auth.tsx); once live, the island sends
 * the same fields to the JSON API instead and keeps the spec's storage keys. Inputs are
 * uncontrolled, so whatever was typed before hydration is kept. A doctor's login answers with
 * the account status: pending shows the waiting screen with Refresh Status (token kept),
 * approved goes to the dashboard, any other status is shown as a message.
 */
import { useEffect, useState, type FormEvent } from "react";
import { LIMITS, SPECIALIZATIONS, type Role } from "../src/domain/fields";
import { api } from "./lib/api";
import { useHumanMessage } from "./lib/messages";
import { clearStorage, storage } from "./lib/browser";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import { Notice } from "./lib/ui";
import { CodeStep } from "./lib/CodeStep";
import { useT } from "./lib/i18n";
import type { Translate } from "../src/domain/i18n";

export type Props = {
  role: Role;
  mode: "login" | "signup";
  /** A refused post: its message and what was typed (never the password). */
  form?: FormState;
  /** The pending doctor's waiting screen, as the server found the session. */
  waiting?: boolean;
  /** A message a post left for this page (Refresh Status). */
  notice?: NoticeJson;
  /** The doctor signup's specializations as the page's language names them (value: label). */
  specializations?: Record<string, string>;
  /** A login's second step (two-factor sign-in on, issue 44): the challenge the code goes with. */
  challenge?: string;
  /** Where a patient goes on to once signed in (a doctor's booking page, issue 41), checked by the server; the dashboard when absent. */
  next?: string;
};

const DASHBOARD: Record<Role, string> = {
  patient: "/patient-dashboard",
  doctor: "/doctor-dashboard",
  admin: "/admin-dashboard",
};

const ROLE_TITLE: Record<Role, string> = { patient: "Patient", doctor: "Doctor", admin: "Admin" };

/** "Your account status is: …" with the status word of the page's language. */
const statusMessage = (t: Translate, status: string, reason?: string) =>
  reason ? t("msg.auth.statusReason", { status: t(`status.${status}`), reason }) : t("msg.status.account", { status: t(`status.${status}`) });

export default function AuthForm({ role, mode, form: refused, waiting: pending = false, notice, specializations: labels = {}, challenge: given, next }: Props) {
  const t = useT();
  const say = useHumanMessage();
  const [error, setError] = useState<string | null>(refused?.message ?? (notice?.tone === "error" ? notice.text : null));
  const [info, setInfo] = useState<string | null>(notice && notice.tone !== "error" ? notice.text : null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(pending);
  const [challenge, setChallenge] = useState(given);
  const typed = refused?.values ?? {};

  // A pending doctor who comes back still sees the waiting screen: the token is kept.
  useEffect(() => {
    if (role === "doctor" && mode === "login" && storage.token() && storage.role() === "doctor" && storage.status() === "pending") {
      setWaiting(true);
    }
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // `next` is where the page goes on to, not part of the call.
    const { next: _next, ...values } = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const missing = [...form.querySelectorAll<HTMLInputElement>("[required]")].find((f) => (f.type === "checkbox" ? !f.checked : !f.value.trim()));
    if (missing) {
      setError(missing.type === "checkbox" ? t("msg.auth.consentUnticked") : t("AuthForm.required", { field: missing.labels?.[0]?.textContent ?? missing.name }));
      missing.focus();
      return;
    }
    if (mode === "signup" && values.password!.length < LIMITS.password.min) {
      setError(t("AuthForm.passwordMin", { min: LIMITS.password.min }));
      return;
    }
    setBusy(true);
    setError(null);
    setInfo(null);
    const path = `/${mode}${ROLE_TITLE[role]}`;
    // The tick box posts "on" to the page; the JSON signup takes `consent: true` (issue 44).
    const json = mode === "signup" ? { ...values, consent: values.consent === "on" } : values;
    const answer = await api(path, { json, anonymous: role === "patient" && mode === "login" });
    setBusy(false);
    if (!answer.ok) {
      setError(say.or(answer, t(mode === "login" ? "AuthForm.loginFailed" : "AuthForm.signupFailed")));
      return;
    }
    if (answer.body.twoFactorRequired === true) {
      setChallenge(answer.body.challenge);
      return;
    }
    signIn(answer.body);
  }

  /** The second step's code goes with the challenge; the answer is the login's. */
  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { next: _next, ...values } = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setError(null);
    const answer = await api("/2fa/verify", { json: values, anonymous: true });
    setBusy(false);
    if (!answer.ok) setError(say.or(answer, t("AuthForm.loginFailed")));
    else signIn(answer.body);
  }

  /** Keeps the session as the spec's client does and goes on, by role (a doctor by status). */
  function signIn(body: any) {
    if (role === "patient") {
      storage.signIn({ token: body.token, role: "patient", name: body.name });
      location.assign(next ?? DASHBOARD.patient);
    } else if (role === "admin") {
      storage.signIn({ token: body.token, role: "admin", name: body.admin.name });
      location.assign(DASHBOARD.admin);
    } else if (mode === "signup") {
      storage.signIn({ token: body.token, role: "doctor", name: body.doctor.name, status: body.doctor.status });
      location.assign("/loginDoctor");
    } else {
      showDoctorStatus(body.doctor.status, body.token, body.doctor.name, body.statusReason);
    }
  }

  function showDoctorStatus(status: string, token: string, name: string, reason?: string) {
    if (status === "approved") {
      storage.signIn({ token, role: "doctor", name, status });
      location.assign(DASHBOARD.doctor);
    } else if (status === "pending") {
      storage.signIn({ token, role: "doctor", name, status });
      setWaiting(true);
    } else {
      setError(statusMessage(t, status, reason));
    }
  }

  async function refreshStatus() {
    setBusy(true);
    const answer = await api("/doctor-status");
    setBusy(false);
    if (!answer.ok) {
      setWaiting(false);
      setError(say.or(answer, t("AuthForm.loginFailed")));
      return;
    }
    const status = answer.body.status as string;
    localStorage.setItem("status", status);
    if (status === "pending") setInfo(t("AuthForm.stillPending"));
    else {
      setWaiting(status === "pending");
      showDoctorStatus(status, storage.token()!, answer.body.doctor.name);
    }
  }

  // Leaves the waiting screen for good: without it a shared browser could never log in as
  // another doctor, since the pending token is kept.
  async function signOut() {
    setBusy(true);
    await api("/logout", { method: "POST" });
    clearStorage();
    setBusy(false);
    setInfo(null);
    setError(null);
    setWaiting(false);
  }

  if (waiting) {
    return (
      <section className="card auth-card" aria-labelledby="waiting-title">
        <h1 id="waiting-title">{t("AuthForm.waitingTitle")}</h1>
        <p>{t("AuthForm.waitingText")}</p>
        <Notice text={info} />
        <Notice text={error} tone="error" />
        <div className="actions">
          <form method="post" action="/loginDoctor/refresh" onSubmit={(e) => (e.preventDefault(), void refreshStatus())}>
            <button type="submit" disabled={busy}>
              {t("AuthForm.refresh")}
            </button>
          </form>
          <form method="post" action="/logout" onSubmit={(e) => (e.preventDefault(), void signOut())}>
            <button type="submit" className="button-ghost" disabled={busy}>
              {t("AuthForm.logout")}
            </button>
          </form>
        </div>
      </section>
    );
  }

  if (challenge !== undefined) {
    const again = `/login${ROLE_TITLE[role]}`;
    return <CodeStep role={role} action={`${again}/code`} again={again} challenge={challenge} next={next} error={error} busy={busy} onSubmit={submitCode} />;
  }

  const title = t(mode === "login" ? "AuthForm.heading.login" : "AuthForm.heading.signup", { role });
  return (
    <section className="card auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      <form method="post" action={`/${mode}${ROLE_TITLE[role]}`} onSubmit={submit} noValidate={false}>
        {mode === "signup" && <Field name="name" label={t("AuthForm.name")} autoComplete="name" value={typed.name} />}
        <Field name="email" label={t("AuthForm.email")} type="email" autoComplete="email" value={typed.email} />
        <Field
          name="password"
          label={t("AuthForm.password")}
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          minLength={mode === "signup" ? LIMITS.password.min : undefined}
        />
        {mode === "signup" && role === "doctor" && (
          <>
            <div className="field">
              <label htmlFor="specialization">{t("AuthForm.specialization")}</label>
              <select id="specialization" name="specialization" required defaultValue={typed.specialization ?? ""}>
                <option value="" disabled>
                  {t("AuthForm.chooseSpecialization")}
                </option>
                {SPECIALIZATIONS.map((s) => (
                  <option key={s} value={s}>
                    {labels[s] ?? s}
                  </option>
                ))}
              </select>
            </div>
            <Field name="collegeName" label={t("AuthForm.collegeName")} autoComplete="organization" value={typed.collegeName} />
          </>
        )}
        {mode === "signup" && (
          <label className="check">
            <input type="checkbox" name="consent" value="on" required aria-describedby="consent-notice" defaultChecked={typed.consent === "on"} /> {t("AuthForm.consent")}
          </label>
        )}
        {next !== undefined && <input type="hidden" name="next" value={next} />}
        <Notice text={error} tone="error" />
        <button type="submit" disabled={busy}>
          {t(mode === "login" ? "AuthForm.login" : "AuthForm.signup")}
        </button>
      </form>
      <AuthLinks role={role} mode={mode} next={next} />
    </section>
  );
}

function Field(props: { name: string; label: string; type?: string; autoComplete?: string; minLength?: number; value?: string }) {
  return (
    <div className="field">
      <label htmlFor={props.name}>{props.label}</label>
      <input
        id={props.name}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        minLength={props.minLength}
        maxLength={props.name === "password" ? LIMITS.password.max : 254}
        defaultValue={props.value}
        required
      />
    </div>
  );
}

function AuthLinks({ role, mode, next }: Props) {
  const t = useT();
  if (role === "admin") {
    return (
      <nav className="auth-links" aria-label={t("AuthForm.otherPages")}>
        <a href="/">{t("AuthForm.home")}</a>
      </nav>
    );
  }
  const other: Role = role === "patient" ? "doctor" : "patient";
  // Between a patient's login and signup, the way back to the doctor is kept.
  const carried = next === undefined ? "" : `?next=${encodeURIComponent(next)}`;
  return (
    <nav className="auth-links" aria-label={t("AuthForm.otherPages")}>
      {mode === "login" ? (
        <a href={`/signup${ROLE_TITLE[role]}${carried}`}>{t("AuthForm.newHere", { role })}</a>
      ) : (
        <a href={`/login${ROLE_TITLE[role]}${carried}`}>{t("AuthForm.registered")}</a>
      )}
      <a href={`/${mode}${ROLE_TITLE[other]}`}>{t(mode === "login" ? "AuthForm.loginInstead" : "AuthForm.signupInstead", { role: other })}</a>
      <a href="/">{t("AuthForm.home")}</a>
    </nav>
  );
}
