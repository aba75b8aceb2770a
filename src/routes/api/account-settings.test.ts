/**
 * The account's settings as JSON (issue 45 item 5): mail choices, time zone and language, the
 * twins of the profile pages' forms. Each is read back, refuses bad input naming the field and a
 * caller without a token, and is really used: a choice of no notices writes none, a zone shows on
 * the profile page, a language writes the account's next mail in it. Mails are read from the
 * outbox (MAIL_PREVIEW: written, and "sent" nowhere by the real sender, which applies the choices).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sleep, startHarness, type Harness } from "../../../tests/support/harness";
import type { MailSender } from "../../mail/sender";
import { startMail } from "../../mail/start";

const API = "/api/auth";
let h: Harness;
let sender: MailSender | undefined;

beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
  sender = startMail(h.deps);
});
afterAll(async () => {
  await sender?.stop();
  await h.stop();
});

/** What became of the mails written to `email`, once the sender has handled them all. */
async function fatesOf(email: string): Promise<string[]> {
  const states = async () => (await h.elsewhere("select state from mail_outbox where to_address = ? order by created_at", [email])).rows.map((r) => String(r.state));
  for (let i = 0; i < 100 && (await states()).some((s) => s === "waiting" || s === "sending"); i++) {
    sender?.kick();
    // real time: a 50 ms poll until the sender has handled every mail, the event itself
    await sleep(50);
  }
  return states();
}

/** The subjects of the mails written to `email`, oldest first. */
async function subjectsTo(email: string): Promise<string[]> {
  const rows = await h.elsewhere("select subject from mail_outbox where to_address = ? order by created_at", [email]);
  return rows.rows.map((r) => String(r.subject));
}

const profilePage = (token: string) => h.call("GET", "/patient-dashboard/patient-profile", { headers: { cookie: `carebook_session=${token}` } });

describe("GET and PUT /api/auth/mail-preferences", () => {
  test("a patient reads both choices on, turns notices off, reads it back, and the next notice is not sent", async () => {
    const patient = await h.signupPatient();
    const doctor = await h.signupDoctor();
    expect((await h.call("GET", `${API}/mail-preferences`, { token: patient.token })).body).toEqual({ preferences: { reminders: true, notices: true, sms: true, whatsapp: false } });

    const put = await h.call("PUT", `${API}/mail-preferences`, { token: patient.token, json: { reminders: true, notices: false } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ message: "Your mail choices are saved.", preferences: { reminders: true, notices: false, sms: true, whatsapp: false } });
    expect((await h.call("GET", `${API}/mail-preferences`, { token: patient.token })).body.preferences).toEqual({ reminders: true, notices: false, sms: true, whatsapp: false });
    // The page's form shows the same choice (one store, two doors).
    const page = await profilePage(patient.token);
    expect(page.text).toMatch(/name="reminders" value="on" checked/);
    expect(page.text).not.toMatch(/name="notices" value="on" checked/);

    // A booking: the doctor's notice goes, the patient's is dropped by the sender.
    await h.book(patient.token, doctor.id);
    expect(await fatesOf(patient.email)).toEqual(["dropped"]);
    expect((await fatesOf(doctor.email)).at(-1)).toBe("sent");
  });

  test("an approved doctor has them too; the admin and a doctor not yet approved are refused, as the pages refuse them", async () => {
    const doctor = await h.signupDoctor();
    const put = await h.call("PUT", `${API}/mail-preferences`, { token: doctor.token, json: { reminders: false, notices: true } });
    expect(put.body.preferences).toEqual({ reminders: false, notices: true, sms: true, whatsapp: false });
    expect((await h.call("GET", `${API}/mail-preferences`, { token: doctor.token })).body.preferences).toEqual({ reminders: false, notices: true, sms: true, whatsapp: false });

    const admin = await h.admin();
    const asAdmin = await h.call("GET", `${API}/mail-preferences`, { token: admin });
    expect({ status: asAdmin.status, message: asAdmin.body.message }).toEqual({ status: 403, message: "This action is only for patients and doctors" });
    const pending = await h.signupDoctor({ approve: false });
    const asPending = await h.call("PUT", `${API}/mail-preferences`, { token: pending.token, json: { reminders: true, notices: true } });
    expect({ status: asPending.status, message: asPending.body.message }).toEqual({ status: 403, message: "Your account status is: pending" });
  });

  test("bad input is 400 naming the field; no token is 401", async () => {
    const patient = await h.signupPatient();
    for (const [json, field] of [
      [{ reminders: "on", notices: true }, "reminders"],
      [{ reminders: true }, "notices"],
    ] as const) {
      const res = await h.call("PUT", `${API}/mail-preferences`, { token: patient.token, json });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await h.call("GET", `${API}/mail-preferences`, { token: patient.token })).body.preferences).toEqual({ reminders: true, notices: true, sms: true, whatsapp: false });
    expect((await h.call("GET", `${API}/mail-preferences`)).status).toBe(401);
    expect((await h.call("PUT", `${API}/mail-preferences`, { json: { reminders: true, notices: true, sms: true, whatsapp: false } })).status).toBe(401);
  });
});

describe("PUT /api/auth/time-zone", () => {
  test("keeps the zone (its canonical name), and the profile page shows times in it", async () => {
    const patient = await h.signupPatient();
    const put = await h.call("PUT", `${API}/time-zone`, { token: patient.token, json: { timeZone: "Asia/Calcutta" } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ message: "Your time zone is saved.", timeZone: "Asia/Kolkata" });
    expect((await h.elsewhere("select time_zone from patients where id = ?", [patient.id])).rows[0]!.time_zone).toBe("Asia/Kolkata");
    expect((await profilePage(patient.token)).text).toMatch(/<option value="Asia\/Kolkata" selected/);
  });

  test("any signed-in role may set it, as the form allows; an unknown zone is 400 naming the field; no token is 401", async () => {
    const admin = await h.admin();
    expect((await h.call("PUT", `${API}/time-zone`, { token: admin, json: { timeZone: "Europe/Berlin" } })).body.timeZone).toBe("Europe/Berlin");
    const pending = await h.signupDoctor({ approve: false });
    expect((await h.call("PUT", `${API}/time-zone`, { token: pending.token, json: { timeZone: "America/New_York" } })).status).toBe(200);

    for (const json of [{ timeZone: "Mars/Olympus" }, {}, { timeZone: 5 }]) {
      const res = await h.call("PUT", `${API}/time-zone`, { token: admin, json });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("timeZone");
    }
    expect((await h.call("PUT", `${API}/time-zone`, { json: { timeZone: "UTC" } })).status).toBe(401);
  });
});

describe("PUT /api/auth/language", () => {
  test("Hindi: the account's next mail is written in Hindi; English again: in English", async () => {
    const patient = await h.signupPatient("Meera Sharma");
    const doctor = await h.signupDoctor({ name: "Omar Haddad" });
    const put = await h.call("PUT", `${API}/language`, { token: patient.token, json: { language: "hi" } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ message: "Your language is saved; your mails will be written in it.", language: "hi" });
    expect((await h.elsewhere("select language from patients where id = ?", [patient.id])).rows[0]!.language).toBe("hi");

    await h.book(patient.token, doctor.id);
    expect(await subjectsTo(patient.email)).toEqual(["डॉ. Omar Haddad को आपका अनुरोध भेज दिया गया है"]);

    expect((await h.call("PUT", `${API}/language`, { token: patient.token, json: { language: "en" } })).body.language).toBe("en");
    await h.book(patient.token, (await h.signupDoctor({ name: "Omar Haddad" })).id, "A rash on both arms");
    const [, second] = await subjectsTo(patient.email);
    expect(second).toMatch(/^[\x20-\x7e]+$/);
    expect(second).toContain("Omar Haddad");
  });

  test("any signed-in role may set it; another language is 400 naming the field; no token is 401", async () => {
    const admin = await h.admin();
    expect((await h.call("PUT", `${API}/language`, { token: admin, json: { language: "hi" } })).status).toBe(200);
    for (const json of [{ language: "fr" }, {}, { lang: "hi" }]) {
      const res = await h.call("PUT", `${API}/language`, { token: admin, json });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("language");
    }
    expect((await h.call("PUT", `${API}/language`, { json: { language: "hi" } })).status).toBe(401);
  });
});
