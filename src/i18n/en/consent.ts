/**
 * Issue 44's consent notice (src/components/ConsentNotice.tsx) and the account's data export.
 * Short on purpose: one line each for what, why, who, how long, and how to withdraw or complain.
 * When these words change what they say, move CONSENT_VERSION on (src/domain/consent.ts).
 */
export default {
  "consent.title": "Your data at Carebook",
  "consent.what": "What we keep: your name, email, password (only as a hash), a picture if you add one, the people you book for, and your appointments with their reasons, times and feedback; for doctors, your college and registration.",
  "consent.why": "Why: to book and hold your appointments and to send you their mails. No advertising; nothing is sold.",
  "consent.who": "Who sees it: the doctor you book sees your name and your reason; an admin checks doctors' accounts.",
  "consent.kept": "How long: while your account is open. Past appointments stay with the doctor as medical records.",
  "consent.withdraw": "Withdraw or complain: delete your account yourself from your profile page at any time, or write to support (the address at the foot of each page); if we do not help, complain to the Data Protection Board of India.",
  "consent.privacy": "Privacy policy",
  "consent.asked": "Please read how we use your data and agree to it (the notice is new or has changed).",
  "consent.tick": "I have read this notice and agree",
  "consent.accept": "Agree",
  "consent.recorded": "Thank you. Your consent is recorded.",
  "export.title": "Your data",
  "export.text": "Download everything Carebook holds about your account, as a JSON file.",
  "export.link": "Download my data",
} satisfies Record<string, string>;
