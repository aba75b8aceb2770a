/**
 * Issue 44, finding 4: anyone could block someone's password recovery. Found by asking for the
 * reset of someone else's email from a few addresses: LOGIN_FAILURE_LIMIT requests from anywhere
 * locked that email's recovery for 15 minutes (the owner got 429), and each request voided the
 * link the owner had been sent. Now the count is per account and address (429 for that address
 * only), past the account's cap across addresses the answer is the same 202 and nothing is sent,
 * and a new request voids nothing: up to three live links, each good until it expires or one of
 * them is used, which voids the rest.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import { RESET_INVALID, RESET_SENT, resetRequestsSettled, resetRequestsSettledNow } from "../../actions/passwords";
import { MAX_LIVE_RESETS } from "../../db/queries/password-resets";

const LIMIT = 3;
const NEW_PASSWORD = "a-new-horse-2";
let h: Harness;

beforeAll(async () => {
  // Mail is written, never sent: the links are read from the outbox. TRUST_PROXY: each request names its address.
  h = await startHarness({ MAIL_PREVIEW: "true", TRUST_PROXY: "1", LOGIN_FAILURE_LIMIT: String(LIMIT) });
});
afterAll(async () => {
  await resetRequestsSettled();
  await h.stop();
});

const forgot = (email: string, address: string) =>
  h.call("POST", "/api/auth/forgotPassword", { json: { role: "patient", email }, headers: { "x-forwarded-for": address } });
/**
 * The reset links mailed to `email` so far, oldest first (once every request has done its work,
 * begun at once rather than at the end of its 20-60 ms delay: no timing is measured here).
 */
async function linksOf(email: string): Promise<string[]> {
  await resetRequestsSettledNow();
  const rows = await h.elsewhere("SELECT text FROM mail_outbox WHERE template = 'passwordReset' AND to_address = ? ORDER BY created_at", [email]);
  return rows.rows.map((row) => /\/resetPassword\/([A-Za-z0-9_-]{43})/.exec(String(row.text))![1]!);
}
const reset = (token: string) => h.call("POST", "/api/auth/resetPassword", { json: { token, password: NEW_PASSWORD } });
const linkIsLive = async (token: string) => !(await (await h.app.request(`/resetPassword/${token}`)).text()).includes(RESET_INVALID);

describe("the recovery lock, from several addresses", () => {
  test("the limit refuses the address that reached it, never the owner's; the links already sent still work", async () => {
    const owner = await h.signupPatient("Olga Owner");
    for (const address of ["203.0.113.1", "203.0.113.2"]) {
      for (let i = 0; i < LIMIT; i++) expect((await forgot(owner.email, address)).status).toBe(202);
      const refused = await forgot(owner.email, address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).not.toBeNull();
    }
    // Before: 429 here, for 15 minutes. Now the owner's address is answered as always.
    const own = await forgot(owner.email, "198.51.100.7");
    expect(own.status).toBe(202);
    expect(own.body).toEqual({ message: RESET_SENT });
    // The first three requests each sent a link to the owner; none voided another; the rest sent nothing.
    const links = await linksOf(owner.email);
    expect(links).toHaveLength(MAX_LIVE_RESETS);
    for (const token of links) expect(await linkIsLive(token)).toBe(true);
    expect((await reset(links[0]!)).status).toBe(200);
  });

  test("past the account's cap across addresses: the same 202, and nothing is sent", async () => {
    const owner = await h.signupPatient("Carl Capped");
    const nobody = uniqueEmail("nobody");
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < LIMIT; i++) {
        expect((await forgot(owner.email, `192.0.2.${a}`)).status).toBe(202);
        expect((await forgot(nobody, `192.0.2.${a + 100}`)).status).toBe(202);
      }
    }
    // Say the three links sent expired: the account may have new ones, but the cap holds.
    expect(await linksOf(owner.email)).toHaveLength(MAX_LIVE_RESETS);
    await h.elsewhere("UPDATE password_resets SET expires_at = 0 WHERE account_id = ?", [owner.id]);
    const own = await forgot(owner.email, "198.51.100.8");
    const unknown = await forgot(nobody, "198.51.100.8");
    expect([own.status, own.body]).toEqual([202, { message: RESET_SENT }]);
    expect([unknown.status, unknown.body]).toEqual([202, { message: RESET_SENT }]);
    expect(await linksOf(owner.email)).toHaveLength(MAX_LIVE_RESETS);
  });
});

describe("live links", () => {
  test("three links all work; a fourth request sends nothing; using one voids the others", async () => {
    const pat = await h.signupPatient("Lina Links");
    for (let i = 0; i < MAX_LIVE_RESETS + 1; i++) expect((await forgot(pat.email, "198.51.100.20")).status).toBe(i < LIMIT ? 202 : 429);
    const links = await linksOf(pat.email);
    expect(links).toHaveLength(MAX_LIVE_RESETS);
    expect(new Set(links).size).toBe(MAX_LIVE_RESETS);
    // A fourth request from elsewhere: answered the same, no fourth link.
    expect((await forgot(pat.email, "198.51.100.21")).status).toBe(202);
    expect(await linksOf(pat.email)).toHaveLength(MAX_LIVE_RESETS);
    for (const token of links) expect(await linkIsLive(token)).toBe(true);

    expect((await reset(links[1]!)).status).toBe(200);
    for (const token of [links[0]!, links[2]!]) {
      const late = await reset(token);
      expect([late.status, late.body]).toEqual([400, { message: RESET_INVALID }]);
    }
  });
});
