/**
 * Fills a database with the demo (./people.ts) through the app itself: every account, status
 * change, picture, booking, schedule, cancellation and feedback is a request to the real API
 * (app.request), so the demo holds nothing the product could not have made. Only the admin is
 * created the way the server seeds one (ensureAdmin).
 *
 * Completed meetings need a slot that has ended, and the API refuses to schedule in the past.
 * So they are booked and scheduled through a second app over the same database whose clock
 * (Deps.now, the only clock the routes read) runs five days behind: at that time the slot is in
 * the future; at the real time it has ended, and every read derives "completed" from `ends_at`
 * (src/domain/appointment.ts) exactly as for any meeting that took place.
 *
 * Idempotent: accounts that exist are logged in, not created again; a patient who already has
 * meetings gets no new ones.
 */
import { createApp } from "../app";
import { ensureAdmin } from "../auth/admins";
import type { Deps } from "../config/deps";
import { findOutbox, recentOutbox } from "../db/queries/mail";
import { smsMode } from "../mail/texts";
import { avatarPng } from "./pictures";
import { approvedDoctor, DEMO_ADMIN, DEMO_DOCTORS, DEMO_PASSWORD, DEMO_PATIENTS, type DemoDoctor } from "./people";
import type { Specialization } from "../domain/fields";

type Reply = { status: number; body: any };
type Call = (method: string, path: string, options?: { token?: string; json?: unknown; form?: FormData }) => Promise<Reply>;

const DAY = 86_400_000;

/** The demo's one issued prescription (issue 56): a note under the guidelines' headings and two medicines. */
const DEMO_RECORD = {
  complaints: "Chest tightness on climbing stairs for two weeks",
  history: "High blood pressure for five years; a smoker",
  findings: "Blood pressure 150/95, pulse 88, heart sounds normal",
  investigations: "ECG and lipid profile advised",
  diagnosis: "Stable angina (provisional)",
  advice: "Stop smoking; walk 30 minutes a day; come at once if the pain lasts more than 10 minutes",
  medicines: [
    { name: "Aspirin", brand: "Ecosprin", strength: "75 mg", form: "tablet", dose: "1 tablet", frequency: "Once a day after lunch", durationDays: 30, instructions: "" },
    { name: "Atorvastatin", strength: "10 mg", form: "tablet", dose: "1 tablet", frequency: "Once a day at night", durationDays: 30, instructions: "" },
  ],
};

/** A JSON client for an app; it throws on any refusal but those listed in `allow`. */
function clientOf(app: ReturnType<typeof createApp>): (allow?: number[]) => Call {
  return (allow = []) =>
    async (method, path, options = {}) => {
      const headers = new Headers();
      if (options.token) headers.set("authorization", `Bearer ${options.token}`);
      let body: BodyInit | undefined;
      if (options.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(options.json);
      } else if (options.form) body = options.form;
      const res = await app.request(`/api/auth${path}`, { method, headers, body });
      const reply = { status: res.status, body: await res.json() };
      if (res.status >= 400 && !allow.includes(res.status)) throw new Error(`demo: ${method} ${path} answered ${res.status}: ${reply.body.message}`);
      return reply;
    };
}

/** Midnight UTC of today plus `days` days and `hour` hours. */
function dayAt(now: Date, days: number, hour: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + days * DAY + hour * 3_600_000);
}

/** A one-page PDF lab report for the demo (issue 56). */
function demoReport(): FormData {
  const text = "BT /F1 14 Tf 72 720 Td (Complete blood count: normal) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const form = new FormData();
  form.set("title", "Blood test, last month");
  form.set("file", new File([pdf], "blood-test.pdf", { type: "application/pdf" }));
  return form;
}

function pictureForm(fields: Record<string, string>, hue: number): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("profileImage", new File([avatarPng(hue)], "avatar.png", { type: "image/png" }));
  return form;
}

/** The demo patient's phone: a fictional number (NANP 555-01xx), never texted (the demo runs in MAIL_PREVIEW). */
export const DEMO_PHONE = "+15555550100";

/** Seeds the demo into the database behind `deps`. */
export async function seedDemo(deps: Deps): Promise<void> {
  // The demo signs up two dozen accounts from one "address": the limits are for strangers.
  const seeding: Deps = { ...deps, config: { ...deps.config, signupLimit: 1_000_000, loginFailureLimit: 1_000_000 } };
  const call = clientOf(createApp(seeding));
  const past = clientOf(createApp({ ...seeding, now: () => new Date(Date.now() - 5 * DAY) }))();
  /** A client of an app whose clock stands at `time` (the weeks before, issue 58). */
  const clientAt = (time: Date) => clientOf(createApp({ ...seeding, now: () => time }))();
  const now = deps.now();

  await ensureAdmin(deps.database, { ...DEMO_ADMIN, password: DEMO_PASSWORD });
  const admin = (await call()("POST", "/loginAdmin", { json: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD } })).body.token as string;
  const setStatus = (id: string, status: string) => call()("PATCH", `/admin-dashboard/doctor-status/${id}`, { token: admin, json: { status } });

  const doctorTokens = new Map<string, string>();
  const doctorIds = new Map<string, string>();
  for (const [i, doctor] of DEMO_DOCTORS.entries()) {
    const { token, id } = await ensureDoctor(call, admin, setStatus, doctor, i);
    doctorTokens.set(doctor.email, token);
    doctorIds.set(doctor.email, id);
  }

  const patients: { token: string; id: string }[] = [];
  for (const [i, patient] of DEMO_PATIENTS.entries()) {
    let reply = await call([401])("POST", "/loginPatient", { json: { email: patient.email, password: DEMO_PASSWORD } });
    if (reply.status === 401) reply = await call()("POST", "/signupPatient", { json: { ...patient, password: DEMO_PASSWORD } });
    const token = reply.body.token as string;
    const profile = (await call()("GET", "/patient-profile", { token })).body.patient;
    if (profile.profileImage === null) await call()("PUT", "/patient-profile", { token, form: pictureForm({ name: patient.name }, 20 + i * 150) });
    patients.push({ token, id: profile._id });
    // Issue 55: the first demo patient has a verified phone, so the admin's mail page (MAIL_PREVIEW)
    // shows the texts too: the code, then the confirmations and reminders of their appointments.
    if (i === 0 && profile.phone?.verified !== true && smsMode(deps.config) !== "off") {
      await call()("POST", "/account/phone", { token, json: { phone: DEMO_PHONE } });
      const row = (await recentOutbox(deps.database.db, 50)).find((r) => r.channel === "sms" && r.toAddress === DEMO_PHONE && r.subject === "SMS: code");
      const code = row && (await findOutbox(deps.database.db, row.id))?.text.match(/\d{6}/)?.[0];
      if (code) await call()("POST", "/account/phone/verify", { token, json: { code } });
    }
  }

  const d = (n: number) => ({ id: doctorIds.get(approvedDoctor(n).email)!, token: doctorTokens.get(approvedDoctor(n).email)! });
  const plans = [
    { completed: [[0, -3, 10, true], [1, -2, 11, false]], cancelledBy: ["patient", 2], pending: 0, confirmed: [3, 1, 9] },
    { completed: [[4, -3, 15, true], [0, -2, 15, false]], cancelledBy: ["doctor", 0], pending: 5, confirmed: [0, 1, 10] },
  ] as const;

  for (const [i, plan] of plans.entries()) {
    const patient = patients[i]!;
    const mine = (await call()("GET", "/patient-dashboard/patient-meetings", { token: patient.token })).body.appointments;
    if (mine.length > 0) continue;
    const book = async (client: Call, n: number, reason: string) =>
      (await client("POST", "/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: d(n).id, reason } })).body.appointment._id as string;
    const schedule = (client: Call, n: number, appointmentId: string, at: Date) =>
      client("POST", "/doctor-dashboard/scheduleAppointments", {
        token: d(n).token,
        json: { appointmentId, patientId: patient.id, doctorName: approvedDoctor(n).name, scheduledDateTime: at.toISOString() },
      });

    // Issue 58: the second patient's weeks before, so the overview and the doctors' charts are not flat.
    if (i === 1) await seedEarlierWeeks(clientAt, book, schedule, (n) => d(n).token, patient.token, now);
    // Meetings that took place: booked and scheduled on the clock five days behind.
    for (const [n, days, hour, withFeedback] of plan.completed) {
      const id = await book(past, n, reasonFor(n, 0));
      await schedule(past, n, id, dayAt(now, days, hour));
      if (withFeedback) {
        await call()("POST", "/patient-dashboard/giveFeedback", { token: patient.token, json: { appointmentId: id, message: FEEDBACK[i]! } });
      }
      // Issue 56: the first patient's first visit ended with notes and a prescription of two medicines, issued.
      if (i === 0 && withFeedback) {
        const record = `/doctor-dashboard/appointments/${id}/record`;
        await call()("PUT", record, { token: d(n).token, json: DEMO_RECORD });
        await call()("POST", `${record}/issue`, { token: d(n).token });
      }
    }
    const [by, n] = plan.cancelledBy;
    const cancelled = await book(call(), n, reasonFor(n, 1));
    const reason = by === "patient" ? "I feel better, thank you" : "I am away at a conference that week; please book again";
    await call()("POST", `/${by}-dashboard/cancelAppointment`, { token: by === "patient" ? patient.token : d(n).token, json: { appointmentId: cancelled, reason } });

    const [c, days, hour] = plan.confirmed;
    const upcoming = await book(call(), c, reasonFor(c, 2));
    await schedule(call(), c, upcoming, dayAt(now, days, hour));
    // Issue 56: the first patient shares a lab report before the coming appointment; its doctor's card counts it.
    if (i === 0) await call()("POST", `/patient-dashboard/appointments/${upcoming}/documents`, { token: patient.token, form: demoReport() });
    await book(call(), plan.pending, reasonFor(plan.pending, 3));
  }
}

/**
 * Issue 58: every third day from 51 to 9 days ago, a request to one of the first four approved
 * doctors, made and scheduled that day for the next (on a clock standing then); every third of
 * those meetings the doctor marks missed an hour after it began, and every fourth day a second
 * request is cancelled by the patient. All before the other meetings' days, so none overlaps them.
 */
async function seedEarlierWeeks(
  clientAt: (time: Date) => Call,
  book: (client: Call, n: number, reason: string) => Promise<string>,
  schedule: (client: Call, n: number, appointmentId: string, at: Date) => Promise<Reply>,
  doctorToken: (n: number) => string,
  patientToken: string,
  now: Date,
): Promise<void> {
  for (let k = 51, i = 0; k >= 9; k -= 3, i++) {
    const n = i % 4;
    const then = clientAt(new Date(now.getTime() - k * DAY));
    const start = dayAt(now, 1 - k, 4 + (i % 6));
    const id = await book(then, n, reasonFor(n, i));
    await schedule(then, n, id, start);
    if (i % 3 === 1) {
      await clientAt(new Date(start.getTime() + 3_600_000))("POST", "/doctor-dashboard/markAttendance", { token: doctorToken(n), json: { appointmentId: id, attended: false } });
    }
    if (i % 4 === 2) {
      const other = await book(then, (n + 1) % 4, reasonFor((n + 1) % 4, i));
      await then("POST", "/patient-dashboard/cancelAppointment", { token: patientToken, json: { appointmentId: other, reason: "I feel better, thank you" } });
    }
  }
}

/** Logs the doctor in (or signs it up) and brings a new one to its demo status, with a picture. */
async function ensureDoctor(
  call: (allow?: number[]) => Call,
  admin: string,
  setStatus: (id: string, status: string) => Promise<Reply>,
  doctor: DemoDoctor,
  index: number,
): Promise<{ token: string; id: string }> {
  const { status: wanted, ...fields } = doctor;
  let reply = await call([401])("POST", "/loginDoctor", { json: { email: doctor.email, password: DEMO_PASSWORD } });
  if (reply.status === 401) reply = await call()("POST", "/signupDoctor", { json: { ...fields, password: DEMO_PASSWORD } });
  const token = reply.body.token as string;
  const { _id: id, status, profileImage } = reply.body.doctor;
  // Only a doctor still pending is moved: changes made while the demo ran are kept.
  if (status !== "pending" || wanted === "pending") return { token, id };
  if (wanted === "rejected") {
    await setStatus(id, "rejected");
    return { token, id };
  }
  await setStatus(id, "approved");
  if (profileImage === null) {
    const form = pictureForm({ name: fields.name, specialization: fields.specialization, collegeName: fields.collegeName, ...demoDetails(index) }, (index * 47) % 360);
    await call()("PUT", "/doctor-profile", { token, form });
    // Issue 52: the public directory lists only doctors with a verified registration; the demo's admin checks each.
    await call()("PATCH", `/admin-dashboard/doctor-registration/${id}`, { token: admin, json: { verified: true } });
  }
  // Issue 26: two doctors in three keep weekday hours (free times to pick); the others take requests "by request".
  if (index % 3 !== 2) await call()("PUT", "/doctor-dashboard/availability", { token, json: DEMO_HOURS });
  // Issue 54: the first doctor also sees patients at two clinics in Pune, Monday mornings at the first.
  if (index === 0) await seedClinics(call, token);
  if (wanted === "blocked") await setStatus(id, "blocked");
  return { token, id };
}

const COUNCILS = ["Delhi Medical Council", "Maharashtra Medical Council", "Karnataka Medical Council", "Tamil Nadu Medical Council"];
const LANGUAGES = ["en,hi", "hi,en,mr", "en,kn", "en,ta,hi"];

/** A demo doctor's registration (verified by the demo's admin), fee, years and languages, by their index. */
function demoDetails(index: number): Record<string, string> {
  return {
    registrationNumber: `REG/${2010 + (index % 12)}/${10_400 + index * 37}`,
    registrationCouncil: COUNCILS[index % COUNCILS.length]!,
    fee: String(300 + (index % 6) * 100),
    experienceYears: String(4 + ((index * 7) % 25)),
    languages: LANGUAGES[index % LANGUAGES.length]!,
  };
}

/** The demo's clinics (issue 54): two places of the first doctor, and their Monday 09:00–12:00 at the first instead of by video. */
export const DEMO_CLINICS = [
  { name: "Sunrise Clinic", address: "12 Karve Road, near Paud Phata", locality: "Kothrud", city: "Pune", pinCode: "411038", phone: "9822012345", mapUrl: "https://www.openstreetmap.org/?mlat=18.5074&mlon=73.8077#map=17/18.5074/73.8077" },
  { name: "Riverside Health Centre", address: "4 Bund Garden Road", locality: "Koregaon Park", city: "Pune", pinCode: "411001" },
];

async function seedClinics(call: (allow?: number[]) => Call, token: string): Promise<void> {
  const ids: string[] = [];
  for (const place of DEMO_CLINICS) ids.push((await call()("POST", "/doctor-dashboard/places", { token, json: place })).body.place._id as string);
  const weekly = DEMO_HOURS.weekly.map((r) => (r.day === 1 && r.start === "09:00" ? { ...r, placeId: ids[0]! } : r));
  await call()("PUT", "/doctor-dashboard/availability", { token, json: { ...DEMO_HOURS, weekly } });
}

/** Indian hours, in India's zone (issue 52): weekdays 09:00–12:00 and 14:00–17:00 IST. */
const DEMO_HOURS = {
  timeZone: "Asia/Kolkata",
  weekly: [1, 2, 3, 4, 5].flatMap((day) => [
    { day, start: "09:00", end: "12:00" },
    { day, start: "14:00", end: "17:00" },
  ]),
  daysOff: [],
};

/**
 * Reasons a patient would give each kind of doctor (issue 39: no rash for the cardiologist); the
 * `k`-th booking with approved doctor `n` takes one of its specialization's, in turn.
 */
export const DEMO_REASONS: Record<Specialization, readonly [string, string]> = {
  Cardiologist: ["Shortness of breath when climbing stairs", "Chest tightness and a racing heartbeat at night"],
  Neurologist: ["Recurring headaches in the afternoon", "Numbness in my left hand that comes and goes"],
  Dermatologist: ["A rash on my forearm that will not go away", "A mole that has changed colour"],
  Pediatrician: ["My son has had a fever for three days", "My daughter's check-up before school"],
  "Orthopedic Surgeon": ["Persistent knee pain after running", "A stiff shoulder since a fall last month"],
  Psychiatrist: ["Trouble sleeping for the last few weeks", "Low mood and worry that will not lift"],
  Oncologist: ["Follow-up after my last scan", "A lump I would like checked"],
  Endocrinologist: ["Follow-up on my thyroid results", "High blood sugar in my last test"],
  Gynecologist: ["Irregular periods for several months", "Annual check-up"],
  Gastroenterologist: ["Frequent heartburn after meals", "Stomach pain and bloating after eating"],
  Nephrologist: ["Follow-up on my kidney function tests", "Swollen ankles and high blood pressure"],
  Pulmonologist: ["A cough that has lasted six weeks", "Wheezing when I exercise"],
  Ophthalmologist: ["Blurred vision when reading", "Red, itchy eyes every morning"],
  "ENT Specialist": ["Ringing in my ears", "A sore throat that keeps coming back"],
  Urologist: ["Needing to pass water often at night", "Pain in my lower back and side"],
  "General Physician": ["Annual check-up", "Follow-up on my blood test results"],
};

const reasonFor = (n: number, k: number): string => DEMO_REASONS[approvedDoctor(n).specialization][k % 2]!;

const FEEDBACK = [
  "Very thorough and kind. The explanation of my results was clear, thank you.",
  "Listened carefully and gave me a plan I can follow. Would book again.",
];
