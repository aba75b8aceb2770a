/**
 * Issue 55, item 6: "Sign in with a code sent to your phone" without script, English and Hindi:
 * the login page's link, the number's form, the code's form (the number waits in a cookie, never
 * in the address), a refusal in the page's language, the session and the `next` carried through,
 * the two-factor code's page where it is on. Texts are written, not sent (MAIL_PREVIEW).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { movingClock } from "../../../tests/support/moving-clock";
import { findOutbox, recentOutbox } from "../../db/queries/mail";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

const get = async (path: string, lang: string, cookies = "") => {
  const res = await h.app.request(path, { headers: { cookie: `lang=${lang}${cookies}` } });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
};
const post = (path: string, fields: Record<string, string>, lang: string, cookies = "") =>
  h.app.request(path, {
    method: "POST",
    headers: { cookie: `lang=${lang}${cookies}`, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
/** The cookies a response set, as `; name=value` to send on. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => `; ${c.split(";")[0]}`)
    .join("");
/** The newest code the outbox holds for `number` (in preview a text is kept whole). */
async function codeFor(number: string): Promise<string> {
  const row = (await recentOutbox(h.deps.database.db, 50)).find((r) => r.channel === "sms" && r.toAddress === number)!;
  return (await findOutbox(h.deps.database.db, row.id))!.text.match(/\d{6}/)![0];
}
/** A patient whose number is verified. */
async function verifiedPatient(mobile: string, lang: "en" | "hi") {
  const p = await h.signupPatient("Code Kavya", { lang });
  await h.call("POST", "/api/auth/account/phone", { token: p.token, json: { phone: mobile } });
  expect((await h.call("POST", "/api/auth/account/phone/verify", { token: p.token, json: { code: await codeFor(`+91${mobile}`) } })).status).toBe(200);
  return p;
}

const WORDS = {
  en: { link: "Sign in with a code sent to your phone", sent: "is verified on a patient account, a 6-digit code is on its way", bad: "That code is not right", badNumber: "Enter a mobile number with + and the country code" },
  hi: { link: "अपने फ़ोन पर भेजे गए कोड से लॉगिन करें", sent: "किसी मरीज़ खाते पर पुष्टि किया हुआ है", bad: "यह कोड सही नहीं है", badNumber: "+ और देश के कोड के साथ मोबाइल नंबर लिखें" },
};

describe("sign in with a code, without script", () => {
  for (const [lang, mobile] of [
    ["en", "9755500001"],
    ["hi", "9755500002"],
  ] as const) {
    test(`${lang}: the login page's link, the number, the code, the dashboard`, async () => {
      const clock = movingClock(h.deps);
      const words = WORDS[lang];
      await verifiedPatient(mobile, lang);
      clock.forward(61_000);
      const login = await get("/loginPatient", lang);
      expect(login.html).toContain(words.link);
      expect(login.html).toContain('href="/loginPatient/phone"');
      const first = await get("/loginPatient/phone", lang);
      expect(first.status).toBe(200);
      expect(first.html).toContain('action="/loginPatient/phone"');
      // Straight to the code's form without a number: back to the number's.
      expect((await get("/loginPatient/phone/code", lang)).location).toBe("/loginPatient/phone");

      const bad = await post("/loginPatient/phone", { phone: "12" }, lang);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(words.badNumber);

      const asked = await post("/loginPatient/phone", { phone: mobile }, lang);
      expect([asked.status, asked.headers.get("location")]).toEqual([303, "/loginPatient/phone/code"]);
      const numberCookie = cookiesOf(asked);
      expect(numberCookie).toContain(`carebook_login_phone=`);
      expect(asked.headers.get("set-cookie")).toContain("HttpOnly");
      const second = await get("/loginPatient/phone/code", lang, numberCookie);
      expect(second.html).toContain(words.sent);
      expect(second.html).toContain(`+91${mobile}`);
      expect(second.html).toContain('action="/loginPatient/phone/code"');

      const code = await codeFor(`+91${mobile}`);
      const wrong = await post("/loginPatient/phone/code", { code: code === "000000" ? "111111" : "000000" }, lang, numberCookie);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain(words.bad);

      const right = await post("/loginPatient/phone/code", { code }, lang, numberCookie);
      expect([right.status, right.headers.get("location")]).toEqual([303, "/patient-dashboard"]);
      const session = cookiesOf(right);
      expect(session).toContain("carebook_session=");
      expect((await get("/patient-dashboard", lang, session)).status).toBe(200);
      // Signed in, the number's page goes on to the dashboard.
      expect((await get("/loginPatient/phone", lang, session)).location).toBe("/patient-dashboard");
    });
  }

  test("a number nobody verified gets the same code's form (and nothing sent); `next` is carried; two-factor on leads to its code's page", async () => {
    const clock = movingClock(h.deps);
    const nobody = await post("/loginPatient/phone", { phone: "9755500009" }, "en");
    expect([nobody.status, nobody.headers.get("location")]).toEqual([303, "/loginPatient/phone/code"]);
    expect((await recentOutbox(h.deps.database.db, 50)).some((r) => r.toAddress === "+919755500009")).toBe(false);

    const mobile = "9755500003";
    const p = await verifiedPatient(mobile, "en");
    clock.forward(61_000);
    const next = "/patient-dashboard/patient-meetings";
    expect((await get(`/loginPatient?next=${encodeURIComponent(next)}`, "en")).html).toContain(`href="/loginPatient/phone?next=${encodeURIComponent(next)}"`);
    const asked = await post(`/loginPatient/phone?next=${encodeURIComponent(next)}`, { phone: mobile }, "en");
    expect(asked.headers.get("location")).toBe(`/loginPatient/phone/code?next=${encodeURIComponent(next)}`);
    const right = await post(`/loginPatient/phone/code?next=${encodeURIComponent(next)}`, { code: await codeFor(`+91${mobile}`) }, "en", cookiesOf(asked));
    expect(right.headers.get("location")).toBe(next);

    await h.elsewhere("UPDATE patients SET two_factor_at = ? WHERE email = ?", [Date.now(), p.email]);
    clock.forward(61_000);
    const again = await post("/loginPatient/phone", { phone: mobile }, "en");
    const challenged = await post("/loginPatient/phone/code", { code: await codeFor(`+91${mobile}`) }, "en", cookiesOf(again));
    expect([challenged.status, challenged.headers.get("location")]).toEqual([303, "/loginPatient/code"]);
    expect(cookiesOf(challenged)).toContain("carebook_challenge=");
    expect(cookiesOf(challenged)).not.toContain("carebook_session=");
  });
});
