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
import { api, messageOr } from "./lib/api";
import { clearStorage, storage } from "./lib/browser";
import type { FormState, Notice as NoticeJson } from "../src/http/forms";
import { Notice } from "./lib/ui";

export type Props = {
  role: Role;
  mode: "login" | "signup";
  /** A refused post: its message and what was typed (never the password). */
  form?: FormState;
  /** The pending doctor's waiting screen, as the server found the session. */
  waiting?: boolean;
  /** A message a post left for this page (Refresh Status). */
  notice?: NoticeJson;
};

const DASHBOARD: Record<Role, string> = {
  patient: "/patient-dashboard",
  doctor: "/doctor-dashboard",
  admin: "/admin-dashboard",
};

const ROLE_TITLE: Record<Role, string> = { patient: "Patient", doctor: "Doctor", admin: "Admin" };

export default function AuthForm({ role, mode, form: refused, waiting: pending = false, notice }: Props) {
  const [error, setError] = useState<string | null>(refused?.message ?? (notice?.tone === "error" ? notice.text : null));
  const [info, setInfo] = useState<string | null>(notice && notice.tone !== "error" ? notice.text : null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(pending);
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
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const missing = [...form.querySelectorAll<HTMLInputElement>("[required]")].find((f) => !f.value.trim());
    if (missing) {
      setError(`${missing.labels?.[0]?.textContent ?? missing.name} is required.`);
      missing.focus();
      return;
    }
    if (mode === "signup" && values.password!.length < LIMITS.password.min) {
      setError(`Password must be at least ${LIMITS.password.min} characters.`);
      return;
    }
    setBusy(true);
    setError(null);
    setInfo(null);
    const path = `/${mode}${ROLE_TITLE[role]}`;
    const answer = await api(path, { json: values, anonymous: role === "patient" && mode === "login" });
    setBusy(false);
    if (!answer.ok) {
      setError(messageOr(answer, mode === "login" ? "Login failed. Please try again." : "Registration failed. Please try again."));
      return;
    }
    const body = answer.body;
    if (role === "patient") {
      storage.signIn({ token: body.token, role: "patient", name: body.name });
      location.assign(DASHBOARD.patient);
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
      setError(`Your account status is: ${status}${reason ? `. Reason: ${reason}` : ""}`);
    }
  }

  async function refreshStatus() {
    setBusy(true);
    const answer = await api("/doctor-status");
    setBusy(false);
    if (!answer.ok) {
      setWaiting(false);
      setError(messageOr(answer, "Login failed. Please try again."));
      return;
    }
    const status = answer.body.status as string;
    localStorage.setItem("status", status);
    if (status === "pending") setInfo("Your account is still awaiting approval.");
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
        <h1 id="waiting-title">Awaiting approval</h1>
        <p>Your doctor account is pending approval by the admin. You can check again at any time.</p>
        <Notice text={info} />
        <Notice text={error} tone="error" />
        <div className="actions">
          <form method="post" action="/loginDoctor/refresh" onSubmit={(e) => (e.preventDefault(), void refreshStatus())}>
            <button type="submit" disabled={busy}>
              Refresh Status
            </button>
          </form>
          <form method="post" action="/logout" onSubmit={(e) => (e.preventDefault(), void signOut())}>
            <button type="submit" className="button-ghost" disabled={busy}>
              Logout
            </button>
          </form>
        </div>
      </section>
    );
  }

  const title = `${ROLE_TITLE[role]} ${mode === "login" ? "Login" : "Signup"}`;
  return (
    <section className="card auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      <form method="post" action={`/${mode}${ROLE_TITLE[role]}`} onSubmit={submit} noValidate={false}>
        {mode === "signup" && <Field name="name" label="Name" autoComplete="name" value={typed.name} />}
        <Field name="email" label="Email" type="email" autoComplete="email" value={typed.email} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          minLength={mode === "signup" ? LIMITS.password.min : undefined}
        />
        {mode === "signup" && role === "doctor" && (
          <>
            <div className="field">
              <label htmlFor="specialization">Specialization</label>
              <select id="specialization" name="specialization" required defaultValue={typed.specialization ?? ""}>
                <option value="" disabled>
                  Choose a specialization
                </option>
                {SPECIALIZATIONS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
            <Field name="collegeName" label="College name" autoComplete="organization" value={typed.collegeName} />
          </>
        )}
        <Notice text={error} tone="error" />
        <button type="submit" disabled={busy}>
          {mode === "login" ? "Login" : "Sign up"}
        </button>
      </form>
      <AuthLinks role={role} mode={mode} />
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

function AuthLinks({ role, mode }: Props) {
  if (role === "admin") {
    return (
      <nav className="auth-links" aria-label="Other pages">
        <a href="/">Back to home</a>
      </nav>
    );
  }
  const other: Role = role === "patient" ? "doctor" : "patient";
  return (
    <nav className="auth-links" aria-label="Other pages">
      {mode === "login" ? (
        <a href={`/signup${ROLE_TITLE[role]}`}>New here? Sign up as a {role}</a>
      ) : (
        <a href={`/login${ROLE_TITLE[role]}`}>Already registered? Log in</a>
      )}
      <a href={`/${mode}${ROLE_TITLE[other]}`}>
        {mode === "login" ? "Log in" : "Sign up"} as a {other} instead
      </a>
      <a href="/">Back to home</a>
    </nav>
  );
}
