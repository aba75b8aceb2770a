/** /privacy : how data is handled. Static, no JavaScript. */
import type { Context } from "hono";
import { staticPage } from "./public";

export const privacyPage = (c: Context) =>
  staticPage(
    c,
    "Privacy policy",
    "What we keep, why, and who can see it.",
    <>
      <p>
        We keep only what the service needs: your name, email, profile picture, and your appointments with their reasons,
        times and feedback. Passwords are stored as one-way hashes and never shown to anyone.
      </p>
      <p>
        A doctor sees the appointments patients request with them. Patients see doctors' names, specializations and
        colleges, never their email. Cancelled appointments are kept for the record and shown to no one.
      </p>
      <p>We use no advertising or tracking, and we load nothing from other sites.</p>
    </>,
  );
