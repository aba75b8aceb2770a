/**
 * A refused form speaks the page's language (issue 31): posted without script by a person who
 * chose Hindi, the page says why in Hindi (the API's refusal, a field's rule with its number, an
 * overlap with its times); the JSON API's answers stay word for word in English, whatever the
 * request's language.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../tests/support/harness";
import { clockBefore } from "../../tests/support/clock";

let h: Harness;
const ORIGIN = "http://localhost";
const HINDI = "lang=hi";

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

/** Posts a form as a page of this site would, with the person's cookies. */
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie }, body: new URLSearchParams(fields) });

describe("a refused form in Hindi", () => {
  test("a wrong password on /loginPatient: 401 and the refusal in Hindi, never the API's English", async () => {
    const patient = await h.signupPatient();
    const res = await post("/loginPatient", { email: patient.email, password: "wrong-password-typed" }, HINDI);
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain("ईमेल या पासवर्ड सही नहीं है");
    expect(html).not.toContain("Invalid email or password");
    expect(html).toContain(`value="${patient.email}"`);

    // The same post in English says what it always said.
    const english = await post("/loginPatient", { email: patient.email, password: "wrong-password-typed" }, "lang=en");
    expect(await english.text()).toContain("Invalid email or password");
  });

  test("a field's rule in Hindi, with its number", async () => {
    const signup = { name: "डॉ. टाइपो", specialization: "Cardiologist", collegeName: "सिटी मेडिकल कॉलेज" };
    const badEmail = await post("/signupDoctor", { ...signup, email: "not-an-email", password: PASSWORD }, HINDI);
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain("कृपया सही ईमेल पता दर्ज करें, जैसे name@example.com");

    const short = await post("/signupPatient", { name: "पैट", email: uniqueEmail("short"), password: "short" }, HINDI);
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("पासवर्ड में कम से कम 8 अक्षर होने चाहिए।");
  });

  test("a doctor's overlapping time: the meeting it overlaps, its times as Hindi pages write them", async () => {
    // Planned at a fixed far date: the app's clock runs shortly before it (the two-year bound, issue 44).
    clockBefore(h, new Date("2031-01-15T00:00:00Z"));
    const doctor = await h.signupDoctor({ name: "Dr. Busy" });
    const cookie = `carebook_session=${doctor.token}; ${HINDI}`;
    await post("/time-zone", { timeZone: "Asia/Kolkata" }, cookie);
    const first = await h.signupPatient("Mr X");
    const second = await h.signupPatient("Ms Y");
    const firstId = await h.book(first.token, doctor.id);
    // 10:30 in Kolkata on 15 Jan 2031 is 05:00 UTC.
    expect((await h.schedule(doctor.token, firstId, first.id, new Date("2031-01-15T05:00:00Z"))).status).toBe(200);
    const secondId = await h.book(second.token, doctor.id);
    const ids = { appointmentId: secondId, patientId: second.id, tz: "Asia/Kolkata" };

    const overlap = await post("/doctor-dashboard/schedule", { ...ids, date: "2031-01-15", time: "10:45", confirm: "2" }, cookie);
    expect(overlap.status).toBe(409);
    const html = await overlap.text();
    expect(html).toMatch(/को 10:30 .*से 11:00 .*तक आपका Mr X के साथ पहले से अपॉइंटमेंट है।/);
    expect(html).not.toContain("You already have");

    const past = await post("/doctor-dashboard/schedule", { ...ids, date: "2020-01-01", time: "10:00", confirm: "2" }, cookie);
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("कृपया आगे का कोई समय चुनें।");
  });
});

describe("the JSON API in Hindi", () => {
  const hindi = { "accept-language": "hi-IN,hi;q=0.9", cookie: HINDI };
  const english = { "accept-language": "en" };

  test("answers byte for byte as in English (SPEC §8's messages never change)", async () => {
    const patient = await h.signupPatient();
    const wrong = { email: patient.email, password: "wrong-password-typed" };
    const [hi, en] = await Promise.all([
      h.call("POST", "/api/auth/loginPatient", { json: wrong, headers: hindi }),
      h.call("POST", "/api/auth/loginPatient", { json: wrong, headers: english }),
    ]);
    expect([hi.status, hi.text]).toEqual([401, JSON.stringify({ message: "Invalid email or password" })]);
    expect(hi.text).toBe(en.text);

    const bad = { name: "Pat", email: "not-an-email", password: PASSWORD };
    const badHi = await h.call("POST", "/api/auth/signupPatient", { json: bad, headers: hindi });
    const badEn = await h.call("POST", "/api/auth/signupPatient", { json: bad, headers: english });
    expect([badHi.status, badHi.body.message]).toEqual([400, "email must be a valid email address"]);
    expect(badHi.text).toBe(badEn.text);

    const reasonless = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: "x" }, headers: hindi });
    expect([reasonless.status, reasonless.body.message]).toEqual([400, "reason is required"]);
    const unknown = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: "nobody", reason: "ज़ुकाम" }, headers: hindi });
    expect([unknown.status, unknown.body.message]).toEqual([404, "Doctor not found"]);
    const anonymous = await h.call("GET", "/api/auth/patient-profile", { headers: hindi });
    expect([anonymous.status, anonymous.body.message]).toEqual([401, "Authentication required"]);
  });
});
