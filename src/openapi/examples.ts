/** Example values for the OpenAPI document: one consistent story (Pat books Dana, a cardiologist). */

const PATIENT_ID = "8d0f6b4e-3a7c-4f1e-9b2d-5c6a7e8f9012";
const DOCTOR_ID = "3f2c9a4e-8b1d-4c55-9a0e-2b7f1c6d8e90";
const APPOINTMENT_ID = "c47e2a91-6d3b-4b8f-a1e5-0f9d8c7b6a54";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDBmIiwicm9sZSI6InBhdGllbnQifQ.c2lnbmF0dXJl";
const AT = "2026-11-24T09:30:00.000Z";
const publicDoctor = {
  _id: DOCTOR_ID, name: "Dr. Neha Sharma", specialization: "Dermatologist" as const, profileImage: null, languages: ["hi" as const, "en" as const],
  fee: 400, experienceYears: 15, rating: { average: 4.6, count: 12 }, nextFree: { start: AT, instant: true },
  places: [{ _id: "6a1f3c2e-5b7d-4e9a-8c0f-1d2e3f4a5b6c", name: "Sunrise Clinic", locality: "Kothrud", city: "Pune" }],
};
const CREATED = "2026-11-20T14:02:11.000Z";

const doctor = {
  _id: DOCTOR_ID,
  name: "Dana Doctor",
  email: "dana@example.com",
  specialization: "Cardiologist",
  collegeName: "City Medical College",
  status: "approved",
  profileImage: null,
  createdAt: CREATED,
  pendingChange: null,
  experienceYears: 12,
  languages: ["en", "hi"],
  fee: 500,
  about: "Heart care for adults, in English and Hindi.",
  registration: { number: "DMC/R/12345", council: "Delhi Medical Council", verified: true, reason: null },
  rating: { average: 4.3, count: 12 },
  phone: { number: "+919812345678", verified: true },
};

/** A published review (issue 41), with what changed it. */
const review = (changed: { reply?: { text: string; at: string }; hidden?: { at: string; reason: string } }) => ({
  _id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
  appointmentId: APPOINTMENT_ID,
  rating: 5,
  published: true,
  reply: changed.reply ?? null,
  hidden: changed.hidden ?? null,
  createdAt: "2026-11-24T10:05:00.000Z",
});

const waitlistEntry = {
  _id: "5b1e9c3a-7d2f-4e8a-b6c0-1a2b3c4d5e6f",
  doctorId: DOCTOR_ID,
  reason: "Chest pain when climbing stairs",
  until: "2026-12-04",
  createdAt: CREATED,
  offer: null,
};

const adminDoctor = {
  ...doctor,
  statusHistory: [
    { action: "Signup", from: null, to: "pending", at: CREATED, by: "doctor", reason: null },
    { action: "Approve", from: "pending", to: "approved", at: "2026-11-20T15:00:00.000Z", by: "admin", reason: null },
  ],
};
const MEMBER_ID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const appointment = {
  _id: APPOINTMENT_ID,
  status: "confirmed",
  reason: "Chest pain when climbing stairs",
  createdAt: CREATED,
  scheduledAt: AT,
  meetLink: "https://meet.jit.si/carebook-Qm9vT2tJbmdSb29tTmFtZQ",
  patient: { _id: PATIENT_ID, name: "Pat Patient", email: "pat@example.com" },
  doctor: { _id: DOCTOR_ID, name: "Dana Doctor", specialization: "Cardiologist" },
  preferredTimes: [AT],
  rescheduled: null,
  for: { _id: MEMBER_ID, name: "Aarav S", relation: "child", age: 6 },
  // Issue 54: where it is; an appointment at a clinic has { type: "clinic", place } and no meet link.
  visit: { type: "video" },
};

const member = { _id: MEMBER_ID, name: "Aarav S", relation: "child", dateOfBirth: "2020-05-14", sex: "male" };

const availability = {
  timeZone: "Europe/Berlin",
  weekly: [
    { day: 1, start: "09:00", end: "12:00" },
    { day: 1, start: "14:00", end: "17:00" },
    { day: 3, start: "09:00", end: "13:00" },
  ],
  daysOff: [{ from: "2026-12-24", to: "2026-12-26" }],
  instantBooking: false,
};

export const EXAMPLES = {
  patientSignup: { name: "Pat Patient", email: "pat@example.com", password: "correct-horse-1" },
  doctorSignup: { name: "Dana Doctor", email: "dana@example.com", password: "correct-horse-1", specialization: "Cardiologist", collegeName: "City Medical College" },
  login: { email: "pat@example.com", password: "correct-horse-1" },
  // issue 44: two-factor sign-in
  twoFactorSetup: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/Carebook:pat%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Carebook&algorithm=SHA1&digits=6&period=30" },
  twoFactorCode: { code: "123456" },
  twoFactorEnabled: { message: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.", recoveryCodes: ["abcd-efgh-ijkl", "mnop-qrst-uvwx"] },
  twoFactorVerify: { challenge: "hJ3k9Q2mX8vL0pR7sT1uW4yZ6aB5cD8eF0gH2iJ4kL6", code: "123456" },
  twoFactorDisable: { password: "correct-horse-1", code: "123456" },
  forgotPassword: { role: "patient", email: "pat@example.com" },
  resetPassword: { token: "q3Jd0dC7b2xZ3m1Wn5yA9kVtR8sLpE4uHcFgNiOjKw0", password: "a-new-horse-2" },
  resetSession: { message: "Your password is changed and you are signed in.", token: TOKEN, role: "patient", name: "Pat Patient" },
  changePassword: { currentPassword: "correct-horse-1", newPassword: "a-new-horse-2" },
  sessions: {
    sessions: [
      { id: "6b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b", kind: "device", device: "Firefox on Linux", createdAt: CREATED, lastSeenAt: AT, current: true },
      { id: "7c2f3a4b-5d6e-4f70-9b0c-1d2e3f4a5b6c", kind: "device", device: "Safari on iOS", createdAt: CREATED, lastSeenAt: CREATED, current: false },
      { id: "calendar-feed", kind: "calendarFeed", device: "Calendar feed", createdAt: CREATED, lastSeenAt: CREATED, current: false },
    ],
  },
  patientSession: { token: TOKEN, role: "patient", name: "Pat Patient" },
  doctorSession: { message: "Login successful", token: TOKEN, doctor },
  adminSession: { token: TOKEN, admin: { _id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Ada Admin", email: "admin@example.com" } },
  doctor,
  adminDoctor,
  changeReviewed: {
    message: "Approved Dana Doctor's change of specialization Neurologist to Cardiologist.",
    doctor: {
      ...adminDoctor,
      statusHistory: [
        ...adminDoctor.statusHistory,
        { action: "Approve change", from: "approved", to: "approved", at: AT, by: "admin", reason: "specialization Neurologist to Cardiologist" },
      ],
    },
  },
  registrationChecked: {
    message: "Verified Dana Doctor's registration DMC/R/12345, Delhi Medical Council.",
    doctor: {
      ...adminDoctor,
      statusHistory: [
        ...adminDoctor.statusHistory,
        { action: "Verify registration", from: "approved", to: "approved", at: AT, by: "admin", reason: "DMC/R/12345, Delhi Medical Council" },
      ],
    },
  },
  directoryDoctor: { _id: DOCTOR_ID, name: "Dana Doctor", specialization: "Cardiologist", collegeName: "City Medical College", profileImage: null, rating: { average: 4.3, count: 12 } },
  patient: { _id: PATIENT_ID, name: "Pat Patient", email: "pat@example.com", profileImage: null, phone: null },
  appointment,
  book: { doctorId: DOCTOR_ID, reason: "Chest pain when climbing stairs", preferredTimes: [AT] },
  // issue 42
  member,
  memberBody: { name: member.name, relation: member.relation, dateOfBirth: member.dateOfBirth, sex: member.sex },
  booked: {
    message: "Appointment request sent. The doctor will schedule it soon.",
    appointment: { ...appointment, status: "pending", scheduledAt: null, meetLink: null, doctor: { _id: DOCTOR_ID }, rescheduled: undefined },
  },
  cancel: { appointmentId: APPOINTMENT_ID, reason: "I feel better" },
  cancelled: { message: "Appointment cancelled successfully", appointmentId: APPOINTMENT_ID },
  feedback: { appointmentId: APPOINTMENT_ID, message: "Clear explanations, thank you.", rating: 5, publish: true },
  feedbackGiven: {
    message: "Feedback submitted successfully!",
    feedback: {
      _id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
      appointment: { _id: APPOINTMENT_ID },
      message: "Clear explanations, thank you.",
      createdAt: "2026-11-24T10:05:00.000Z",
      rating: 5,
      published: true,
    },
  },
  // issue 41: a review answered by its doctor, then hidden by the admin
  reviewReply: { text: "Thank you, glad it helped." },
  reviewReplied: { message: "Reply saved", review: review({ reply: { text: "Thank you, glad it helped.", at: "2026-11-25T08:00:00.000Z" } }) },
  reviewHide: { hidden: true, reason: "Names another patient" },
  reviewHidden: { message: "Review hidden", review: review({ hidden: { at: "2026-11-26T09:00:00.000Z", reason: "Names another patient" } }) },
  availability,
  availabilitySaved: { message: "Hours saved successfully", availability },
  freeSlots: {
    timeZone: "Europe/Berlin",
    slots: [
      { start: AT, end: "2026-11-23T10:00:00.000Z", visit: "video" },
      // Issue 54: a slot of a range at one of the doctor's places.
      { start: "2026-11-23T10:00:00.000Z", end: "2026-11-23T10:30:00.000Z", visit: "clinic", place: { _id: "6a1f3c2e-5b7d-4e9a-8c0f-1d2e3f4a5b6c", name: "Sunrise Clinic", locality: "Kothrud", city: "Pune" } },
    ],
  },
  publicDirectory: { doctors: [publicDoctor], page: 1, pages: 3 },
  publicProfile: {
    doctor: {
      ...publicDoctor,
      collegeName: "AIIMS Delhi",
      about: "Skin, hair and nails; fifteen years in Delhi.",
      registration: { number: "DMC/R/12345", council: "Delhi Medical Council" },
      hours: { timeZone: "Asia/Kolkata", weekly: [{ day: 1, start: "09:00", end: "13:00", placeId: "6a1f3c2e-5b7d-4e9a-8c0f-1d2e3f4a5b6c" }], instantBooking: true },
      places: [{ _id: "6a1f3c2e-5b7d-4e9a-8c0f-1d2e3f4a5b6c", name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038", phone: null, mapUrl: "https://maps.example.com/?q=18.5074,73.8077", days: [1] }],
    },
    reviews: [{ author: "Pat P.", rating: 5, message: "Listened carefully and explained everything.", createdAt: AT, reply: { text: "Thank you, get well soon.", at: AT } }],
  },
  ownReschedule: { appointmentId: APPOINTMENT_ID, slotStart: "2026-11-24T13:00:00.000Z", reason: "A clash at work" },
  reschedule: { appointmentId: APPOINTMENT_ID, scheduledDateTime: "2026-11-24T13:00:00.000Z", reason: "An emergency surgery that morning" },
  rescheduled: { message: "Appointment rescheduled successfully", appointmentId: APPOINTMENT_ID, scheduledAt: "2026-11-24T13:00:00.000Z", meetLink: "https://meet.jit.si/carebook-Qm9vT2tJbmdSb29tTmFtZQ" },
  waitlistJoin: { doctorId: DOCTOR_ID, reason: "Chest pain when climbing stairs", until: "2026-12-04" },
  waitlistJoined: { message: "You are on the waitlist: you will be offered a freed time", entry: waitlistEntry },
  waitlist: { entries: [{ ...waitlistEntry, offer: { slotStart: AT, expiresAt: "2026-11-22T10:30:00.000Z" } }] },
  waitlistBooked: {
    message: `Appointment booked for ${AT}`,
    appointment: { ...appointment, doctor: { _id: DOCTOR_ID }, preferredTimes: [], rescheduled: undefined },
  },
  undo: { appointmentId: APPOINTMENT_ID },
  attendance: { appointmentId: APPOINTMENT_ID, attended: false },
  attendanceMarked: { message: "Attendance marked", appointmentId: APPOINTMENT_ID, status: "noshow" },
  undone: { message: "Change undone", appointment: { _id: APPOINTMENT_ID, status: "pending", scheduledAt: null, meetLink: null } },
  schedule: { appointmentId: APPOINTMENT_ID, patientId: PATIENT_ID, doctorName: "Dana Doctor", scheduledDateTime: AT },
  scheduled: { message: "Appointment scheduled successfully", appointmentId: APPOINTMENT_ID, scheduledAt: AT, meetLink: appointment.meetLink },
  doctorFeedback: {
    _id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
    appointment: { _id: APPOINTMENT_ID, scheduledAt: AT, status: "completed" },
    message: "Clear explanations, thank you.",
    createdAt: "2026-11-24T10:05:00.000Z",
    rating: 5,
    published: true,
    reply: null,
    hidden: null,
  },
  time: CREATED,
  calendarFile: [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Carebook//Calendar//EN",
    "BEGIN:VEVENT",
    `UID:appointment-${APPOINTMENT_ID}@carebook`,
    "DTSTART:20261124T093000Z",
    "DTEND:20261124T100000Z",
    "SUMMARY:Appointment with Dr Dana Doctor",
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n"),
  calendarFeedMade: {
    message: "Calendar link created. Keep it private: it is shown only this once.",
    feed: {
      url: "https://carebook.example/calendar/Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1yZWFsLXNlY3JldA.ics",
      webcalUrl: "webcal://carebook.example/calendar/Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1yZWFsLXNlY3JldA.ics",
      createdAt: CREATED,
    },
  },
  accountExport: {
    exportedAt: "2026-11-28T09:30:00.000Z",
    profile: { role: "patient", id: PATIENT_ID, name: "Pat Patient", email: "pat@example.com", timeZone: "Asia/Kolkata", language: "en", createdAt: CREATED, profileImage: null, consent: { version: "2026-11-28", at: CREATED }, consentAsked: false },
    mailPreferences: { reminders: true, notices: true, sms: true, whatsapp: false },
    familyMembers: [{ name: "Asha Patient", relation: "child", dateOfBirth: "2020-05-14", sex: "female", createdAt: CREATED }],
    appointments: [
      {
        id: APPOINTMENT_ID,
        status: "pending",
        reason: "Chest pain when climbing stairs",
        createdAt: CREATED,
        scheduledAt: null,
        endsAt: null,
        meetLink: null,
        preferredTimes: [],
        cancelled: null,
        rescheduled: null,
        for: null,
        doctor: { name: "Dana Doctor", specialization: "Cardiologist" },
        story: [{ at: CREATED, action: "Booked", by: "patient", from: null, to: "pending", reason: null }],
      },
    ],
    feedback: [],
    waitlist: [],
    sessions: [{ kind: "device", device: "Firefox on Linux", createdAt: CREATED, lastSeenAt: CREATED, current: true }],
    mails: [{ subject: "Welcome to Carebook", template: "welcome", state: "sent", createdAt: CREATED, sentAt: CREATED }],
    auditEvents: [],
    records: [],
    documents: [{ appointmentId: "7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b", title: "Blood test, November", type: "pdf", bytes: 184320, uploadedAt: CREATED }],
  },
};
