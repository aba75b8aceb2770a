/**
 * Issue 42 through the pages, without script: the profile's family forms (add, edit, remove; a
 * refusal shown beside its own form), in English and Hindi; the booking page's "Who is this visit
 * for?" (the account holder first), posted as a plain field; then what each side sees: the
 * doctor's cards name the child with age and relation and note that the holder attends, the
 * patient's card says whom it is for, the calendar files name the person (never the reason) and
 * the mails, to the account holder, name the person.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness, type Patient } from "../../../tests/support/harness";

const PROFILE = "/patient-dashboard/patient-profile";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const year = monday.getUTCFullYear();
const child = { name: "Aarav S", relation: "child", dateOfBirth: `${year - 6}-01-01`, sex: "male" };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
  h.deps.now = () => at(8);
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;
const page = async (token: string, path: string, lang = "en") => {
  const res = await h.app.request(path, { headers: { cookie: cookie(token, lang) } });
  return { status: res.status, html: await res.text() };
};
/** A form post as a browser makes it without script (`navigate`: a refusal goes back to the form's page). */
const post = (token: string, path: string, fields: Record<string, string>, options: { lang?: string; navigate?: boolean } = {}) =>
  h.app.request(path, {
    method: "POST",
    headers: {
      cookie: cookie(token, options.lang),
      origin: "http://localhost",
      "content-type": "application/x-www-form-urlencoded",
      ...(options.navigate === false ? {} : { "sec-fetch-mode": "navigate" }),
    },
    body: new URLSearchParams(fields),
  });
const family = async (p: Patient) => (await h.call("GET", "/api/auth/patient-dashboard/family", { token: p.token })).body.members as { _id: string; name: string }[];

describe("the profile's family section", () => {
  test("add, edit and remove without script: each a 303 to the profile at its notice; the section lists the people", async () => {
    const p = await h.signupPatient("Priya S");
    const empty = await page(p.token, PROFILE);
    expect(empty.html).toContain("Family members");
    expect(empty.html).toContain("No family members yet.");
    const added = await post(p.token, `${PROFILE}/family`, child);
    expect([added.status, added.headers.get("location")]).toEqual([303, `${PROFILE}#notice`]);
    const [member] = await family(p);
    expect(member).toMatchObject(child);
    const shown = await page(p.token, PROFILE);
    expect(shown.html).toContain(`value="Aarav S"`);
    expect(shown.html).toContain(`action="${PROFILE}/family/${member!._id}"`);

    const edited = await post(p.token, `${PROFILE}/family/${member!._id}`, { ...child, name: "Aarav Sharma", sex: "" });
    expect(edited.status).toBe(303);
    expect(await family(p)).toMatchObject([{ name: "Aarav Sharma", sex: null }]);
    const removed = await post(p.token, `${PROFILE}/family/${member!._id}/remove`, {});
    expect(removed.status).toBe(303);
    expect(await family(p)).toEqual([]);
  });

  test("a refused post shows its message in plain words beside its own form, with what was typed; nothing is added", async () => {
    const p = await h.signupPatient("Priya S");
    const res = await post(p.token, `${PROFILE}/family`, { ...child, dateOfBirth: "1899-12-31" }, { navigate: false });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The date of birth cannot be before 1900.");
    expect(html).toContain('value="1899-12-31"');
    expect(await family(p)).toEqual([]);
    // A person's post goes back to the profile (303), the refusal shown there once.
    const navigated = await post(p.token, `${PROFILE}/family`, { ...child, name: "" });
    expect([navigated.status, navigated.headers.get("location")]).toEqual([303, `${PROFILE}#notice`]);
    // Another patient's member: not found, in plain words.
    const other = await h.signupPatient("Meera M");
    await post(other.token, `${PROFILE}/family`, child);
    const [theirs] = await family(other);
    const refused = await post(p.token, `${PROFILE}/family/${theirs!._id}/remove`, {}, { navigate: false });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("This family member is not on your account.");
    expect(await family(other)).toHaveLength(1);
  });

  test("in Hindi: the section, its choices and its refusals", async () => {
    const p = await h.signupPatient("प्रिया");
    const html = (await page(p.token, PROFILE, "hi")).html;
    expect(html).toContain("परिवार के सदस्य");
    expect(html).toContain("आपसे रिश्ता");
    expect(html).toContain("संतान");
    const res = await post(p.token, `${PROFILE}/family`, { ...child, dateOfBirth: `${year + 1}-01-01` }, { lang: "hi", navigate: false });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("जन्म तिथि भविष्य में नहीं हो सकती।");
  });
});

describe("booking for a child, and what each side sees", () => {
  test("the booking page asks who the visit is for, the holder first; the plain form books for the child", async () => {
    const p = await h.signupPatient("Priya S");
    const doctor = await h.signupDoctor({ name: "Rao R", specialization: "Pediatrician" });
    const before = (await page(p.token, `/patient-dashboard/bookAppointment/${doctor.id}`)).html;
    expect(before).not.toContain("Who is this appointment for?");
    await post(p.token, `${PROFILE}/family`, child);
    const [member] = await family(p);
    const html = (await page(p.token, `/patient-dashboard/bookAppointment/${doctor.id}`)).html;
    expect(html).toContain("Who is this appointment for?");
    const me = html.indexOf("Me (Priya S)");
    expect(me).toBeGreaterThan(0);
    expect(html.indexOf("Aarav S (child)")).toBeGreaterThan(me);
    expect((await page(p.token, `/patient-dashboard/bookAppointment/${doctor.id}`, "hi")).html).toContain("यह अपॉइंटमेंट किसके लिए है?");

    const booked = await post(p.token, `/patient-dashboard/bookAppointment/${doctor.id}`, { reason: "A fever for two days", forMemberId: member!._id });
    expect(booked.status).toBe(303);
    // The holder's own request with the same doctor is still open to them.
    expect((await post(p.token, `/patient-dashboard/bookAppointment/${doctor.id}`, { reason: "My own cough", forMemberId: "" })).status).toBe(303);
    const meetings = (await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: p.token })).body.appointments;
    expect(meetings.map((a: { for: { name: string } | null }) => a.for?.name ?? null).sort()).toEqual(["Aarav S", null]);

    // The doctor's cards: the child's name, age and relation, and the holder who attends.
    const pending = (await page(doctor.token, "/doctor-dashboard")).html;
    expect(pending).toContain("Aarav S, 6, child of Priya S");
    expect(pending).toContain("Under 18: Priya S attends with them.");
    const id = meetings.find((a: { for: unknown }) => a.for !== null)._id;
    expect((await h.schedule(doctor.token, id, p.id, at(30))).status).toBe(200);
    const doctorMeetings = (await page(doctor.token, "/doctor-dashboard/doctor-Meetings")).html;
    expect(doctorMeetings).toContain("Aarav S, 6, child of Priya S");
    expect((await page(doctor.token, "/doctor-dashboard/doctor-Meetings", "hi")).html).toContain("Aarav S, 6, Priya S की संतान");

    // The patient's card says whom it is for.
    const own = (await page(p.token, "/patient-dashboard/patient-meetings")).html;
    expect(own).toContain("For Aarav S (your child, 6)");

    // Calendar files name the person, never the reason.
    const patientIcs = (await h.call("GET", `/api/auth/patient-dashboard/meetings/${id}/calendar.ics`, { token: p.token })).text;
    expect(patientIcs).toContain("SUMMARY:Appointment with Dr Rao R for Aarav S");
    const doctorIcs = (await h.call("GET", `/api/auth/doctor-dashboard/meetings/${id}/calendar.ics`, { token: doctor.token })).text;
    // Issue 52: named as every page names them (personWords); ICS escapes the commas.
    expect(doctorIcs).toContain("SUMMARY:Appointment with Aarav S\\, 6\\, child of Priya S");
    expect(patientIcs + doctorIcs).not.toContain("fever");

    // Mails go to the account holder (and the doctor), naming the person.
    const mails = await h.elsewhere("select template, to_address, text from mail_outbox where appointment_id = ? and template in ('requestReceived', 'newRequest', 'scheduled') order by template", [id]);
    expect(mails.rows.map((r) => [r.template, r.to_address])).toEqual([
      ["newRequest", doctor.email],
      ["requestReceived", p.email],
      ["scheduled", p.email],
    ]);
    for (const row of mails.rows) expect(String(row.text)).toContain(row.to_address === p.email ? "For: Aarav S" : "Aarav S, 6, child of Priya S asked you for an appointment.");
    for (const row of mails.rows) expect(String(row.text)).not.toContain("fever");
    // Issue 52: the doctor's reminders name the child with the parent (personWords, as the pages), never the parent alone.
    const reminders = await h.elsewhere("select text from mail_outbox where appointment_id = ? and template = 'reminder' and to_address = ?", [id, doctor.email]);
    expect(reminders.rows.length).toBeGreaterThan(0);
    for (const row of reminders.rows) expect(String(row.text)).toContain("Your appointment with Aarav S, 6, child of Priya S is coming up.");
  });
});
