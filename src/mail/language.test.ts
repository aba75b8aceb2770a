/**
 * Issue 31: each mail in its reader's language, through a real SMTP server on loopback. A patient
 * who chose Hindi (with the header's switch) gets the request, scheduled (with its calendar file)
 * and cancelled mails in Hindi, the dates as hi-IN writes them, while the doctor of the same
 * meeting, who chose nothing, gets them in English; an English account's mails are the same
 * bytes as before there were two languages.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startMailCatcher, type Caught, type MailCatcher } from "../../tests/support/mail-catcher";
import { parseEvents } from "../../tests/support/ical";
import { clockBefore } from "../../tests/support/clock";
import type { MailSender } from "./sender";
import { startMail } from "./start";
import { securityTemplates } from "./security";
import { renderMail } from "./layout";

const SITE = "http://localhost:3000";
const REASON = "Private: the reason stays on the site";
const DOCTOR_REASON = "I am away at a conference that week";
// Monday 1 February 2027, 10:00 in Kolkata.
const AT = new Date("2027-02-01T04:30:00Z");
const WHEN_HI = "सोमवार, 1 फ़रवरी 2027, 10:00 भारतीय मानक समय (Asia/Kolkata)";

let smtp: MailCatcher;
let h: Harness;
let sender: MailSender | undefined;

beforeAll(async () => {
  smtp = await startMailCatcher();
  // UNDO_SECONDS=0: a doctor's schedule or cancel is mailed at once, not held 10 s for an undo
  // that never comes here (the hold is src/routes/api/undo.test.ts's subject).
  h = await startHarness({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, MAIL_FROM: "Carebook <mail@carebook.test>", REMINDER_MINUTES: "60", UNDO_SECONDS: "0" });
  sender = startMail(h.deps);
});

afterAll(async () => {
  await sender?.stop();
  await smtp.stop();
  await h.stop();
});

/** The person's choice, made as a person makes it: the header's language switch, signed in. */
async function chooseHindi(token: string) {
  const res = await h.app.request("/language", {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", cookie: `carebook_session=${token}` },
    body: new URLSearchParams({ lang: "hi", back: "/" }),
  });
  expect(res.status).toBe(303);
}

const mailTo = (address: string, subject: RegExp) => smtp.waitFor((m) => m.envelopeTo.includes(address) && subject.test(m.subject ?? ""), 30_000, subject.source);

/**
 * The Latin-script words a Hindi mail still has once what may be Latin is taken out: links,
 * addresses, the people's names, Carebook, UTC, zone ids. None should be left.
 */
function latinWords(text: string, names: string[]): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, " ").replace(/\S+@\S+/g, " ").replace(/\b[A-Z][a-z]+\/[A-Za-z_]+\b/g, " ");
  for (const name of names) rest = rest.split(name).join(" ");
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !["Carebook", "UTC"].includes(w));
}

function checkHindi(mail: Caught, names: string[]) {
  expect(latinWords(mail.subject ?? "", names)).toEqual([]);
  expect(latinWords(mail.text ?? "", names)).toEqual([]);
  const html = mail.html as string;
  expect(html).toContain('<html lang="hi">');
  expect(latinWords(html.replace(/<[^>]*>/g, " ").replace(/&[a-z]+;|&#\d+;/g, " "), names)).toEqual([]);
  expect(mail.raw).not.toContain(REASON);
}

describe("a patient who reads Carebook in Hindi", () => {
  test("gets the request, the scheduled time (and its calendar file) and the doctor's cancellation in Hindi; the doctor, who chose nothing, in English", async () => {
    // AT is fixed (for fixed words): the app's clock is put before it, whatever day this runs.
    clockBefore(h, AT);
    const doctor = await h.signupDoctor({ name: "Omar Haddad" });
    const patient = await h.signupPatient("Meera Sharma");
    await chooseHindi(patient.token);
    expect((await h.elsewhere("select language from patients where id = ?", [patient.id])).rows[0]!.language).toBe("hi");
    await h.elsewhere("update patients set time_zone = 'Asia/Kolkata' where id = ?", [patient.id]);
    const names = ["Meera Sharma", "Omar Haddad"];

    const id = await h.book(patient.token, doctor.id, REASON);
    const received = await mailTo(patient.email, /अनुरोध भेज दिया गया/);
    expect(received.subject).toBe("डॉ. Omar Haddad को आपका अनुरोध भेज दिया गया है");
    expect(received.text).toContain("नमस्ते Meera Sharma,");
    expect(received.text).toContain("डॉ. Omar Haddad को आपका अपॉइंटमेंट का अनुरोध मिल गया है।");
    expect(received.text).toContain(`अपने अपॉइंटमेंट देखें: ${SITE}/patient-dashboard/patient-meetings`);
    // The frame too: the footer and the unsubscribe line (its RFC 8058 headers as they were).
    expect(received.text).toContain("कोई सवाल हो, तो support@example.com पर लिखें");
    expect(received.text).toContain("इस तरह के ईमेल बंद करने के लिए: http://localhost:3000/unsubscribe/");
    expect(received.html as string).toMatch(/<a href="http:\/\/localhost:3000\/unsubscribe\/[\w-]+" style="color:#0b5cad">इस तरह के ईमेल बंद कर सकते हैं<\/a>।/);
    expect(received.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    checkHindi(received, names);
    // The doctor's side of the same booking: English, as always.
    const request = await mailTo(doctor.email, /New appointment request/);
    expect(request.subject).toBe("New appointment request from Meera Sharma");
    expect(request.html as string).toContain('<html lang="en">');

    expect((await h.schedule(doctor.token, id, patient.id, AT)).status).toBe(200);
    const scheduled = await mailTo(patient.email, /^समय तय हुआ/);
    expect(scheduled.subject).toBe(`समय तय हुआ: डॉ. Omar Haddad के साथ आपका अपॉइंटमेंट, ${WHEN_HI}`);
    expect(scheduled.text).toContain("डॉ. Omar Haddad ने आपके अपॉइंटमेंट का समय तय कर दिया है।");
    expect(scheduled.text).toContain(`समय: ${WHEN_HI}`);
    expect(scheduled.text).toMatch(/वीडियो कॉल लिंक: https:\/\/\S+/);
    checkHindi(scheduled, names);
    const ics = scheduled.attachments.find((a) => a.contentType === "text/calendar")!.content.toString("utf8");
    const [event] = parseEvents(ics);
    expect(event!.uid).toBe(`appointment-${id}@carebook`);
    expect(event!.start).toEqual(AT);
    expect(event!.summary).toBe("डॉ. Omar Haddad के साथ अपॉइंटमेंट");
    expect(event!.description).toStartWith("Carebook पर बुक किया गया अपॉइंटमेंट, वीडियो कॉल से।\nजुड़ने के लिए: https://");

    const cancel = await h.call("POST", "/api/auth/doctor-dashboard/cancelAppointment", { token: doctor.token, json: { appointmentId: id, reason: DOCTOR_REASON } });
    expect(cancel.status).toBe(200);
    const cancelled = await mailTo(patient.email, /अपॉइंटमेंट रद्द कर दिया/);
    expect(cancelled.subject).toBe("डॉ. Omar Haddad ने आपका अपॉइंटमेंट रद्द कर दिया है");
    expect(cancelled.text).toContain(`तय समय था: ${WHEN_HI}`);
    expect(cancelled.text).toContain("किसने रद्द किया: डॉ. Omar Haddad");
    // The doctor's own words stay as the doctor wrote them.
    expect(cancelled.text).toContain(`डॉक्टर का कारण: ${DOCTOR_REASON}`);
    checkHindi({ ...cancelled, subject: cancelled.subject, text: cancelled.text!.replace(DOCTOR_REASON, ""), html: (cancelled.html as string).replace(DOCTOR_REASON, "") } as Caught, names);

    // The reminders written for the meeting were each in their reader's language.
    const reminders = await h.elsewhere("select recipient_role as role, subject from mail_outbox where appointment_id = ? and template = 'reminder' order by recipient_role", [id]);
    expect(reminders.rows.map((r) => r.role)).toEqual(["doctor", "patient"]);
    const [toDoctor, toPatient] = reminders.rows.map((r) => r.subject as string);
    expect(toDoctor).toStartWith("Reminder: appointment with Meera Sharma, ");
    // The doctor has no zone of their own and no hours, and reads English: the deployment's default,
    // India's (issue 52; UTC before), named; never taken from the patient (issue 39).
    expect(toDoctor).toEndWith(", 10:00 India Standard Time (Asia/Kolkata)");
    expect(toPatient).toBe(`रिमाइंडर: डॉ. Omar Haddad के साथ अपॉइंटमेंट, ${WHEN_HI}`);
  }, 60_000);

  test("a doctor who reads Hindi hears of a new request in Hindi; an admin who does, of a doctor waiting, with the specialization in Hindi", async () => {
    const doctor = await h.signupDoctor({ name: "Kavya Iyer" });
    await h.elsewhere("update doctors set language = 'hi' where id = ?", [doctor.id]);
    const patient = await h.signupPatient("John Smith");
    await h.book(patient.token, doctor.id, REASON);
    const request = await mailTo(doctor.email, /अपॉइंटमेंट का नया अनुरोध/);
    expect(request.subject).toBe("John Smith की ओर से अपॉइंटमेंट का नया अनुरोध");
    expect(request.text).toContain("नमस्ते डॉ. Kavya Iyer,");
    checkHindi(request, ["John Smith", "Kavya Iyer"]);
    // The patient chose nothing: English.
    expect((await mailTo(patient.email, /was sent/)).subject).toBe("Your request to Dr Kavya Iyer was sent");

    await h.admin();
    await h.elsewhere("update admins set language = 'hi'");
    const waiting = await h.signupDoctor({ name: "Dr. Ravi Nair", specialization: "Nephrologist", approve: false });
    const told = await mailTo("admin@example.com", /स्वीकृति का इंतज़ार/);
    expect(told.subject).toBe("एक डॉक्टर स्वीकृति का इंतज़ार कर रहे हैं: डॉ. Ravi Nair");
    expect(told.text).toContain("डॉ. Ravi Nair, किडनी रोग विशेषज्ञ (नेफ्रोलॉजिस्ट), ने साइन अप किया है");
    checkHindi(told, ["Ravi Nair", "Ada Admin"]);
    await h.setDoctorStatus(waiting.id, "approved");
    await h.elsewhere("update doctors set language = 'hi' where id = ?", [waiting.id]);
    await h.setDoctorStatus(waiting.id, "blocked");
    const blocked = await mailTo(waiting.email, /ब्लॉक/);
    expect(blocked.subject).toBe("आपका Carebook खाता ब्लॉक कर दिया गया है");
    // An account mail: the footer says why it is sent anyway.
    expect(blocked.text).toContain("यह ईमेल आपके खाते के बारे में है");
    checkHindi(blocked, ["Ravi Nair"]);
  }, 60_000);
});

describe("an account that chose nothing (or English)", () => {
  test("gets today's English, byte for byte", async () => {
    clockBefore(h, AT);
    const doctor = await h.signupDoctor({ name: "Omar Haddad" });
    const patient = await h.signupPatient("Ivy English");
    await h.elsewhere("update patients set language = 'en' where id = ?", [patient.id]);
    const id = await h.book(patient.token, doctor.id, REASON);
    await mailTo(patient.email, /was sent/);
    const row = (await h.elsewhere("select subject, text, html, unsubscribe_url as url from mail_outbox where appointment_id = ? and template = 'requestReceived'", [id])).rows[0]!;
    expect(row.subject).toBe("Your request to Dr Omar Haddad was sent");
    expect(row.text).toBe(
      [
        "Hello Ivy English,",
        "",
        "Dr Omar Haddad has your appointment request. We will write again when a time is set.",
        "",
        `See your appointments: ${SITE}/patient-dashboard/patient-meetings`,
        "",
        "-- ",
        "Carebook",
        "Questions? Write to support@example.com.",
        `You can choose which mails Carebook sends you on your profile page. To stop mails like this one: ${row.url}`,
        "",
      ].join("\n"),
    );
    expect(row.html as string).toStartWith('<!doctype html><html lang="en"><head>');
    expect(row.html as string).toContain(
      `<p style="margin:0;font-size:13px;color:#52606d">You can choose which mails Carebook sends you on your profile page, or <a href="${row.url}" style="color:#0b5cad">stop mails like this one</a>.</p>`,
    );
    expect((await h.schedule(doctor.token, id, patient.id, AT)).status).toBe(200);
    const scheduled = await mailTo(patient.email, /^Scheduled: your appointment with Dr Omar Haddad/);
    expect(scheduled.text).toContain("Dr Omar Haddad scheduled your appointment.\n\nIt is a video call: open the video call link at the time. The attached file adds it to your calendar.");
    const [event] = parseEvents(scheduled.attachments.find((a) => a.contentType === "text/calendar")!.content.toString("utf8"));
    expect(event!.summary).toBe("Appointment with Dr Omar Haddad");
  }, 60_000);
});

test("the password mails (issue 28) follow the reader's language too", () => {
  const to = { role: "patient" as const, id: "p1", name: "Meera Sharma", email: "m@example.com", timeZone: "Asia/Kolkata", language: "hi" };
  const origin = { device: "Firefox", at: AT };
  const reset = renderMail(securityTemplates.passwordReset({ to, origin, token: "tok", minutes: 30 }), { siteUrl: SITE, support: { email: "help@example.com", phone: "+91 11 2345 6789" } });
  expect(reset.subject).toBe("अपना Carebook पासवर्ड रीसेट करें");
  expect(reset.text).toContain("यह लिंक सिर्फ़ एक बार, 30 मिनट तक काम करेगा।");
  expect(reset.text).toContain(`कहाँ से और कब माँगा गया: Firefox, ${WHEN_HI}`);
  expect(reset.text).toContain(`नया पासवर्ड चुनें: ${SITE}/resetPassword/tok`);
  expect(latinWords(reset.text, ["Meera Sharma", "Firefox"])).toEqual([]);
  const changed = renderMail(securityTemplates.passwordChanged({ to: { ...to, role: "doctor", name: "Omar Haddad" }, origin, how: "change" }), { siteUrl: SITE, support: { email: "help@example.com", phone: "+91" } });
  expect(changed.subject).toBe("आपका Carebook पासवर्ड बदल दिया गया है");
  expect(changed.text).toStartWith("नमस्ते डॉ. Omar Haddad,\n");
  expect(latinWords(changed.text, ["Omar Haddad", "Firefox"])).toEqual([]);
});
