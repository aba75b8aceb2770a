/**
 * Issue 44, item 9, through the pages without script: the profile links to "Delete my account",
 * which says what goes and what stays, asks for the password and a tick box (in English and
 * Hindi), refuses beside the form, and once done signs the browser out and lands on the home page
 * with a notice (303). The doctor's meetings page then names a "Former patient" in either language.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Doctor, type Harness, type Patient } from "../../../tests/support/harness";

const PROFILE = "/patient-dashboard/patient-profile";
const DELETE = `${PROFILE}/delete`;
const DAY = 24 * 3_600_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;
const page = async (token: string, path: string, lang = "en") => {
  const res = await h.app.request(path, { headers: { cookie: cookie(token, lang) } });
  return { status: res.status, html: await res.text() };
};
/** A plain form post, as a browser without script sends it; a refusal answers the page again (400). */
const post = (token: string, fields: Record<string, string>, lang = "en") =>
  h.app.request(DELETE, {
    method: "POST",
    headers: { cookie: cookie(token, lang), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const nameOf = async (p: Patient) => (await h.elsewhere("select name from patients where id = ?", [p.id])).rows[0]!.name;

describe("the two-step erasure page", () => {
  let doctor: Doctor;
  let patient: Patient;
  let past: string;

  beforeAll(async () => {
    [doctor, patient] = await Promise.all([h.signupDoctor({ name: "Dr Page" }), h.signupPatient("Ravi Remove")]);
    past = await h.book(patient.token, doctor.id, "Knee pain after running");
    expect((await h.schedule(doctor.token, past, patient.id, new Date(Date.now() + 2 * DAY))).status).toBe(200);
    await h.elsewhere("update appointments set scheduled_at = ?, ends_at = ? where id = ?", [Date.now() - 2 * DAY, Date.now() - 2 * DAY + 30 * 60_000, past]);
  });

  test("the profile links to it; it says what goes and what stays, and asks for the password and a tick box", async () => {
    expect((await page(patient.token, PROFILE)).html).toContain(`<a href="${DELETE}">Delete my account</a>`);
    const { status, html } = await page(patient.token, DELETE);
    expect(status).toBe(200);
    expect(html).toContain("What goes");
    expect(html).toContain("What stays");
    expect(html).toContain("with the reason given for each");
    expect(html).toContain(`<form method="post" action="${DELETE}"`);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<input type="checkbox" name="confirm" value="on" required/);
    expect(html).not.toContain("<script src");
  });

  test("in Hindi, with no Latin word of ours but the brand", async () => {
    const { html } = await page(patient.token, DELETE, "hi");
    expect(html).toContain("मेरा खाता हटाएँ");
    expect(html).toContain("क्या रहता है");
    expect(html).toContain("पूर्व मरीज़");
    const from = html.indexOf('aria-labelledby="delete-title">') + 'aria-labelledby="delete-title">'.length;
    const main = html.slice(from, html.indexOf("</section>", from));
    expect(main.replace(/<[^>]+>/g, " ").replace(/Carebook/g, "")).not.toMatch(/[A-Za-z]{3,}/);
  });

  test("refusals show beside the form and change nothing: no tick (in Hindi), a wrong password", async () => {
    const unticked = await post(patient.token, { password: PASSWORD }, "hi");
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("अपना खाता मिटाने की पुष्टि के लिए बॉक्स पर निशान लगाएँ");
    const wrong = await post(patient.token, { password: "not-it-at-all", confirm: "on" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct");
    expect(await nameOf(patient)).toBe("Ravi Remove");
  });

  test("done: 303 to the home page, signed out, with a notice; the old cookie opens nothing", async () => {
    const res = await post(patient.token, { password: PASSWORD, confirm: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/#notice");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^carebook_session=;/.test(c) || /^carebook_session=.*Max-Age=0/.test(c))).toBe(true);
    const notice = cookies.find((c) => c.startsWith("notice="))!.split(";")[0]!;
    const home = await h.app.request("/", { headers: { cookie: notice } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Your account is erased.");
    expect(await nameOf(patient)).toBe("");
    const after = await h.app.request(PROFILE, { headers: { cookie: cookie(patient.token) } });
    expect(after.headers.get("location")).toStartWith("/loginPatient");
  });

  test("the doctor's meetings page names a Former patient, in English and Hindi, with the visit's reason", async () => {
    for (const [lang, words] of [["en", "Former patient"], ["hi", "पूर्व मरीज़"]] as const) {
      const { html } = await page(doctor.token, "/doctor-dashboard/doctor-Meetings", lang);
      expect(html).toContain(words);
      expect(html).toContain("Knee pain after running");
      expect(html).not.toContain("Ravi Remove");
      expect(html).not.toContain("erased.invalid");
    }
  });
});
