/**
 * Issue 29: island code loads on intent through one small inline loader, and `Save-Data: on` gets
 * every page with no script at all. Real app, real pages (app.request), kept and prerendered
 * answers included: the two kinds of page never stand in for each other.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliCompressSync, constants } from "node:zlib";
import { startHarness, type Harness, type Patient } from "../../tests/support/harness";
import { scriptHash } from "../middleware/security";
import { clientManifest } from "./client-assets";
import { islandMessagesJson } from "../i18n/catalog";

let h: Harness;
let patient: Patient;

beforeAll(async () => {
  h = await startHarness();
  patient = await h.signupPatient("Data Saver");
});
afterAll(() => h.stop());

const SIGNED_IN = ["/patient-dashboard", "/patient-dashboard/patient-meetings", "/patient-dashboard/patient-profile"];
const PUBLIC = ["/", "/about", "/loginPatient", "/signupDoctor"];

function get(path: string, saveData: boolean, signedIn = SIGNED_IN.includes(path)) {
  const headers: Record<string, string> = {};
  if (saveData) headers["save-data"] = "on";
  if (signedIn) headers.cookie = `carebook_session=${patient.token}`;
  return h.app.request(path, { headers });
}

/** The page's inline scripts' text (not JSON data blocks, not external ones). */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe("with Save-Data: on", () => {
  for (const path of [...PUBLIC, ...SIGNED_IN]) {
    test(`${path}: no script at all (no loader, no islands' props), and the answer varies on Save-Data`, async () => {
      // Twice: the second answer comes from what the server keeps (a kept or prerendered page).
      for (let i = 0; i < 2; i++) {
        const res = await get(path, true);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).not.toMatch(/<script\b/i);
        expect(html).not.toContain("modulepreload");
        expect(res.headers.get("Vary") ?? "").toMatch(/\bSave-Data\b/);
        // The forms are all there: every page still has its own content.
        expect(html).toContain("<main");
      }
    });
  }

  test("the same address with and without the header, in turn: each gets its own kind of page", async () => {
    for (const path of ["/patient-dashboard", "/loginPatient"]) {
      for (const saveData of [false, true, false, true]) {
        const html = await (await get(path, saveData)).text();
        expect(inlineScripts(html).length, `${path} save-data=${saveData}`).toBe(saveData ? 0 : 1);
      }
    }
  });

  test("'off' or anything but 'on' is an ordinary visit", async () => {
    const res = await h.app.request("/patient-dashboard", { headers: { cookie: `carebook_session=${patient.token}`, "save-data": "off" } });
    expect(inlineScripts(await res.text())).toHaveLength(1);
  });
});

describe("without it: the loader, and nothing else", () => {
  for (const path of SIGNED_IN) {
    test(`${path}: one inline loader allowed by its hash, no script file, nothing preloaded`, async () => {
      const res = await get(path, false);
      const html = await res.text();
      const scripts = inlineScripts(html);
      expect(scripts).toHaveLength(1);
      expect(html).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html).not.toContain("modulepreload");
      expect(res.headers.get("Content-Security-Policy")).toContain(`'sha256-${scriptHash(scripts[0]!)}'`);
      expect(res.headers.get("Vary") ?? "").toMatch(/\bSave-Data\b/);
      // It names the client entry it loads on intent, and the page's islands are there to hydrate.
      expect(scripts[0]).toContain(JSON.stringify(clientManifest().client.file));
      expect(html).toContain("data-island=");
    });
  }

  test("an island's props name its messages file, in the page's language, and carry no message", async () => {
    for (const [lang, cookie] of [["en", ""], ["hi", "; lang=hi"]] as const) {
      const res = await h.app.request("/patient-dashboard/patient-meetings", { headers: { cookie: `carebook_session=${patient.token}${cookie}` } });
      const blocks = [...(await res.text()).matchAll(/<script type="application\/json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
      expect(blocks.length).toBeGreaterThan(1);
      for (const props of blocks) {
        expect(props.$lang).toBe(lang);
        expect(typeof props.$m).toBe("string");
      }
      // The file the meetings island's props name: its share of the catalog, served for a year.
      const meetings = blocks.find((props) => "appointments" in props)!;
      expect(meetings.$m).toBe(clientManifest().messages.PatientMeetings[lang]);
      const file = await h.app.request(meetings.$m);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toContain("application/json");
      expect(file.headers.get("Cache-Control")).toContain("immutable");
      expect(await file.json()).toEqual(JSON.parse(islandMessagesJson("PatientMeetings", lang)));
    }
  });

  test("the loader is at most 2 KB brotli", async () => {
    const [loader] = inlineScripts(await (await get("/patient-dashboard", false)).text());
    const brotli = brotliCompressSync(Buffer.from(loader!), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(brotli.length).toBeLessThanOrEqual(2048);
  });

  test("the Logout button is a plain form, and POST /logout asks the browser to clear the site's storage", async () => {
    const html = await (await get("/patient-dashboard", false)).text();
    expect(html).toMatch(/<form method="post" action="\/logout">/);
    expect(html).not.toContain('data-island="LogoutButton"');
    const other = await h.signupPatient("Leaving Soon");
    const res = await h.app.request("/logout", {
      method: "POST",
      headers: { cookie: `carebook_session=${other.token}`, origin: "http://localhost", host: "localhost" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/loginPatient");
    expect(res.headers.get("Clear-Site-Data")).toBe('"storage"');
  });
});

describe("the doctor's schedule fields (issue 39 item 9)", () => {
  test("real date and time fields in the HTML, with and without Save-Data: a page without script has them too", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Native Fields", specialization: "Dermatologist" });
    await h.book(patient.token, doctor.id, "Native fields please");
    for (const saveData of [false, true]) {
      const html = await (await h.app.request("/doctor-dashboard", { headers: { cookie: `carebook_session=${doctor.token}`, ...(saveData ? { "save-data": "on" } : {}) } })).text();
      expect(html).toContain("Native fields please");
      const date = html.match(/<input\b[^>]*\bname="date"[^>]*>/)![0];
      const time = html.match(/<input\b[^>]*\bname="time"[^>]*>/)![0];
      expect(date).toContain('type="date"');
      expect(time).toContain('type="time"');
      for (const field of [date, time]) expect(field).not.toMatch(/data-type|placeholder|pattern|inputmode|type="text"/i);
    }
  });
});

describe("the meetings pages' first paint", () => {
  test("the reschedule form's date and time are real date and time fields, with and without Save-Data; the first paint waits for the page's largest text (the doctor's zone note; the patient's story up to its history, or to the calendar panel without one)", async () => {
    const doctor = await h.signupDoctor({ name: "Dr Light Moves", specialization: "Dermatologist" });
    const id = await h.book(patient.token, doctor.id, "Move me lightly");
    await h.schedule(doctor.token, id, patient.id, new Date(Date.now() + 3 * 86_400_000));
    const as = (saveData: boolean) =>
      h.app.request("/doctor-dashboard/doctor-Meetings", { headers: { cookie: `carebook_session=${doctor.token}`, ...(saveData ? { "save-data": "on" } : {}) } });
    const light = await (await as(false)).text();
    expect(light).toContain("Move appointment");
    const fields = (html: string) => [/<input\b[^>]*\bname="date"[^>]*>/, /<input\b[^>]*\bname="time"[^>]*>/].map((re) => html.match(re)![0]);
    expect(fields(light).map((f) => f.match(/\stype="(\w+)"/)?.[1])).toEqual(["date", "time"]);
    const saved = await (await as(true)).text();
    expect(fields(saved).map((f) => f.match(/\stype="(\w+)"/)?.[1])).toEqual(["date", "time"]);
    const held = (html: string) => html.match(/<head>.*<link rel="expect" href="#([\w-]+)" blocking="render"\/>.*<\/head>/s)?.[1];
    for (const html of [light, saved]) {
      expect(held(html)).toBe("zone-note");
      expect(html).toContain('id="zone-note"');
    }
    // The patient's page: with no history, up to the calendar panel (all but the footer and the
    // loader); once a meeting is in the history, up to its heading.
    const patientPage = async () => (await get("/patient-dashboard/patient-meetings", false)).text();
    const before = await patientPage();
    expect(held(before)).toBe("calendar");
    expect(before).toContain('id="calendar"');
    expect(before).not.toContain('id="past-title"');
    const cancel = await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId: id, reason: "Cannot come" } });
    expect(cancel.status).toBe(200);
    const after = await patientPage();
    expect(held(after)).toBe("past-title");
    expect(after).toContain('id="past-title"');
    // Not on other pages: their first frame is not held.
    expect(await (await get("/patient-dashboard", false)).text()).not.toContain('rel="expect"');
  });
});
