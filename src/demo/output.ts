/**
 * What `bun run demo` prints (src/cli/demo.ts), in the language of the terminal it runs in
 * (issue 31): Hindi when the process's LC_ALL (else LANG) starts with "hi", e.g. `hi_IN.UTF-8`;
 * English otherwise. The demo's people and their data stay as they are.
 */
import type { Lang } from "../domain/i18n";
import { translator, type Key, type T } from "../i18n/catalog";
import { DEMO_ADMIN, DEMO_DOCTORS, DEMO_PASSWORD, DEMO_PATIENTS } from "./people";

/** The terminal's language: LC_ALL overrides LANG, as for every POSIX program. */
export function demoLang(env: Record<string, string | undefined>): Lang {
  const locale = env.LC_ALL || env.LANG || "";
  return locale.toLowerCase().startsWith("hi") ? "hi" : "en";
}

/** The translator of the terminal's language. */
export const demoT = (env: Record<string, string | undefined>): T => translator(demoLang(env));

/** Why the demo leaves a database with `count` real accounts alone. */
export const refusedText = (t: T, count: number) => t("demo.refused", { count: String(count) });

/** Every login, one shared password; and where the mails are when they are sent nowhere. */
export function loginsText(t: T, options: { mailPreview: boolean }): string {
  const width = Math.max(...[DEMO_ADMIN, ...DEMO_DOCTORS, ...DEMO_PATIENTS].map((a) => a.email.length));
  const roles = { admin: t("demo.role.admin"), patient: t("demo.role.patient"), doctor: t("demo.role.doctor") };
  const column = Math.max(8, ...Object.values(roles).map((r) => r.length));
  const line = (role: keyof typeof roles, email: string, note: string) => `  ${roles[role].padEnd(column)} ${email.padEnd(width)}  ${note}`;
  const lines = [`\n${t("demo.logins", { password: DEMO_PASSWORD })}`, line("admin", DEMO_ADMIN.email, DEMO_ADMIN.name)];
  for (const p of DEMO_PATIENTS) lines.push(line("patient", p.email, t("demo.patientNote", { name: p.name })));
  for (const d of DEMO_DOCTORS) {
    const specialization = t(`spec.${d.specialization}` as Key);
    const note =
      d.status === "approved"
        ? t("demo.doctorNote", { name: d.name, specialization })
        : t("demo.doctorNoteStatus", { name: d.name, specialization, status: t(`status.${d.status}` as Key) });
    lines.push(line("doctor", d.email, note));
  }
  if (options.mailPreview) lines.push(`\n${t("demo.mailPreview")}`);
  lines.push("");
  return lines.join("\n");
}
