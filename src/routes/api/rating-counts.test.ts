/**
 * Issue 51 item 4: which ratings count. A rating sent with `publish: false` counts in the public
 * average, and now the admin can hide it too (before: 404), which takes it out of every count
 * while its private text stays private; a visit marked a no-show loses its rating from every
 * count, restored when the mark is undone (marked attended again). The doctor's kept count and
 * total always equal those of the ratings that count, read straight from the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";
import { completedMeeting } from "../../../tests/support/completed";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const PRIVATE = "Only for the doctor: my rash is back";
const give = (token: string, json: Record<string, unknown>) => h.call("POST", "/api/auth/patient-dashboard/giveFeedback", { token, json });
const hide = async (appointmentId: string, json: Record<string, unknown>) => h.call("PATCH", `/api/auth/admin-dashboard/reviews/${appointmentId}`, { token: await h.admin(), json });
const mark = (d: Doctor, appointmentId: string, attended: boolean) => h.call("POST", "/api/auth/doctor-dashboard/markAttendance", { token: d.token, json: { appointmentId, attended } });
const ratingOf = async (d: Doctor) => (await h.call("GET", "/api/auth/doctor-profile", { token: d.token })).body.doctor.rating as { average: number | null; count: number };

/** The kept count and total against the ratings that count: not hidden, not of a no-show. */
async function keptRight(d: Doctor) {
  const kept = (await h.elsewhere("select rating_count as n, rating_total as total from doctors where id = ?", [d.id])).rows[0]!;
  const real = (
    await h.elsewhere(
      "select count(f.rating) as n, coalesce(sum(f.rating), 0) as total from feedback f join appointments a on a.id = f.appointment_id where f.doctor_id = ? and f.hidden_at is null and (a.attended is null or a.attended = 1)",
      [d.id],
    )
  ).rows[0]!;
  expect([Number(kept.n), Number(kept.total)]).toEqual([Number(real.n), Number(real.total)]);
}

/** A doctor with three rated visits (5, 4 and 3, the last sent unpublished with private words). */
async function ratedDoctor() {
  const doctor = await h.signupDoctor();
  const ids: string[] = [];
  for (const [rating, publish] of [[5, true], [4, true], [3, false]] as const) {
    const patient = await h.signupPatient();
    const id = await completedMeeting(h, patient, doctor);
    expect((await give(patient.token, { appointmentId: id, message: rating === 3 ? PRIVATE : "Kind and clear", rating, publish })).status).toBe(201);
    ids.push(id);
  }
  expect(await ratingOf(doctor)).toEqual({ average: 4, count: 3 });
  return { doctor, ids: ids as [string, string, string] };
}

describe("hiding any rating", () => {
  test("the admin hides an unpublished rating: 200, out of every count, its private text in no answer; shown again it counts again", async () => {
    const { doctor, ids } = await ratedDoctor();
    const hidden = await hide(ids[2], { hidden: true, reason: "Not about the visit" });
    expect(hidden.status).toBe(200);
    expect(hidden.body.review).toMatchObject({ appointmentId: ids[2], rating: 3, published: false, hidden: { reason: "Not about the visit" } });
    expect(hidden.text).not.toContain(PRIVATE);
    expect(await ratingOf(doctor)).toEqual({ average: null, count: 2 });
    await keptRight(doctor);
    expect((await hide(ids[2], { hidden: false })).status).toBe(200);
    expect(await ratingOf(doctor)).toEqual({ average: 4, count: 3 });
    await keptRight(doctor);
  });
});

describe("a no-show's rating", () => {
  test("marking the visit a no-show takes its rating out of every count; marking it attended again restores it", async () => {
    const { doctor, ids } = await ratedDoctor();
    expect((await mark(doctor, ids[0], false)).status).toBe(200);
    expect(await ratingOf(doctor)).toEqual({ average: null, count: 2 });
    await keptRight(doctor);
    expect((await mark(doctor, ids[0], true)).status).toBe(200);
    expect(await ratingOf(doctor)).toEqual({ average: 4, count: 3 });
    await keptRight(doctor);
  });

  test("hidden and a no-show at once is taken out once, and back once", async () => {
    const { doctor, ids } = await ratedDoctor();
    expect((await hide(ids[1], { hidden: true, reason: "Rude" })).status).toBe(200);
    expect((await mark(doctor, ids[1], false)).status).toBe(200);
    expect((await hide(ids[1], { hidden: false })).status).toBe(200);
    expect((await ratingOf(doctor)).count).toBe(2);
    await keptRight(doctor);
    expect((await mark(doctor, ids[1], true)).status).toBe(200);
    expect(await ratingOf(doctor)).toEqual({ average: 4, count: 3 });
    await keptRight(doctor);
  });
});

describe("the admin's reviews page", () => {
  test("lists a rating sent unpublished without its words, with its Hide form, which takes it out of the counts", async () => {
    const { doctor, ids } = await ratedDoctor();
    const cookie = `carebook_session=${await h.admin()}`;
    const html = await (await h.app.request("/admin-dashboard/reviews", { headers: { cookie } })).text();
    expect(html).toContain(`id="review-${ids[2]}"`);
    expect(html).not.toContain(PRIVATE);
    expect(html).toContain("A rating only: its words are private to the doctor.");
    const posted = await h.app.request(`/admin-dashboard/reviews/${ids[2]}`, { method: "POST", headers: { cookie, origin: "http://localhost" }, body: new URLSearchParams({ hidden: "true", reason: "Spam" }) });
    expect(posted.status).toBe(303);
    expect(await ratingOf(doctor)).toEqual({ average: null, count: 2 });
    await keptRight(doctor);
  });
});
