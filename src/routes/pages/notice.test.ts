/**
 * Issue 39 items 4, 7 and 11, as a browser without script sees them: every form post leads to
 * the page's #notice (a fragment to the notice or the refusal, which the page focuses as it
 * loads); a request is withdrawn without a reason; a login page opened while signed in goes to
 * the dashboard; a signed-in 404 offers the dashboard; the footer shows no made-up phone.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { NOTICE_ID } from "../../domain/notice";
import { setSupportContact } from "../../components/Shell";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const cookieOf = (token: string) => `carebook_session=${token}`;
/** A person's form post (a navigation): a refusal is a 303 too. */
const post = (path: string, fields: Record<string, string>, token: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie: cookieOf(token), "sec-fetch-mode": "navigate" }, body: new URLSearchParams(fields) });
/** The page a 303 leads to, with the cookies it set (its notice or refusal). */
async function follow(res: Response, token: string) {
  expect(res.status).toBe(303);
  const set = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const page = await h.app.request(res.headers.get("location")!, { headers: { cookie: [cookieOf(token), ...set].join("; ") } });
  return { html: await page.text(), csp: page.headers.get("content-security-policy") ?? "" };
}
/** The text of the page's one #notice element. */
const noticeOf = (html: string) => {
  expect(html.split(`id="${NOTICE_ID}"`)).toHaveLength(2);
  return html.slice(html.indexOf(`id="${NOTICE_ID}"`)).split("</p>")[0]!.replace(/<[^>]*>|<!-- -->/g, "").replace(/^[^>]*>/, "");
};
const FOCUS = `<script>document.getElementById("${NOTICE_ID}").focus()</script>`;

test("a booking leads to the meetings page at its notice, focused as the page loads", async () => {
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor({ name: "Dr. Notice" });
  const path = `/patient-dashboard/bookAppointment/${doctor.id}`;
  const booked = await post(path, { reason: "A cough" }, patient.token);
  // Issue 52: the meetings page, where the request shows (no live form left to send twice).
  expect(booked.headers.get("location")).toBe("/patient-dashboard/patient-meetings#notice");
  const { html, csp } = await follow(booked, patient.token);
  expect(noticeOf(html)).toStartWith("Appointment request sent.");
  expect(html).toMatch(/id="notice" tabindex="-1"[^>]*>Appointment request sent/);
  // The focus runs before the loader, and the page's CSP allows exactly it.
  expect(html).toContain(`${FOCUS}<script>(()=>`);
  expect(csp.match(/'sha256-/g)?.length).toBeGreaterThanOrEqual(3);
  // A page without a result carries no such script.
  const plain = await h.app.request(path, { headers: { cookie: cookieOf(patient.token) } });
  expect(await plain.text()).not.toContain("getElementById");
});

test("a refused cancel and a refused reschedule lead to the refusal, at #notice", async () => {
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor({ name: "Dr. Refuse" });
  const id = await h.book(patient.token, doctor.id, "Knee");
  // Withdrawn once: a second withdraw and a cancel are refused.
  expect((await post("/patient-dashboard/patient-meetings/withdraw", { appointmentId: id, reason: "" }, patient.token)).headers.get("location")).toBe("/patient-dashboard/patient-meetings#notice");
  const refused = await post("/patient-dashboard/patient-meetings/cancel", { appointmentId: id, reason: "Again" }, patient.token);
  expect(refused.headers.get("location")).toBe("/patient-dashboard/patient-meetings#notice");
  const { html } = await follow(refused, patient.token);
  expect(html).toContain(FOCUS);
  expect(noticeOf(html).length).toBeGreaterThan(0);

  const moved = await post("/doctor-dashboard/doctor-Meetings/reschedule", { appointmentId: id, scheduledDateTime: "2020-01-01T10:00", reason: "Clinic closed" }, doctor.token);
  expect(moved.headers.get("location")).toBe("/doctor-dashboard/doctor-Meetings#notice");
  expect(noticeOf((await follow(moved, doctor.token)).html).length).toBeGreaterThan(0);
});

test("a request is withdrawn without a reason: the doctor reads the page's words; the API still asks for one", async () => {
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor({ name: "Dr. Quiet" });
  const id = await h.book(patient.token, doctor.id, "Rash");
  const api = await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: id, reason: "" } });
  expect([api.status, api.body.message]).toEqual([400, "reason is required"]);
  const withdrawn = await post("/patient-dashboard/patient-meetings/withdraw", { appointmentId: id, reason: "" }, patient.token);
  expect(noticeOf((await follow(withdrawn, patient.token)).html)).toBe("Your request was withdrawn. You can book again at any time.");
  const doctorPage = await (await h.app.request("/doctor-dashboard/doctor-Meetings", { headers: { cookie: cookieOf(doctor.token) } })).text();
  expect(doctorPage).toContain("Withdrawn by the patient");
});

test("hours saved and a password changed lead to their notice", async () => {
  const doctor = await h.signupDoctor({ name: "Dr. Hours" });
  const hours = await post("/doctor-dashboard/doctor-profile/hours", { tz: "Asia/Kolkata", day1: "09:00-12:00" }, doctor.token);
  expect(hours.headers.get("location")).toBe("/doctor-dashboard/doctor-profile#notice");
  const hoursPage = (await follow(hours, doctor.token)).html;
  expect(noticeOf(hoursPage)).toBe("Hours saved successfully");
  // Issue 52: the notice is in the hours card, beside the form used, not at the top of the page.
  const hoursCard = hoursPage.slice(hoursPage.indexOf('<section id="hours"'));
  expect(hoursPage.indexOf('<section id="hours"')).toBeGreaterThan(0);
  expect(hoursCard.slice(0, hoursCard.indexOf("</form>"))).toContain(`id="${NOTICE_ID}"`);

  const patient = await h.signupPatient();
  const changed = await post("/patient-dashboard/patient-profile/password", { currentPassword: "correct-horse-1", newPassword: "another-horse-2" }, patient.token);
  // The section's own fragment gives way to the notice's.
  expect(changed.headers.get("location")).toBe("/patient-dashboard/patient-profile#notice");
  const set = changed.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const session = set.find((c) => c.startsWith("carebook_session="));
  const page = await h.app.request("/patient-dashboard/patient-profile", { headers: { cookie: [session ?? cookieOf(patient.token), ...set.filter((c) => c !== session)].join("; ") } });
  expect(noticeOf(await page.text())).toBe("Your password is changed. Every other device is signed out.");
});

test("a family form's notice is beside the form used: the add form, the member's card, the section after a removal (issue 52)", async () => {
  const patient = await h.signupPatient();
  const profile = "/patient-dashboard/patient-profile";
  const added = await post(`${profile}/family`, { name: "Riya Verma", relation: "child", dateOfBirth: "2019-03-01", sex: "" }, patient.token);
  expect(added.headers.get("location")).toBe(`${profile}#notice`);
  const afterAdd = (await follow(added, patient.token)).html;
  expect(noticeOf(afterAdd).length).toBeGreaterThan(0);
  // Inside the add form, after its title: not in the profile form at the top.
  const addForm = afterAdd.slice(afterAdd.indexOf('class="family-add"'));
  expect(addForm.slice(0, addForm.indexOf("</form>"))).toContain(`id="${NOTICE_ID}"`);
  expect(afterAdd.indexOf(`id="${NOTICE_ID}"`)).toBeGreaterThan(afterAdd.indexOf('id="family"'));

  const [member] = (await h.call("GET", "/api/auth/patient-dashboard/family", { token: patient.token })).body.members;
  const saved = await post(`${profile}/family/${member._id}`, { name: "Riya Verma", relation: "child", dateOfBirth: "2019-03-02", sex: "" }, patient.token);
  const afterSave = (await follow(saved, patient.token)).html;
  const card = afterSave.slice(afterSave.indexOf('class="family-member"'));
  expect(card.slice(0, card.indexOf("</form>"))).toContain(`id="${NOTICE_ID}"`);

  const removed = await post(`${profile}/family/${member._id}/remove`, {}, patient.token);
  const afterRemove = (await follow(removed, patient.token)).html;
  const section = afterRemove.slice(afterRemove.indexOf('id="family"'));
  expect(section.slice(0, section.indexOf("</section>"))).toContain(`id="${NOTICE_ID}"`);
});

test("a login page opened while signed in goes to that role's dashboard; signup pages stay", async () => {
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor();
  const pending = await h.signupDoctor({ approve: false });
  const get = (path: string, token: string) => h.app.request(path, { headers: { cookie: cookieOf(token) } });
  for (const path of ["/loginPatient", "/loginDoctor", "/loginAdmin"]) {
    expect([(await get(path, patient.token)).headers.get("location")]).toEqual(["/patient-dashboard"]);
    expect([(await get(path, doctor.token)).headers.get("location")]).toEqual(["/doctor-dashboard"]);
  }
  expect((await get("/loginPatient", pending.token)).headers.get("location")).toBe("/loginDoctor");
  expect((await get("/loginDoctor", pending.token)).status).toBe(200);
  expect((await get("/signupPatient", patient.token)).status).toBe(200);
  expect((await h.app.request("/loginPatient")).status).toBe(200);
  // A doctor blocked or rejected with a session still held: the login, never a loop through the dashboard's guard.
  for (const status of ["blocked", "rejected"] as const) {
    const shut = await h.signupDoctor({ status });
    expect([status, (await get("/loginDoctor", shut.token)).status]).toEqual([status, 200]);
  }
});

test("a signed-in person's 404 offers their dashboard; the footer shows no phone unless SUPPORT_PHONE is set", async () => {
  const patient = await h.signupPatient();
  const mine = await (await h.app.request("/no-such-page", { headers: { cookie: cookieOf(patient.token) } })).text();
  expect(mine).toContain('<a class="button button-secondary" href="/patient-dashboard">Go to your dashboard</a>');
  expect(mine).not.toContain('href="/loginPatient">Patient login');
  const anyone = await (await h.app.request("/no-such-page")).text();
  expect(anyone).toContain("Patient login");
  expect(anyone).not.toContain("Go to your dashboard");
  expect(anyone).not.toContain('href="tel:');

  const withPhone = await startHarness({ SUPPORT_PHONE: "+91 11 2345 6789" });
  try {
    expect(await (await withPhone.app.request("/about")).text()).toContain('<a href="tel:+911123456789">+91 11 2345 6789</a>');
  } finally {
    await withPhone.stop();
    setSupportContact(h.deps.config.support); // the footer's contact is the process's: back to this harness's
  }
});
