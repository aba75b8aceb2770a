/**
 * Issue 52 on the server's pages: the patient reads their own feedback on the meeting's card (the
 * rating, where it shows, the doctor's reply, an admin's hiding), a confirmed meeting's card says
 * how to "contact the doctor" (support's contact), a signed-in 404 keeps the person's header, the
 * mail preview's headers wrap, and the admin's reviews are a list of padded cards.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { completedMeeting } from "../../../tests/support/completed";

let h: Harness;
let pat: Patient;
let doctor: Doctor;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  [pat, doctor] = await Promise.all([h.signupPatient("Pat Own"), h.signupDoctor({ name: "Dr Own" })]);
  admin = await h.admin();
});
afterAll(() => h.stop());

/** The page's HTML with React's text separators gone and apostrophes plain, to read its words. */
const pageOf = async (path: string, token: string, lang = "en") =>
  (await (await h.app.request(path, { headers: { cookie: `carebook_session=${token}; lang=${lang}` } })).text()).replaceAll("<!-- -->", "").replaceAll(/&#x27;|'/g, "'");
const MEETINGS = "/patient-dashboard/patient-meetings";

test("the patient's own feedback: rating and where it shows, the doctor's reply, then hidden by an admin; in Hindi too", async () => {
  const published = await completedMeeting(h, pat, doctor);
  const private_ = await completedMeeting(h, pat, doctor);
  expect(await pageOf(MEETINGS, pat.token)).toContain(`id="message-${published}"`); // its feedback form, until it is given
  expect((await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: pat.token, json: { appointmentId: published, message: "Clear and kind", rating: 4, publish: true } })).status).toBe(201);
  expect((await h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token: pat.token, json: { appointmentId: private_, message: "For you only" } })).status).toBe(201);

  let html = await pageOf(MEETINGS, pat.token);
  expect(html).toContain("Your rating: 4 of 5 · Published on the doctor's profile, without your full name");
  expect(html).toContain("No rating given · For the doctor only");
  expect(html).not.toContain("<strong>The doctor's reply:</strong>");

  expect((await h.call("POST", `/api/auth/doctor-dashboard/reviews/${published}/reply`, { token: doctor.token, json: { text: "Thank you, see you in March." } })).status).toBe(201);
  html = await pageOf(MEETINGS, pat.token);
  expect(html).toMatch(/The doctor's reply:<\/strong><p>Thank you, see you in March\.<\/p>/);
  expect(html).not.toContain('<p class="muted">An admin hid your review');

  expect((await h.call("PATCH", `/api/auth/admin-dashboard/reviews/${published}`, { token: admin, json: { hidden: true, reason: "Names a nurse" } })).status).toBe(200);
  html = await pageOf(MEETINGS, pat.token);
  expect(html).toContain('<p class="muted">An admin hid your review from the public; its rating no longer counts.</p>');

  const hindi = await pageOf(MEETINGS, pat.token, "hi");
  expect(hindi).toContain("<p>आपकी रेटिंग: 5 में से 4 · ");
  expect(hindi).toContain('<p class="muted">एडमिन ने आपकी समीक्षा सार्वजनिक रूप से छिपा दी है');
  expect(hindi).toContain("<strong>डॉक्टर का जवाब:</strong>");
  // No feedback form is left for either (their reports' forms, issue 56, stay).
  for (const id of [published, private_]) expect(html).not.toContain(`id="message-${id}"`);
});

test("a confirmed meeting's card says how to contact the doctor: support's address", async () => {
  const other = await h.signupPatient("Pat Contact");
  const id = await h.book(other.token, doctor.id);
  expect((await h.schedule(doctor.token, id, other.id, new Date(h.deps.now().getTime() + 3 * 24 * 3_600_000))).status).toBe(200);
  const html = await pageOf(MEETINGS, other.token);
  expect(html).toMatch(/To reach the doctor, contact Carebook support: <a href="mailto:[^"]+">/);
});

test("a signed-in person's 404 has their own header; a visitor's the public one", async () => {
  const signedIn = await pageOf("/no-such-page", pat.token);
  expect(signedIn).toContain('href="/patient-dashboard/patient-meetings"');
  expect(signedIn).not.toContain('href="/loginPatient"');
  const visitor = await (await h.app.request("/no-such-page")).text();
  expect(visitor).toContain('href="/loginPatient"');
  expect(visitor).not.toContain('href="/patient-dashboard/patient-meetings"');
});

test("the admin's reviews are a list of cards", async () => {
  const html = await pageOf("/admin-dashboard/reviews", admin);
  expect(html).toContain('<ul class="review-list" role="list"><li class="card review"');
});
