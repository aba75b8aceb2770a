/**
 * Issue 56 through the pages, without script: the doctor's notes and prescription form (save a
 * draft, issue with two medicines, a refusal beside the form with what was typed, an amended
 * record), the link on the doctor's meeting card from the start, and the patient's Records page
 * and record page, in English and Hindi, with the guidelines' contents.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";

const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", CONSULT_MINUTES: "30" });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;
const page = async (token: string, path: string, lang = "en") => {
  const res = await h.app.request(path, { headers: { cookie: cookie(token, lang) } });
  return { status: res.status, html: await res.text() };
};
const post = (token: string, path: string, fields: Record<string, string>, lang = "en") =>
  h.app.request(path, {
    method: "POST",
    headers: { cookie: cookie(token, lang), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
    body: new URLSearchParams(fields),
  });

async function verifiedDoctor(): Promise<Doctor> {
  const doctor = await h.signupDoctor({ name: "Meera Rao" });
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
  await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } });
  const form = h.profileForm({ name: "Meera Rao", specialization: "General Physician", collegeName: "AIIMS Delhi", registrationNumber: "DMC/777", registrationCouncil: "Delhi Medical Council" });
  await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form });
  await h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${doctor.id}`, { token: await h.admin(), json: { verified: true } });
  return doctor;
}

const TWO = {
  complaints: "Fever and sore throat for two days",
  findings: "Temperature 38.4",
  diagnosis: "Acute pharyngitis",
  advice: "Warm fluids, rest",
  followUp: "2030-01-10",
  "m0.name": "Paracetamol",
  "m0.brand": "Crocin",
  "m0.strength": "500 mg",
  "m0.form": "tablet",
  "m0.dose": "1 tablet",
  "m0.frequency": "Three times a day",
  "m0.durationDays": "3",
  "m0.instructions": "After food",
  "m1.name": "Amoxicillin",
  "m1.strength": "250 mg/5 ml",
  "m1.form": "syrup",
  "m1.dose": "5 ml",
  "m1.frequency": "Twice a day",
  "m1.durationDays": "5",
  "m2.form": "tablet",
};

describe("the doctor writes and issues; the patient reads", () => {
  test("without script, in English and Hindi", async () => {
    const doctor = await verifiedDoctor();
    const patient = await h.signupPatient("Ravi Kumar");
    const booked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "Fever", slotStart: at(10).toISOString() } });
    const id = booked.body.appointment._id as string;
    const path = `/doctor-dashboard/records/${id}`;

    // Before the start: no link on the card; the page says when it can be written, with no form.
    h.deps.now = () => at(9);
    expect((await page(doctor.token, "/doctor-dashboard/doctor-Meetings")).html).not.toContain(path);
    const early = await page(doctor.token, path);
    expect(early.html).toContain("You can write the notes and prescription from the start of the appointment.");
    expect(early.html).not.toContain('id="record-form"');

    h.deps.now = () => at(10.6);
    expect((await page(doctor.token, "/doctor-dashboard/doctor-Meetings")).html).toContain(`href="${path}"`);
    const blank = await page(doctor.token, path, "hi");
    expect(blank.html).toContain("मुख्य शिकायतें");
    expect(blank.html).toContain('name="m1.name"');

    // A refusal (a duration of 0 days) comes back beside the form with what was typed.
    const refused = await post(doctor.token, path, { ...TWO, "m1.durationDays": "0" });
    expect(refused.status).toBe(303);
    const again = await h.app.request(refused.headers.get("location")!, { headers: { cookie: `${cookie(doctor.token)}; ${refused.headers.get("set-cookie")?.split(";")[0]}` } });
    const againHtml = await again.text();
    expect(againHtml).toContain("Please enter the number of days as a whole number from 1 to 365.");
    expect(againHtml).toContain("Fever and sore throat for two days");

    const saved = await post(doctor.token, path, TWO);
    expect([saved.status, saved.headers.get("location")]).toEqual([303, `${path}#notice`]);
    const draft = (await h.call("GET", `/api/auth/doctor-dashboard/appointments/${id}/record`, { token: doctor.token })).body.record;
    expect(draft).toMatchObject({ status: "draft", diagnosis: "Acute pharyngitis", followUp: "2030-01-10" });
    expect(draft.medicines.map((m: { name: string }) => m.name)).toEqual(["Paracetamol", "Amoxicillin"]);

    const issued = await post(doctor.token, `${path}/issue`, TWO);
    expect(issued.status).toBe(303);
    const record = (await h.call("GET", `/api/auth/doctor-dashboard/appointments/${id}/record`, { token: doctor.token })).body.record;
    expect(record.status).toBe("issued");
    const doctorView = (await page(doctor.token, path)).html;
    expect(doctorView).toContain(`Issued as ${record.number}.`);
    expect(doctorView).toContain("Issue amended record");

    // The patient's Records page and the record, in English then Hindi.
    const list = await page(patient.token, "/patient-dashboard/records");
    expect(list.html).toContain(`href="/patient-dashboard/records/${record._id}"`);
    expect(list.html).toContain(record.number);
    const sheet = (await page(patient.token, `/patient-dashboard/records/${record._id}`)).html;
    for (const words of ["Dr. Meera Rao", "Cardiologist, City Medical College", "Reg. no. DMC/777, Delhi Medical Council", "Video consultation", "Ravi Kumar", "Age not given", "Sex not given", "Chief complaints", "Examination findings", "Diagnosis or provisional diagnosis", "PARACETAMOL", "AMOXICILLIN", "(Crocin)", "for 3 days", "Follow-up: Thu, 10 Jan 2030", record.number]) {
      expect(sheet).toContain(words);
    }
    expect(sheet).not.toContain("Relevant history");
    const hindi = (await page(patient.token, `/patient-dashboard/records/${record._id}`, "hi")).html;
    for (const words of ["डॉ. Meera Rao", "रजि. नं. DMC/777", "वीडियो परामर्श", "मुख्य शिकायतें", "Fever and sore throat for two days", "PARACETAMOL", "3 दिन के लिए"]) expect(hindi).toContain(words);

    // Another patient sees nothing; a draft is never a page.
    const stranger = await h.signupPatient();
    expect((await page(stranger.token, `/patient-dashboard/records/${record._id}`)).status).toBe(404);

    // An amendment: the old one is marked, the new one points to it.
    h.deps.now = () => at(12);
    const amended = await post(doctor.token, `${path}/amend`, { ...TWO, diagnosis: "Viral pharyngitis" });
    expect(amended.status).toBe(303);
    const after = (await page(patient.token, "/patient-dashboard/records")).html;
    expect(after).toContain(`Replaced by`);
    const old = (await page(patient.token, `/patient-dashboard/records/${record._id}`)).html;
    expect(old).toMatch(/Replaced by RX-\d{4}-\d{6}/);
  });

  test("an unverified doctor may save a draft but not issue: the page says why", async () => {
    const doctor = await h.signupDoctor();
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
    await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } });
    const patient = await h.signupPatient();
    h.deps.now = () => at(0);
    const booked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "Fever", slotStart: at(11).toISOString() } });
    const path = `/doctor-dashboard/records/${booked.body.appointment._id}`;
    h.deps.now = () => at(11.2);
    expect((await page(doctor.token, path)).html).toContain("only a verified doctor can issue a prescription");
    const res = await h.app.request(`${path}/issue`, {
      method: "POST",
      headers: { cookie: cookie(doctor.token), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(TWO),
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Your medical registration is not verified yet: an admin must verify it before you can issue a prescription.");
  });
});

test("the profile page's details for prescriptions, without script: saved, shown, and the name kept", async () => {
  const patient = await h.signupPatient("Lata Iyer");
  const before = await page(patient.token, "/patient-dashboard/patient-profile", "hi");
  expect(before.html).toContain("पर्चे के लिए जानकारी");
  const saved = await post(patient.token, "/patient-dashboard/patient-profile", { name: "Lata Iyer", dateOfBirth: "1980-03-04", sex: "female" });
  expect(saved.status).toBe(303);
  const after = (await page(patient.token, "/patient-dashboard/patient-profile")).html;
  expect(after).toContain('name="dateOfBirth" type="date" lang="en-IN" value="1980-03-04"');
  expect(after).toContain('<option value="female" selected="">');
  expect((await h.call("GET", "/api/auth/patient-profile", { token: patient.token })).body.patient).toMatchObject({ name: "Lata Iyer", dateOfBirth: "1980-03-04", sex: "female" });
});
