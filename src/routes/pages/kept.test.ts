/**
 * Signed-in pages kept whole per page and viewer (issue 12; src/http/cached.ts keptPage,
 * src/routes/pages/kept.ts): a page read again is the page, never another viewer's, never older
 * than anything it shows, whoever changed it; what is shown once is shown once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";
import { clockBefore } from "../../../tests/support/clock";
import { holdsUntil, keptPage } from "../../http/cached";

let h: Harness;
let patient: Patient;
let doctor: Doctor;

const MEETINGS = "/patient-dashboard/patient-meetings";
const FORM = { origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" };

const get = (path: string, token: string, headers: Record<string, string> = {}, cookie = "") =>
  h.app.request(path, { headers: { cookie: `carebook_session=${token}${cookie}`, ...headers } });
const page = async (path: string, token: string, cookie = "") => (await get(path, token, {}, cookie)).text();

beforeAll(async () => {
  h = await startHarness({ CONSULT_MINUTES: "30" });
  [patient, doctor] = await Promise.all([h.signupPatient("Whole Page Patient"), h.signupDoctor({ name: "Dr Whole Page", specialization: "Dermatologist" })]);
});
afterAll(() => h.stop());

describe("a kept page is the page", () => {
  test("read again: the same bytes, in every encoding, with the page's own headers", async () => {
    await h.book(patient.token, doctor.id, "Rash on both arms");
    const first = await get(MEETINGS, patient.token);
    const html = await first.text();
    expect(html).toContain("Rash on both arms");
    const again = await get(MEETINGS, patient.token);
    expect(await again.text()).toBe(html);
    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=UTF-8");
      expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      // Sent from what was kept (a prepared answer has an ETag), not rendered again.
      expect(res.headers.get("ETag")).toMatch(/^"\w+"$/);
      expect(res.headers.get("Content-Length")).toBe(String(Buffer.byteLength(html)));
    }
    const br = await get(MEETINGS, patient.token, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Save-Data, Accept-Language, Accept-Encoding");
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(html);
    const gzip = await get(MEETINGS, patient.token, { "accept-encoding": "gzip" });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(html);
  });

  test("each viewer's own: another patient on the same address sees their page, not the first one's", async () => {
    const other = await h.signupPatient("Second Viewer");
    expect(await page(MEETINGS, patient.token)).toContain("Rash on both arms");
    const theirs = await page(MEETINGS, other.token);
    expect(theirs).not.toContain("Rash on both arms");
    expect(theirs).toContain(`data-session="patient:${other.id}"`);
    expect(await page("/patient-dashboard", other.token)).toContain(`data-session="patient:${other.id}"`);
    expect(await page("/patient-dashboard", patient.token)).toContain(`data-session="patient:${patient.id}"`);
  });

  test("the theme, the time zone and the query are part of it", async () => {
    // Planned at a fixed far date: the app's clock runs shortly before it (the two-year bound, issue 44).
    clockBefore(h, new Date("2031-06-01T00:00:00Z"));
    // No choice yet: the device's preference (no attribute); a choice is kept per theme.
    expect(await page(MEETINGS, patient.token)).toContain('<html lang="en" dir="ltr"><head>');
    expect(await page(MEETINGS, patient.token, "; theme=dark")).toContain('data-theme="dark"');
    expect(await page(MEETINGS, patient.token, "; theme=light")).toContain('data-theme="light"');
    expect(await page(MEETINGS, patient.token)).toContain('<html lang="en" dir="ltr"><head>');
    expect(await page("/patient-dashboard?q=derma", patient.token)).toContain('value="derma"');
    expect(await page("/patient-dashboard", patient.token)).not.toContain('value="derma"');
    const at = new Date(Date.UTC(2031, 5, 1, 7, 0));
    const [id] = (await h.call("GET", "/api/auth/doctor-dashboard/appointments", { token: doctor.token })).body.appointments.map((a: any) => a._id);
    expect((await h.schedule(doctor.token, id, patient.id, at)).status).toBe(200);
    // The default zone, India's (issue 52; UTC before); the browser's report; the default again.
    expect(await page(MEETINGS, patient.token)).toContain("12:30 IST");
    expect(await page(MEETINGS, patient.token, "; tz=UTC")).toContain("07:00 UTC");
    expect(await page(MEETINGS, patient.token)).toContain("12:30 IST");
  });
});

describe("a kept page follows everything it shows", () => {
  test("the viewer's own account: a new name shows on the profile and the doctor's dashboard", async () => {
    expect(await page("/doctor-dashboard/doctor-profile", doctor.token)).toContain('value="Dr Whole Page"');
    expect(await page("/doctor-dashboard", doctor.token)).toContain("Dr Whole Page");
    const form = h.profileForm({ name: "Dr Renamed Page", specialization: "Dermatologist", collegeName: "Kept College" });
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: doctor.token, form })).status).toBe(200);
    await h.approveChange(doctor.id);
    expect(await page("/doctor-dashboard/doctor-profile", doctor.token)).toContain('value="Dr Renamed Page"');
    expect(await page("/doctor-dashboard/doctor-profile", doctor.token)).toContain('value="Kept College"');
    expect(await page("/doctor-dashboard", doctor.token)).toContain("Dr Renamed Page");
    expect(await page("/patient-dashboard/patient-profile", patient.token)).toContain('value="Whole Page Patient"');
    await h.elsewhere("update patients set name = ? where id = ?", ["Renamed Elsewhere", patient.id]);
    expect(await page("/patient-dashboard/patient-profile", patient.token)).toContain('value="Renamed Elsewhere"');
  });

  test("the directory: a doctor approved, renamed or blocked shows on the dashboard, specialization and booking pages", async () => {
    const spec = "/patient-dashboard/specialization/Dermatologist";
    const countOf = (html: string) => html.match(/Dermatologist[^]*?(\d+) doctors?/)?.[1];
    const before = await page("/patient-dashboard", patient.token);
    expect(await page(spec, patient.token)).not.toContain("Dr Newly Approved");
    const fresh = await h.signupDoctor({ name: "Dr Newly Approved", specialization: "Dermatologist", approve: false });
    expect(await page(spec, patient.token)).not.toContain("Dr Newly Approved");
    await h.setDoctorStatus(fresh.id, "approved");
    expect(await page(spec, patient.token)).toContain("Dr Newly Approved");
    expect(Number(countOf(await page("/patient-dashboard", patient.token)))).toBe(Number(countOf(before)) + 1);
    const book = `/patient-dashboard/bookAppointment/${fresh.id}`;
    expect(await page(book, patient.token)).toContain("Dr Newly Approved");
    await h.elsewhere("update doctors set name = ? where id = ?", ["Dr Renamed Elsewhere", fresh.id]);
    expect(await page(book, patient.token)).toContain("Dr Renamed Elsewhere");
    expect(await page("/admin-dashboard", await h.admin())).toContain("Dr Renamed Elsewhere");
    await h.setDoctorStatus(fresh.id, "blocked");
    expect((await get(book, patient.token)).status).toBe(404);
    expect(await page(spec, patient.token)).not.toContain("Dr Renamed Elsewhere");
    expect(await page("/admin-dashboard", await h.admin())).toMatch(/Dr Renamed Elsewhere[^]*?badge-blocked/);
  });

  test("a calendar link made by another instance shows on the meetings page read just before", async () => {
    const p = await h.signupPatient("Calendar Viewer");
    expect(await page(MEETINGS, p.token)).toContain("Get calendar link");
    await h.elsewhere("insert into calendar_feeds (role, account_id, token_hash, created_at) values ('patient', ?, ?, ?)", [p.id, `hash-${p.id}`, Date.now()]);
    const html = await page(MEETINGS, p.token);
    expect(html).toContain("You made a calendar link on");
    expect(html).toContain("Reset calendar link");
    await h.elsewhere("delete from calendar_feeds where account_id = ?", [p.id]);
    expect(await page(MEETINGS, p.token)).toContain("Get calendar link");
  });
});

describe("what is shown once is shown once", () => {
  test("a notice: shown with its cookie cleared, never kept, and the kept page never shows it", async () => {
    const d = await h.signupDoctor({ name: "Dr Notice" });
    const id = await h.book(patient.token, d.id, "Notice check");
    expect(await page("/doctor-dashboard", d.token)).toContain("Notice check");
    const res = await h.app.request("/doctor-dashboard/cancel", {
      method: "POST",
      headers: { cookie: `carebook_session=${d.token}`, ...FORM },
      body: new URLSearchParams({ appointmentId: id, reason: "Away that week" }),
    });
    expect(res.status).toBe(303);
    const notice = res.headers.getSetCookie().find((c) => c.startsWith("notice="))!.split(";")[0]!;
    // The doctor's other device reads the page first: kept, without the notice.
    expect(await page("/doctor-dashboard", d.token)).not.toContain("Notice check");
    for (let i = 0; i < 2; i++) {
      const shown = await get("/doctor-dashboard", d.token, {}, `; ${notice}`);
      expect(await shown.text()).toContain("Request declined. The patient sees your reason.");
      expect(shown.headers.getSetCookie().some((c) => c.startsWith("notice=;"))).toBe(true);
    }
    const plain = await page("/doctor-dashboard", d.token);
    expect(plain).not.toContain("Request declined. The patient sees your reason.");
    expect(plain).not.toContain("Notice check");
  });

  test("a new calendar link: shown on the page it comes back to, then only its date", async () => {
    const p = await h.signupPatient("New Link Viewer");
    expect(await page(MEETINGS, p.token)).toContain("Get calendar link");
    const made = await h.app.request(`${MEETINGS}/calendar-feed`, { method: "POST", headers: { cookie: `carebook_session=${p.token}`, ...FORM } });
    expect(made.status).toBe(303);
    const once = made.headers.getSetCookie().find((c) => c.startsWith("carebook_calendar_link="))!.split(";")[0]!;
    // Another device reads the page first: kept, with the link's date but not the link.
    expect(await page(MEETINGS, p.token)).toContain("You made a calendar link on");
    const shown = await get(MEETINGS, p.token, {}, `; ${once}`);
    const html = await shown.text();
    expect(html).toContain("Your calendar link is ready");
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    const after = await page(MEETINGS, p.token);
    expect(after).not.toContain("Your calendar link is ready");
    expect(after).toContain("You made a calendar link on");
  });
});

describe("keptPage", () => {
  /** An app whose one page counts its renderings; its state, clock and answer set per request. */
  function counted() {
    const app = new Hono();
    const scope = {};
    let renders = 0;
    let now = 1_000;
    let answer = (c: any) => c.html(`<p>render ${renders}</p>`);
    app.get("/p", (c) =>
      keptPage(c, scope, { key: "p", state: c.req.query("state") ?? "a", now: new Date(now) }, async () => {
        renders++;
        holdsUntil(c, 2_000);
        return answer(c);
      }),
    );
    return {
      get: async (query = "", cookie = "") => (await app.request(`/p${query}`, { headers: { cookie } })).text(),
      renders: () => renders,
      at: (ms: number) => (now = ms),
      answer: (make: typeof answer) => (answer = make),
    };
  }

  test("rendered once per state, and again when the state changes or the clock passes what the page said", async () => {
    const p = counted();
    expect(await p.get()).toBe("<p>render 1</p>");
    expect(await p.get()).toBe("<p>render 1</p>");
    expect(await p.get("?state=b")).toBe("<p>render 2</p>");
    expect(await p.get("?state=b")).toBe("<p>render 2</p>");
    p.at(1_999);
    expect(await p.get("?state=b")).toBe("<p>render 2</p>");
    p.at(2_000);
    expect(await p.get("?state=b")).toBe("<p>render 3</p>");
    expect(p.renders()).toBe(3);
  });

  test("a request with a notice is rendered and keeps nothing; so is an answer with a cookie, its own caching or another status", async () => {
    const p = counted();
    expect(await p.get("", "notice=x")).toBe("<p>render 1</p>");
    expect(await p.get("", "notice=x")).toBe("<p>render 2</p>");
    for (const make of [
      (c: any) => (c.header("Set-Cookie", "a=b"), c.html("<p>cookie</p>")),
      (c: any) => (c.header("Cache-Control", "no-store"), c.html("<p>no-store</p>")),
      (c: any) => c.html("<p>gone</p>", 404),
    ]) {
      p.answer(make);
      const before = p.renders();
      await p.get();
      await p.get();
      expect(p.renders()).toBe(before + 2);
    }
  });
});
