/**
 * Issue 31 for the account pages outside the pages test: the reset link's page (live and used
 * up), the unsubscribe link's pages, and the notices the account forms leave, in Hindi with no
 * Latin word of ours; and the same pages still in English.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { resetRequestsSettled } from "../../actions/passwords";
import { addPasswordReset } from "../../db/queries/password-resets";
import { unsubscribeToken } from "../../mail/unsubscribe";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await resetRequestsSettled(); // the forgot-password post's work after its answer
  await h?.stop();
});

const ALLOWED = new Set(["Carebook", "English", "am", "pm", "AM", "PM", "UTC", "GMT", "IST"]);

/** The Latin-script words a person reads on `html` (as src/i18n/pages.test.ts counts them). */
function latinWords(html: string): string[] {
  const readable = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]*>/g, (tag) => ` ${[...tag.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((m) => m[1]).join(" ")} `)
    .replace(/&[a-z]+;|&#\d+;/g, " ")
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " ")
    .replace(/\bhttps?:\/\/\S+/g, " ")
    .replace(/\bGMT[+-]\d+(?::\d+)?/g, " ");
  const words = readable.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w) && !/^[A-Z]{2,5}$/.test(w)))];
}

const ORIGIN = "http://localhost";
const get = async (path: string, cookie: string) => {
  const res = await h.app.request(path, { headers: { cookie } });
  return { status: res.status, html: await res.text() };
};
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  h.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie }, body: new URLSearchParams(fields) });
/** The page a 303 leads to, with the cookies it set (its notice). */
async function follow(res: Response, cookie: string) {
  expect(res.status).toBe(303);
  const set = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  return get(res.headers.get("location")!, [cookie, ...set].join("; "));
}

/** A live reset link for a new patient (as the mail would carry it). */
async function resetLink(): Promise<string> {
  const patient = await h.signupPatient("रीना");
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await h.deps.database.write((tx) =>
    addPasswordReset(
      tx,
      { tokenHash: createHash("sha256").update(token).digest("hex"), role: "patient", createdAt: now, expiresAt: new Date(now.getTime() + 30 * 60_000) },
      patient.id,
    ),
  );
  return token;
}

describe("the account pages in Hindi", () => {
  test("the reset link's page, live and not, has no Latin word of ours", async () => {
    const token = await resetLink();
    const live = await get(`/resetPassword/${token}`, "lang=hi");
    expect(live.status).toBe(200);
    expect(live.html).toContain("नया पासवर्ड चुनें");
    expect(latinWords(live.html)).toEqual([]);
    const dead = await get("/resetPassword/not-a-real-link-at-all-not-one", "lang=hi");
    expect(dead.html).toContain("यह रीसेट लिंक अब मान्य नहीं है");
    expect(latinWords(dead.html)).toEqual([]);
    // English is unchanged.
    expect((await get(`/resetPassword/${token}`, "lang=en")).html).toContain("At least 8 characters. Every device signed in to your account is signed out.");
  });

  test("the unsubscribe pages, asking, done and unknown, have no Latin word of ours", async () => {
    const patient = await h.signupPatient("अनु");
    for (const kind of ["reminders", "notices"] as const) {
      const path = `/unsubscribe/${unsubscribeToken(h.deps.keys.secret, { role: "patient", accountId: patient.id, kind })}`;
      const ask = await get(path, "lang=hi");
      expect(ask.status).toBe(200);
      expect(latinWords(ask.html)).toEqual([]);
      const done = await h.app.request(path, { method: "POST", headers: { cookie: "lang=hi" } });
      const html = await done.text();
      expect(html).toContain("आप अनसब्सक्राइब हो गए हैं");
      expect(latinWords(html)).toEqual([]);
    }
    const unknown = await get("/unsubscribe/patient.notices.nobody.forged", "lang=hi");
    expect(unknown.status).toBe(404);
    expect(latinWords(unknown.html)).toEqual([]);
    expect((await get("/unsubscribe/patient.notices.nobody.forged", "lang=en")).html).toContain("This unsubscribe link is not one Carebook made.");
  });

  test("the notices of the account forms come in the request's language", async () => {
    const patient = await h.signupPatient("मीरा");
    const cookie = `lang=hi; carebook_session=${patient.token}`;
    const zone = await follow(await post("/time-zone", { timeZone: "Asia/Kolkata" }, cookie), cookie);
    expect(zone.html).toContain("अब समय भारतीय मानक समय (कोलकाता) में दिखाए जाएँगे।");
    expect(zone.html).toContain('<option value="Asia/Kolkata" selected="">भारतीय मानक समय (कोलकाता)</option>');
    const mail = await follow(await post("/patient-dashboard/patient-profile/mail", { reminders: "on" }, cookie), cookie);
    expect(mail.html).toContain("ईमेल की आपकी पसंद सहेज ली गई है।");
    const forgot = await follow(await post("/forgotPassword", { role: "patient", email: patient.email }, "lang=hi"), "lang=hi");
    expect(forgot.html).toContain("अगर इस ईमेल का कोई खाता है, तो रीसेट लिंक भेज दिया गया है।");
    expect(latinWords(forgot.html)).toEqual([]);
    const english = `lang=en; carebook_session=${patient.token}`;
    const again = await follow(await post("/time-zone", { timeZone: "Europe/Paris" }, english), english);
    expect(again.html).toContain("Times are now shown in Central European Time (Paris).");
  });
});
