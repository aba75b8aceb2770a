/**
 * Issue 41's ratings from real visits through HTTP: the rating's bounds, once per completed
 * meeting, published or private, the doctor's one answer, the admin's hiding with a reason, and
 * the doctor's rating (null below three visible ratings) with its count and total kept right.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { completedMeeting } from "../../../tests/support/completed";

let h: Harness;
let pat: Patient;
let ravi: Patient;
let doctor: Doctor;
let otherDoctor: Doctor;

beforeAll(async () => {
  h = await startHarness();
  [pat, ravi, doctor, otherDoctor] = await Promise.all([
    h.signupPatient("Pat Patient"),
    h.signupPatient("Ravi Kumar Sharma"),
    h.signupDoctor({ name: "Dr Rated", specialization: "Dermatologist" }),
    h.signupDoctor({ name: "Dr Elsewhere" }),
  ]);
});
afterAll(() => h.stop());

const give = (token: string, json: Record<string, unknown>) => h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token, json });
const reply = (token: string, appointmentId: string, json: Record<string, unknown>) =>
  h.call("POST", `/api/auth/doctor-dashboard/reviews/${appointmentId}/reply`, { token, json });
const hide = async (appointmentId: string, json: Record<string, unknown>) =>
  h.call("PATCH", `/api/auth/admin-dashboard/reviews/${appointmentId}`, { token: await h.admin(), json });

/** The doctor's rating as each of the three lists that show a doctor says it; they must agree. */
async function ratingOf(d: Doctor) {
  const own = (await h.call("GET", "/api/auth/doctor-profile", { token: d.token })).body.doctor.rating;
  const admin = (await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: await h.admin() })).body.find((x: { _id: string }) => x._id === d.id).rating;
  const directory = (await h.call("GET", "/api/auth/patient-dashboard/doctors", { token: pat.token })).body.find((x: { _id: string }) => x._id === d.id).rating;
  expect(admin).toEqual(own);
  expect(directory).toEqual(own);
  return own as { average: number | null; count: number };
}

/** The doctor's kept count and total, against the ratings of its visible feedback, read straight from the database. */
async function storedMatchesFeedback(d: Doctor) {
  const kept = (await h.elsewhere("select rating_count, rating_total from doctors where id = ?", [d.id])).rows[0]!;
  const counted = (
    await h.elsewhere("select count(rating) as n, coalesce(sum(rating), 0) as total from feedback where doctor_id = ? and hidden_at is null", [d.id])
  ).rows[0]!;
  expect([Number(kept.rating_count), Number(kept.rating_total)]).toEqual([Number(counted.n), Number(counted.total)]);
  return { count: Number(kept.rating_count), total: Number(kept.rating_total) };
}

describe("giving a rating", () => {
  test("a rating is a whole number from 1 to 5 and publish a boolean; a refused one records nothing", async () => {
    const id = await completedMeeting(h, pat, doctor);
    for (const rating of [0, 6, 3.5, "4", null, -1]) {
      const res = await give(pat.token, { appointmentId: id, message: "Kind", rating });
      expect({ rating, status: res.status, body: res.body }).toEqual({ rating, status: 400, body: { message: "rating must be a whole number from 1 to 5" } });
    }
    const badPublish = await give(pat.token, { appointmentId: id, message: "Kind", publish: "yes" });
    expect(badPublish.status).toBe(400);
    expect(await storedMatchesFeedback(doctor)).toEqual({ count: 0, total: 0 });
    // the meeting still takes its feedback, at each bound
    const ok = await give(pat.token, { appointmentId: id, message: "Kind", rating: 5 });
    expect(ok.status).toBe(201);
    expect(ok.body.feedback).toMatchObject({ rating: 5, published: false, message: "Kind" });
    const low = await give(ravi.token, { appointmentId: await completedMeeting(h, ravi, doctor), message: "Late", rating: 1 });
    expect(low.body.feedback).toMatchObject({ rating: 1, published: false });
    expect(await storedMatchesFeedback(doctor)).toEqual({ count: 2, total: 6 });
  });

  test("once per completed meeting: not before it is over, not twice; the rating counts once", async () => {
    const open = await h.book(pat.token, otherDoctor.id, "Soon");
    expect((await give(pat.token, { appointmentId: open, message: "Early", rating: 5 })).status).toBe(409);
    expect(await storedMatchesFeedback(otherDoctor)).toEqual({ count: 0, total: 0 });
    await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: pat.token, json: { appointmentId: open, reason: "Changed plans" } });
    const id = await completedMeeting(h, pat, otherDoctor);
    expect((await give(pat.token, { appointmentId: id, message: "Good", rating: 4 })).status).toBe(201);
    const again = await give(pat.token, { appointmentId: id, message: "Good again", rating: 5 });
    expect(again).toMatchObject({ status: 409, body: { message: "Feedback has already been given for this appointment" } });
    // another patient's meeting is not found, and nothing counts
    expect((await give(ravi.token, { appointmentId: id, message: "Not mine", rating: 1 })).status).toBe(404);
    expect(await storedMatchesFeedback(otherDoctor)).toEqual({ count: 1, total: 4 });
  });

  test("feedback without a rating still works as before, and counts nothing", async () => {
    const id = await completedMeeting(h, ravi, otherDoctor);
    const res = await give(ravi.token, { appointmentId: id, message: "Only words" });
    expect(res.status).toBe(201);
    expect(res.body.feedback).toMatchObject({ rating: null, published: false });
    expect(await storedMatchesFeedback(otherDoctor)).toEqual({ count: 1, total: 4 });
  });
});

describe("the doctor's rating", () => {
  test("no average below three ratings; from three, one decimal, in every list that shows the doctor", async () => {
    // from the first describe: 5 and 1
    expect(await ratingOf(doctor)).toEqual({ average: null, count: 2 });
    await give(pat.token, { appointmentId: await completedMeeting(h, pat, doctor), message: "Fine", rating: 4, publish: true });
    expect(await ratingOf(doctor)).toEqual({ average: 3.3, count: 3 });
    expect(await storedMatchesFeedback(doctor)).toEqual({ count: 3, total: 10 });
  });
});

describe("publishing, and the doctor's one answer", () => {
  let published: string;
  let privateOne: string;
  beforeAll(async () => {
    published = await completedMeeting(h, ravi, doctor);
    privateOne = await completedMeeting(h, pat, doctor);
    expect((await give(ravi.token, { appointmentId: published, message: "Listened well", rating: 5, publish: true })).body.feedback.published).toBe(true);
    expect((await give(pat.token, { appointmentId: privateOne, message: "Between us", rating: 3 })).body.feedback.published).toBe(false);
  });

  test("the doctor sees every message with its rating and whether it is published", async () => {
    const { feedbacks } = (await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token })).body;
    const of = (id: string) => feedbacks.find((f: { appointment: { _id: string } }) => f.appointment._id === id);
    expect(of(published)).toMatchObject({ message: "Listened well", rating: 5, published: true, reply: null, hidden: null });
    expect(of(privateOne)).toMatchObject({ message: "Between us", rating: 3, published: false, reply: null, hidden: null });
  });

  test("an answer is for a published review of the doctor's own, once, within 600 characters", async () => {
    expect(await reply(doctor.token, privateOne, { text: "Thanks" })).toMatchObject({ status: 404, body: { message: "Review not found" } });
    expect(await reply(otherDoctor.token, published, { text: "Thanks" })).toMatchObject({ status: 404, body: { message: "Review not found" } });
    expect(await reply(doctor.token, crypto.randomUUID(), { text: "Thanks" })).toMatchObject({ status: 404 });
    expect((await reply(doctor.token, published, { text: "   " })).body).toEqual({ message: "text is required" });
    expect((await reply(doctor.token, published, { text: "x".repeat(601) })).body).toEqual({ message: "text must be at most 600 characters" });
    expect((await reply(pat.token, published, { text: "I am no doctor" })).status).toBe(403);

    const first = await reply(doctor.token, published, { text: "x".repeat(599) + "!" });
    expect(first.status).toBe(201);
    expect(first.body.review).toMatchObject({ appointmentId: published, published: true, reply: { text: "x".repeat(599) + "!", at: expect.any(String) } });
    const second = await reply(doctor.token, published, { text: "Another" });
    expect(second).toMatchObject({ status: 409, body: { message: "This review has already been answered" } });
    const { feedbacks } = (await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: doctor.token })).body;
    expect(feedbacks.find((f: { appointment: { _id: string } }) => f.appointment._id === published).reply.text).toBe("x".repeat(599) + "!");
  });
});

describe("the admin hides a published review", () => {
  let lone: Doctor;
  const reviews: string[] = [];
  beforeAll(async () => {
    lone = await h.signupDoctor({ name: "Dr Lone" });
    for (const [who, rating, publish] of [[pat, 5, true], [ravi, 4, true], [pat, 3, false], [ravi, 1, true]] as const) {
      const id = await completedMeeting(h, who, lone);
      expect((await give(who.token, { appointmentId: id, message: `Rated ${rating}`, rating, publish })).status).toBe(201);
      reviews.push(id);
    }
    expect(await ratingOf(lone)).toEqual({ average: 3.3, count: 4 });
  });

  test("a reason is required to hide; only admins; any rating, published or not (issue 51)", async () => {
    const [, , privateOne, angry] = reviews as [string, string, string, string];
    expect((await hide(angry, { hidden: true })).body).toEqual({ message: "reason is required when hidden is true" });
    expect((await hide(angry, { hidden: true, reason: "  " })).body).toEqual({ message: "reason is required" });
    expect((await hide(angry, { hidden: "yes", reason: "Abuse" })).status).toBe(400);
    expect((await hide(angry, { hidden: true, reason: "x".repeat(501) })).status).toBe(400);
    // Issue 51: a rating sent unpublished counts, so the admin can hide it too (then shows it again here).
    expect((await hide(privateOne, { hidden: true, reason: "Abuse" })).status).toBe(200);
    expect((await hide(privateOne, { hidden: false })).status).toBe(200);
    expect((await hide(crypto.randomUUID(), { hidden: true, reason: "Abuse" })).status).toBe(404);
    const byDoctor = await h.call("PATCH", `/api/auth/admin-dashboard/reviews/${angry}`, { token: lone.token, json: { hidden: true, reason: "Unfair" } });
    expect(byDoctor.status).toBe(403);
    expect(await storedMatchesFeedback(lone)).toEqual({ count: 4, total: 13 });
  });

  test("hiding takes the rating out of the average (null again below three), showing puts it back; each only once", async () => {
    const [kind, fair, , angry] = reviews as [string, string, string, string];
    const hidden = await hide(angry, { hidden: true, reason: "Insults the doctor" });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ message: "Review hidden", review: { appointmentId: angry, rating: 1, hidden: { reason: "Insults the doctor", at: expect.any(String) } } });
    expect(await ratingOf(lone)).toEqual({ average: 4, count: 3 });
    expect((await hide(angry, { hidden: true, reason: "Again" })).body).toEqual({ message: "This review is already hidden" });
    expect(await storedMatchesFeedback(lone)).toEqual({ count: 3, total: 12 });

    expect((await hide(kind, { hidden: true, reason: "Names a nurse" })).status).toBe(200);
    expect(await ratingOf(lone)).toEqual({ average: null, count: 2 });

    const shown = await hide(angry, { hidden: false });
    expect(shown.body).toMatchObject({ message: "Review shown again", review: { hidden: null } });
    expect((await hide(angry, { hidden: false })).body).toEqual({ message: "This review is not hidden" });
    expect(await ratingOf(lone)).toEqual({ average: 2.7, count: 3 });
    expect(await storedMatchesFeedback(lone)).toEqual({ count: 3, total: 8 });
    // the doctor sees that the admin hid it, and why
    const { feedbacks } = (await h.call("GET", "/api/auth/doctor-dashboard/patient-feedbacks", { token: lone.token })).body;
    expect(feedbacks.find((f: { appointment: { _id: string } }) => f.appointment._id === kind).hidden).toMatchObject({ reason: "Names a nurse" });
    expect(feedbacks.find((f: { appointment: { _id: string } }) => f.appointment._id === fair).hidden).toBeNull();
  });

  test("the audit trail keeps who hid or showed which review, and why", async () => {
    const angry = reviews[3]!;
    const rows = (await h.elsewhere("select actor_role, action, reason from audit_events where subject = 'appointment' and subject_id = ? and actor_role = 'admin' order by id", [angry])).rows;
    expect(rows.map((r) => [r.actor_role, r.action, r.reason])).toEqual([
      ["admin", "hide review", "Insults the doctor"],
      ["admin", "show review", null],
    ]);
  });
});
