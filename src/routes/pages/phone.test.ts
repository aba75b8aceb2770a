/**
 * Issue 55: the profile pages' phone section without script, in English and Hindi, for a patient
 * and a doctor: send a code (the SMS is written to the outbox: MAIL_PREVIEW), verify it, remove
 * the number; a refusal shows beside the section in the page's language.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { recentOutbox, findOutbox } from "../../db/queries/mail";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

const cookie = (token: string, lang: string) => `carebook_session=${token}; lang=${lang}`;
const page = async (token: string, path: string, lang = "en", extra = "") => {
  const res = await h.app.request(path, { headers: { cookie: cookie(token, lang) + extra } });
  return { status: res.status, html: await res.text() };
};
const post = (token: string, path: string, fields: Record<string, string>, lang = "en") =>
  h.app.request(path, {
    method: "POST",
    headers: { cookie: cookie(token, lang), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
/** The code the outbox holds for `number` (in preview, a text is kept whole). */
async function codeFor(number: string): Promise<string> {
  const row = (await recentOutbox(h.deps.database.db, 50)).find((r) => r.channel === "sms" && r.toAddress === number)!;
  return (await findOutbox(h.deps.database.db, row.id))!.text.match(/\d{6}/)![0];
}
/** The notice cookie a 303 set, to carry to the page it leads to. */
const noticeOf = (res: Response) => `; ${(res.headers.get("set-cookie") ?? "").split(";")[0]}`;

describe("the phone section without script", () => {
  for (const [role, path, lang] of [
    ["patient", "/patient-dashboard/patient-profile", "en"],
    ["patient", "/patient-dashboard/patient-profile", "hi"],
    ["doctor", "/doctor-dashboard/doctor-profile", "en"],
    ["doctor", "/doctor-dashboard/doctor-profile", "hi"],
  ] as const) {
    test(`${role}, ${lang}: send a code, verify it, remove the number`, async () => {
      const who = role === "patient" ? await h.signupPatient("Meera N", { lang }) : await h.signupDoctor({ name: "Dr Kapoor", lang });
      const empty = await page(who.token, path, lang);
      expect(empty.html).toContain(`action="${path}/phone"`);
      expect(empty.html).toContain(lang === "en" ? "Mobile phone" : "मोबाइल फ़ोन");
      expect(empty.html).not.toContain(`action="${path}/phone/verify"`);

      const bad = await post(who.token, `${path}/phone`, { phone: "12" }, lang);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(lang === "en" ? "Enter a mobile number with + and the country code" : "+ और देश के कोड के साथ मोबाइल नंबर लिखें");

      const mobile = role === "patient" ? (lang === "en" ? "9811111111" : "9822222222") : lang === "en" ? "9833333333" : "9844444444";
      const sent = await post(who.token, `${path}/phone`, { phone: mobile }, lang);
      expect([sent.status, sent.headers.get("location")]).toEqual([303, `${path}#notice`]);
      const waiting = await page(who.token, path, lang, noticeOf(sent));
      expect(waiting.html).toContain(lang === "en" ? "A 6-digit code is on its way by SMS." : "6 अंकों का कोड SMS से भेजा जा रहा है।");
      expect(waiting.html).toContain('data-phone-state="waiting"');
      expect(waiting.html).toContain(`action="${path}/phone/verify"`);

      const wrong = await post(who.token, `${path}/phone/verify`, { code: "000001" }, lang);
      const code = await codeFor(`+91${mobile}`);
      if (code !== "000001") {
        expect(wrong.status).toBe(400);
        expect(await wrong.text()).toContain(lang === "en" ? "That code is not right" : "यह कोड सही नहीं है");
      }
      const verified = await post(who.token, `${path}/phone/verify`, { code }, lang);
      expect(verified.status).toBe(303);
      const shown = await page(who.token, path, lang);
      expect(shown.html).toContain('data-phone-state="verified"');
      expect(shown.html).toContain(`+91${mobile}`);

      const removed = await post(who.token, `${path}/phone/remove`, {}, lang);
      expect(removed.status).toBe(303);
      const gone = await page(who.token, path, lang);
      expect(gone.html).not.toContain("data-phone-state");
    });
  }

  test("the mail choices carry SMS and WhatsApp, saved from the form", async () => {
    const p = await h.signupPatient();
    const before = await page(p.token, "/patient-dashboard/patient-profile");
    expect(before.html).toMatch(/name="sms" value="on" checked/);
    expect(before.html).toMatch(/name="whatsapp" value="on"(?! checked)/);
    const saved = await post(p.token, "/patient-dashboard/patient-profile/mail", { reminders: "on", notices: "on", whatsapp: "on" });
    expect(saved.status).toBe(303);
    expect((await h.call("GET", "/api/auth/mail-preferences", { token: p.token })).body.preferences).toEqual({ reminders: true, notices: true, sms: false, whatsapp: true });
  });
});
