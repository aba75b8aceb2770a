/** The demo area's messages (ICU MessageFormat, src/domain/i18n.ts): what `bun run demo` prints (src/cli/demo.ts, src/demo/output.ts). */
export default {
  "demo.refused": "This database holds {count} account(s) that are not demo accounts: the demo leaves it alone.\nRun the demo on a fresh database, e.g. DATABASE_URL=file:data/demo.db bun run demo",
  "demo.preparing": "Preparing the demo (accounts, pictures, appointments)…",
  "demo.logins": "Demo logins (every password: {password})",
  // The role column of the logins (one word each).
  "demo.role.admin": "admin",
  "demo.role.patient": "patient",
  "demo.role.doctor": "doctor",
  "demo.patientNote": "{name}: appointments in every state",
  "demo.doctorNote": "{name}, {specialization}",
  "demo.doctorNoteStatus": "{name}, {specialization} ({status})",
  "demo.mailPreview": "Every mail the demo sends: log in as the admin and open /admin-dashboard/mail (sent nowhere).",
} satisfies Record<string, string>;
