/**
 * Issue 44, finding 3: reset links were readable in the database. Found by reading the outbox
 * row of a sent reset mail: it kept the mail's text and HTML, live link included, for 30 days (a
 * backup, a replica or the admin's mail page opened the account). Once sent, the row keeps the
 * mail without the link; the mail itself carried it, and it still works. The admin's mail page
 * never shows it, even before the mail leaves.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startMailCatcher, type MailCatcher } from "../../tests/support/mail-catcher";
import { resetRequestsSettled } from "../actions/passwords";
import { LINK_REMOVED } from "./security";
import type { MailSender } from "./sender";
import { startMail } from "./start";

let smtp: MailCatcher;
let h: Harness;
let preview: Harness;
let sender: MailSender | undefined;

beforeAll(async () => {
  smtp = await startMailCatcher();
  h = await startHarness({ SMTP_URL: smtp.url, PUBLIC_URL: "http://localhost:3000" });
  sender = startMail(h.deps);
  // The demo's outbox, with no sender: its rows wait, and the admin reads them on the mail page.
  preview = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(async () => {
  await resetRequestsSettled();
  await sender?.stop();
  await smtp.stop();
  await h.stop();
  await preview.stop();
});

const forgot = (on: Harness, email: string) => on.call("POST", "/api/auth/forgotPassword", { json: { role: "patient", email } });
const resetRow = async (on: Harness, email: string) =>
  (await on.elsewhere("SELECT id, state, text, html FROM mail_outbox WHERE template = 'passwordReset' AND to_address = ?", [email])).rows[0];

describe("the outbox row of a reset mail", () => {
  test("after sending: no link in its text or HTML; the mail had it, and the link works", async () => {
    const pat = await h.signupPatient("Rita Reset");
    expect((await forgot(h, pat.email)).status).toBe(202);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(pat.email) && m.subject === "Reset your Carebook password");
    const token = /\/resetPassword\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;

    const deadline = Date.now() + 10_000;
    // real time: a 50 ms poll until the reset row says sent, the event itself
    while ((await resetRow(h, pat.email))?.state !== "sent" && Date.now() < deadline) await Bun.sleep(50);
    const row = (await resetRow(h, pat.email))!;
    expect(row.state).toBe("sent");
    expect(String(row.text)).not.toContain(token);
    expect(String(row.html)).not.toContain(token);
    expect(String(row.text)).toContain(LINK_REMOVED);
    expect(String(row.text)).toContain("Hello Rita Reset,"); // the rest of the mail stays

    expect((await h.call("POST", "/api/auth/resetPassword", { json: { token, password: "a-new-horse-2" } })).status).toBe(200);
  });
});

describe("the admin's mail page", () => {
  test("shows a reset mail without its link, in the text and the HTML part, even before it is sent", async () => {
    const pat = await preview.signupPatient("Rohan Reset");
    expect((await forgot(preview, pat.email)).status).toBe(202);
    await resetRequestsSettled();
    const row = (await resetRow(preview, pat.email))!;
    expect(row.state).toBe("waiting");
    const token = /\/resetPassword\/([A-Za-z0-9_-]{43})/.exec(String(row.text))![1]!;

    const cookie = `carebook_session=${await preview.admin()}`;
    for (const path of [`/admin-dashboard/mail/${row.id}`, `/admin-dashboard/mail/${row.id}/html`]) {
      const page = await preview.app.request(path, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain(token);
      expect(html).toContain(LINK_REMOVED);
    }
  });
});
