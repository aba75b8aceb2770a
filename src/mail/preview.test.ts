/**
 * Issue 25, the demo's mails: with MAIL_PREVIEW and no SMTP_URL, mails are written, "sent"
 * nowhere, and the admin reads each one rendered on the outbox page. Without either, mail is
 * off: nothing is written, and the pages say so.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sleep, startHarness, type Harness } from "../../tests/support/harness";
import type { MailSender } from "./sender";
import { startMail } from "./start";

let h: Harness;
let off: Harness;
let sender: MailSender | undefined;

beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
  off = await startHarness();
  sender = startMail(h.deps);
});
afterAll(async () => {
  await sender?.stop();
  await h.stop();
  await off.stop();
});

test("preview: the admin's outbox page opens each mail rendered, text, calendar and HTML parts", async () => {
  const doctor = await h.signupDoctor({ name: "Vera Preview" });
  const patient = await h.signupPatient("Pia Preview");
  const id = await h.book(patient.token, doctor.id, "Private reason");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const rows = await h.elsewhere("select state from mail_outbox where appointment_id = ?", [id]);
    if (rows.rows.length === 2 && rows.rows.every((r) => r.state === "sent")) break;
    // real time: a 100 ms poll until both rows say sent, the event itself
    await sleep(100);
  }
  const cookie = `carebook_session=${await h.admin()}`;
  const list = await (await h.app.request("/admin-dashboard/mail", { headers: { cookie } })).text();
  expect(list).toContain("Preview: mails are written here and sent nowhere.");
  const row = (await h.elsewhere("select id, subject from mail_outbox where appointment_id = ? and template = 'requestReceived'", [id])).rows[0]!;
  expect(list).toContain(`<a href="/admin-dashboard/mail/${row.id}">${row.subject}</a>`);
  const one = await h.app.request(`/admin-dashboard/mail/${row.id}`, { headers: { cookie } });
  expect(one.status).toBe(200);
  const text = await one.text();
  expect(text).toContain("Dr Vera Preview has your appointment request.");
  expect(text).toContain("http://localhost:3000/patient-dashboard/patient-meetings");
  expect(text).not.toContain("Private reason");
  const html = await h.app.request(`/admin-dashboard/mail/${row.id}/html`, { headers: { cookie } });
  expect(html.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(await html.text()).toContain("<!doctype html>");
  // Only the admin.
  expect((await h.app.request(`/admin-dashboard/mail/${row.id}`, { headers: { cookie: `carebook_session=${patient.token}` } })).status).not.toBe(200);
});

test("mail off: nothing is written, the outbox page and the profile say so", async () => {
  const doctor = await off.signupDoctor();
  const patient = await off.signupPatient();
  await off.book(patient.token, doctor.id);
  expect(Number((await off.elsewhere("select count(*) as n from mail_outbox")).rows[0]!.n)).toBe(0);
  const page = await (await off.app.request("/admin-dashboard/mail", { headers: { cookie: `carebook_session=${await off.admin()}` } })).text();
  expect(page).toContain("Mail is off (SMTP_URL is not set)");
  const profile = await (await off.app.request("/patient-dashboard/patient-profile", { headers: { cookie: `carebook_session=${patient.token}` } })).text();
  expect(profile).toContain("This Carebook sends no mail at the moment");
});
