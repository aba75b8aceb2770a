/**
 * Issue 39 item 10: an approved doctor's dashboard says what to do next (set hours, add a photo,
 * check the profile), each step gone once done, as the data says: hours set, a picture, the
 * profile saved once (page or API). Above the pending requests, today's meetings in the doctor's
 * zone, named. The app's clock is moved to a fixed Monday so no run depends on the day or hour.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { PNG_1X1, startHarness, type Harness } from "../../../tests/support/harness";

let h: Harness;
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3_600_000);

beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => at(6);
});
afterAll(() => h.stop());

async function dashboard(token: string, cookies = ""): Promise<string> {
  const res = await h.app.request("/doctor-dashboard", { headers: { cookie: `carebook_session=${token}${cookies}` } });
  expect(res.status).toBe(200);
  return res.text();
}

const STEPS = {
  registration: 'href="/doctor-dashboard/doctor-profile#registrationNumber">Add your registration: patients find you in the directory once it is checked<',
  hours: 'href="/doctor-dashboard/doctor-profile#hours-title"',
  photo: 'href="/doctor-dashboard/doctor-profile#profileImage"',
  profile: "Check your profile and save it",
};
const stepsIn = (html: string) => Object.entries(STEPS).filter(([, mark]) => html.includes(mark)).map(([name]) => name);

describe("the doctor's first steps", () => {
  test("lists the four steps at first, each gone once done, the card gone once all are", async () => {
    const doctor = await h.signupDoctor({ name: "Dr First" });
    let html = await dashboard(doctor.token);
    expect(html).toContain("What to do next");
    expect(stepsIn(html)).toEqual(["registration", "hours", "photo", "profile"]);

    const hours = { timeZone: "Asia/Kolkata", weekly: [{ day: 1, start: "09:00", end: "17:00" }], daysOff: [] };
    expect((await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: hours })).status).toBe(200);
    expect(stepsIn(await dashboard(doctor.token))).toEqual(["registration", "photo", "profile"]);

    // Saving the profile, even unchanged, is checking it.
    const fields = { name: "Dr First", specialization: "Cardiologist", collegeName: "City Medical College" };
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form: h.profileForm(fields) })).status).toBe(200);
    expect(stepsIn(await dashboard(doctor.token))).toEqual(["registration", "photo"]);

    const picture = { bytes: PNG_1X1, name: "me.png", type: "image/png" };
    const registered = h.profileForm(fields, picture);
    registered.set("registrationNumber", "DMC/52");
    registered.set("registrationCouncil", "Delhi Medical Council");
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form: registered })).status).toBe(200);
    html = await dashboard(doctor.token);
    expect(stepsIn(html)).toEqual([]);
    expect(html).not.toContain("What to do next");
  });

  test("in Hindi", async () => {
    const doctor = await h.signupDoctor();
    const html = await dashboard(doctor.token, "; lang=hi");
    expect(html).toContain("आगे क्या करें");
    expect(html).toContain("अपना पंजीकरण जोड़ें: जाँच के बाद मरीज़ आपको डॉक्टरों की सूची में पाएँगे");
    expect(html).toContain("अभी सार्वजनिक सूची में नहीं");
    expect(html).toContain("अपनी प्रोफ़ाइल जाँचें और सहेजें");
  });
});

describe("not listed publicly yet (issue 52)", () => {
  const note = (html: string) => {
    const at = html.indexOf('id="listing-title"');
    return at === -1 ? undefined : html.slice(at, html.indexOf("</section>", at));
  };
  test("says why until the registration is verified: none given, waiting, refused with the reason; gone once verified", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Listed" });
    const admin = await h.admin();
    let shown = note(await dashboard(doctor.token));
    expect(shown).toContain("Not listed publicly yet");
    expect(shown).toContain("once you add your medical registration and the admin checks it");


    const form = h.profileForm({ name: "Dr Listed", specialization: "Cardiologist", collegeName: "City Medical College" });
    form.set("registrationNumber", "DMC/1");
    form.set("registrationCouncil", "Delhi Medical Council");
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    shown = note(await dashboard(doctor.token));
    expect(shown).toContain("Your registration DMC/1, Delhi Medical Council is waiting for the admin&#39;s check.");
    expect(await dashboard(doctor.token)).not.toContain("Add your registration: patients find you");

    const registration = `/api/auth/admin-dashboard/doctor-registration/${doctor.id}`;
    expect((await h.call("PATCH", registration, { token: admin, json: { verified: false, reason: "No such number." } })).status).toBe(200);
    shown = note(await dashboard(doctor.token));
    expect(shown).toContain("The admin did not verify your registration DMC/1, Delhi Medical Council: No such number.");
    expect(shown).toContain('href="/doctor-dashboard/doctor-profile#registrationNumber">Add or correct your registration<');

    form.set("registrationNumber", "DMC/2");
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    expect((await h.call("PATCH", registration, { token: admin, json: { verified: true } })).status).toBe(200);
    expect(note(await dashboard(doctor.token))).toBeUndefined();
  });
});

describe("today's meetings on the dashboard", () => {
  test("names today's confirmed meetings in the doctor's zone, not tomorrow's, above the pending requests", async () => {
    const doctor = await h.signupDoctor();
    const today = await h.signupPatient("Neha Today");
    const tomorrow = await h.signupPatient("Ravi Tomorrow");
    const waiting = await h.signupPatient("Asha Waiting");
    // 08:30 UTC is 14:00 in Kolkata, on the same Monday there; the other one is Tuesday's.
    expect((await h.schedule(doctor.token, await h.book(today.token, doctor.id), today.id, at(8.5))).status).toBe(200);
    expect((await h.schedule(doctor.token, await h.book(tomorrow.token, doctor.id), tomorrow.id, at(32.5))).status).toBe(200);
    await h.book(waiting.token, doctor.id);

    const html = await dashboard(doctor.token, "; tz=Asia%2FKolkata");
    const section = html.slice(html.indexOf('id="today-title"'), html.indexOf("</section>", html.indexOf('id="today-title"')));
    expect(section).toContain("Today, Mon ");
    expect(section).toContain("India Standard Time");
    expect(section).toMatch(/14:00<\/time>–<time[^>]*>14:30<\/time> Neha Today/);
    expect(section).not.toContain("Ravi Tomorrow");
    expect(html.indexOf("Neha Today")).toBeLessThan(html.indexOf("Asha Waiting"));

    // No zone of their own and none reported yet: today is the day of their hours' zone, named.
    const hours = { timeZone: "Asia/Kolkata", weekly: [{ day: 1, start: "09:00", end: "17:00" }], daysOff: [] };
    expect((await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: hours })).status).toBe(200);
    expect(await dashboard(doctor.token)).toMatch(/India Standard Time.*14:00<\/time>–<time[^>]*>14:30<\/time> Neha Today/);

    const none = await h.signupDoctor();
    expect(await dashboard(none.token)).toContain("No appointments today.");
  });
});
