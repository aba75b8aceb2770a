/**
 * Issue 41's review forms without script: the patient's feedback with its star choice and publish
 * box, the doctor's one answer on the meetings page, and the admin's Hide (with a reason) and
 * Show on /admin-dashboard/reviews; each posts, then 303 to its page with the notice.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { completedMeeting } from "../../../tests/support/completed";

let h: Harness;
let pat: Patient;
let doctor: Doctor;
let adminCookie: string;
beforeAll(async () => {
  h = await startHarness();
  [pat, doctor] = await Promise.all([h.signupPatient("Pat Patient"), h.signupDoctor({ name: "Dr Forms" })]);
  adminCookie = `carebook_session=${await h.admin()}`;
});
afterAll(() => h.stop());

const ORIGIN = "http://localhost";
const cookieOf = (who: { token: string }, lang = "en") => `carebook_session=${who.token}; lang=${lang}`;
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie }, body: new URLSearchParams(fields) });
const pageOf = async (path: string, cookie: string) => (await h.app.request(path, { headers: { cookie } })).text();
const FEEDBACK = "/patient-dashboard/patient-meetings/feedback";
const replyForms = (html: string) => html.match(/action="\/doctor-dashboard\/doctor-Meetings\/reply"/g)?.length ?? 0;
const feedbacks = async () => (await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token })).body.feedbacks as any[];
const feedbackOf = async (id: string) => (await feedbacks()).find((f) => f.appointment._id === id);

describe("the patient's feedback form", () => {
  test("offers 1 to 5 stars as radio buttons under a legend, and the publish box with the name a review shows", async () => {
    await completedMeeting(h, pat, doctor);
    const html = await pageOf("/patient-dashboard/patient-meetings", cookieOf(pat));
    expect(html).toMatch(/<fieldset class="field rating-choice"><legend>Your rating/);
    for (const n of ["1", "2", "3", "4", "5"]) expect(html).toContain(`type="radio" name="rating" value="${n}"`);
    expect(html).toContain("Publish my review (shown as Pat P.)");
    const hindi = await pageOf("/patient-dashboard/patient-meetings", cookieOf(pat, "hi"));
    expect(hindi).toContain("मेरी समीक्षा प्रकाशित करें (Pat P. के नाम से दिखेगी)");
  });

  test("posted with a rating and the box ticked: 303, published; a bad rating is refused in plain words, with the choices kept", async () => {
    const id = await completedMeeting(h, pat, doctor);
    const refused = await post(FEEDBACK, { appointmentId: id, message: "Very clear", rating: "9", publish: "on" }, cookieOf(pat));
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Choose from 1 to 5 stars.");
    expect(again).toContain("Very clear");
    // the publish box stays ticked on the refused meeting's form (the other completed meeting's is not)
    expect(again.match(/<input type="checkbox"[^>]*name="publish"[^>]*>/g)?.map((tag) => tag.includes('checked=""'))).toEqual([false, true]);
    expect(await feedbackOf(id)).toBeUndefined();

    const res = await post(FEEDBACK, { appointmentId: id, message: "Very clear", rating: "4", publish: "on" }, cookieOf(pat));
    expect(res.status).toBe(303);
    expect(await feedbackOf(id)).toMatchObject({ message: "Very clear", rating: 4, published: true });
  });

  test("without a rating or the tick: private words, no rating, as before", async () => {
    const id = await completedMeeting(h, pat, doctor);
    expect((await post(FEEDBACK, { appointmentId: id, message: "Just words", rating: "" }, cookieOf(pat))).status).toBe(303);
    expect(await feedbackOf(id)).toMatchObject({ rating: null, published: false });
  });
});

describe("the doctor's answer and the admin's hiding", () => {
  let published: string;
  let privateOne: string;
  beforeAll(async () => {
    [published, privateOne] = [await completedMeeting(h, pat, doctor), await completedMeeting(h, pat, doctor)];
    await post(FEEDBACK, { appointmentId: published, message: "Kind and on time", rating: "5", publish: "on" }, cookieOf(pat));
    await post(FEEDBACK, { appointmentId: privateOne, message: "Only for you", rating: "2" }, cookieOf(pat));
  });

  test("the meetings page shows rating and published flag, and an answer form only for a published review without one", async () => {
    const html = await pageOf("/doctor-dashboard/doctor-Meetings", cookieOf(doctor));
    expect(html).toContain("Rating: 5 out of 5");
    expect(html).toContain("Published as a review");
    expect(html).toContain("Private: only you see these words");
    // two published reviews so far ("Very clear" from above, and this one), neither answered; the private one has no form
    expect(replyForms(html)).toBe(2);
  });

  test("an empty answer is refused beside the form; an answer posts once and shows in place of the form", async () => {
    const empty = await post("/doctor-dashboard/doctor-Meetings/reply", { appointmentId: published, text: " " }, cookieOf(doctor));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter your answer.");
    const res = await post("/doctor-dashboard/doctor-Meetings/reply", { appointmentId: published, text: "Thank you!" }, cookieOf(doctor));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toStartWith("/doctor-dashboard/doctor-Meetings");
    const html = await pageOf("/doctor-dashboard/doctor-Meetings", cookieOf(doctor));
    expect(html).toContain("Thank you!");
    expect(replyForms(html)).toBe(1);
    const twice = await post("/doctor-dashboard/doctor-Meetings/reply", { appointmentId: published, text: "Again" }, cookieOf(doctor));
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This review has already been answered.");
  });

  test("the admin lists published reviews only, hides one with a reason (none refused), and shows it again", async () => {
    const list = await pageOf("/admin-dashboard/reviews", adminCookie);
    expect(list).toContain("Pat P. about Dr Forms");
    expect(list).toContain("Kind and on time");
    expect(list).not.toContain("Only for you");
    expect(await pageOf("/admin-dashboard", adminCookie)).toContain('href="/admin-dashboard/reviews"');

    const path = `/admin-dashboard/reviews/${published}`;
    const noReason = await post(path, { hidden: "true", reason: "" }, adminCookie);
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Please say why this review is hidden.");
    expect((await feedbackOf(published)).hidden).toBeNull();

    const hidden = await post(path, { hidden: "true", reason: "Private details" }, adminCookie);
    expect(hidden.status).toBe(303);
    expect((await feedbackOf(published)).hidden).toMatchObject({ reason: "Private details" });
    expect(await pageOf("/admin-dashboard/reviews", adminCookie)).toContain("Show again");
    const hindi = await pageOf("/admin-dashboard/reviews", `${adminCookie}; lang=hi`);
    expect(hindi).toContain("फिर से दिखाएं");

    expect((await post(path, { hidden: "false" }, adminCookie)).status).toBe(303);
    expect((await feedbackOf(published)).hidden).toBeNull();
  });
});
