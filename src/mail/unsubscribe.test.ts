/**
 * Issue 44, finding 6: unsubscribe links carried the account's id in the clear
 * (/unsubscribe/patient.notices.<id>.<signature>) and worked for ever. Now the link carries no
 * id or address, still works without a login, and stops working once its account is erased; a
 * link of the old shape answers a clear page, not a 500.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { PASSWORD, startHarness, type Harness, type Patient } from "../../tests/support/harness";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe";

const DAY = 24 * 3_600_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true" });
});
afterAll(() => h.stop());

const form = { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } };

/** The unsubscribe path of the newest notice mailed to `patient` (the doctor set a time). */
async function noticeLink(patient: Patient): Promise<string> {
  const doctor = await h.signupDoctor({ name: "Dr Notice" });
  const id = await h.book(patient.token, doctor.id, "Rash on the arm");
  expect((await h.schedule(doctor.token, id, patient.id, new Date(Date.now() + 2 * DAY))).status).toBe(200);
  const row = (await h.elsewhere("select unsubscribe_url from mail_outbox where recipient_id = ? and unsubscribe_url is not null", [patient.id])).rows[0]!;
  return new URL(String(row.unsubscribe_url)).pathname;
}

describe("an unsubscribe link", () => {
  test("carries no account id or address, and works without a login", async () => {
    const patient = await h.signupPatient("Uma Unsub");
    const path = await noticeLink(patient);
    expect(path).toMatch(/^\/unsubscribe\/[A-Za-z0-9_-]{40,200}$/);
    expect(path).not.toContain(patient.id);
    expect(path).not.toContain("patient");
    expect(path).not.toContain(encodeURIComponent(patient.email));
    expect((await h.app.request(path)).status).toBe(200);
    const done = await h.app.request(path, form);
    expect(await done.text()).toContain("You are unsubscribed");
    expect((await h.call("GET", "/api/auth/mail-preferences", { token: patient.token })).body.preferences).toEqual({ reminders: true, notices: false, sms: true, whatsapp: false });
  });

  test("stops working once its account is erased: a clear page, nothing written", async () => {
    const patient = await h.signupPatient("Erin Erased");
    const path = await noticeLink(patient);
    expect((await h.call("POST", "/api/auth/account/delete", { token: patient.token, json: { password: PASSWORD } })).status).toBe(200);
    for (const res of [await h.app.request(path), await h.app.request(path, form)]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("This unsubscribe link no longer works");
    }
    expect((await h.elsewhere("select count(*) as n from mail_preferences where account_id = ?", [patient.id])).rows[0]!.n).toBe(0);
  });

  test("a link of the old shape (its id in the clear) answers the same clear page, not a 500", async () => {
    const patient = await h.signupPatient("Olga Old");
    const payload = `patient.notices.${patient.id}`;
    const sig = createHmac("sha256", h.deps.keys.secret).update(`carebook-unsubscribe\u0000${payload}`).digest("base64url").slice(0, 32);
    for (const res of [await h.app.request(`/unsubscribe/${payload}.${sig}`), await h.app.request(`/unsubscribe/${payload}.${sig}`, form)]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("This unsubscribe link no longer works");
    }
  });

  test("a forged or altered token is not ours; each mail's token differs, and each reads back", () => {
    const secret = h.deps.keys.secret;
    const u = { role: "doctor" as const, accountId: "3f2c9a4e-8b1d-4c55-9a0e-2b7f1c6d8e90", kind: "reminders" as const };
    const [a, b] = [unsubscribeToken(secret, u), unsubscribeToken(secret, u)];
    expect(a).not.toBe(b);
    expect(readUnsubscribeToken(secret, a)).toEqual(u);
    expect(readUnsubscribeToken(secret, a.slice(0, -2) + (a.endsWith("AA") ? "BB" : "AA"))).toBeUndefined();
    expect(readUnsubscribeToken(new TextEncoder().encode("another-secret-of-at-least-32-bytes!!"), a)).toBeUndefined();
  });
});
