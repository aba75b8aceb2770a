/**
 * Issue 44 item 7 through the API: a JSON signup with `consent: true` records the notice in force
 * and the time; without it (the original client) it is recorded as not given, the signup's answer
 * unchanged; GET /consent says whether the person is asked; POST /consent accepts (a stale
 * version is refused); a new notice in force (Deps.consentVersion, as a changed CONSENT_VERSION
 * would be) asks everyone again.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CONSENT_VERSION } from "../../domain/consent";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const consentOf = async (token: string) => (await h.call("GET", "/api/auth/consent", { token })).body;
const stored = async (table: "patients" | "doctors", email: string) =>
  (await h.elsewhere(`select consent_version, consent_at from ${table} where email = ?`, [email])).rows[0]!;

describe("consent at a JSON signup", () => {
  test("consent: true records the notice in force and when", async () => {
    const email = uniqueEmail("consenting");
    const before = Date.now();
    const res = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Cara Consent", email, password: PASSWORD, consent: true } });
    expect(res.status).toBe(201);
    const row = await stored("patients", email);
    expect(row.consent_version).toBe(CONSENT_VERSION);
    expect(Number(row.consent_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row.consent_at)).toBeLessThanOrEqual(Date.now());
    const state = await consentOf(res.body.token);
    expect(state).toEqual({ version: CONSENT_VERSION, accepted: { version: CONSENT_VERSION, at: new Date(Number(row.consent_at)).toISOString() }, due: false, withdrawnAt: null });
  });

  test("a doctor's signup with consent: true records it too", async () => {
    const email = uniqueEmail("doc-consent");
    const res = await h.call("POST", "/api/auth/signupDoctor", {
      json: { name: "Dev Doctor", email, password: PASSWORD, specialization: "Dermatologist", collegeName: "AIIMS", consent: true },
    });
    expect(res.status).toBe(201);
    expect((await stored("doctors", email)).consent_version).toBe(CONSENT_VERSION);
    // a pending doctor may read its state
    expect((await consentOf(res.body.token)).due).toBe(false);
  });

  test("the original client sends none: the answer is as before, consent is recorded as not given and asked", async () => {
    const email = uniqueEmail("original");
    const res = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Old Client", email, password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["name", "role", "token"]);
    expect(await stored("patients", email)).toMatchObject({ consent_version: null, consent_at: null });
    expect(await consentOf(res.body.token)).toEqual({ version: CONSENT_VERSION, accepted: null, due: true, withdrawnAt: null });
    // consent: false is the same: not given
    const no = uniqueEmail("declined");
    expect((await h.call("POST", "/api/auth/signupPatient", { json: { name: "No Thanks", email: no, password: PASSWORD, consent: false } })).status).toBe(201);
    expect((await stored("patients", no)).consent_version).toBeNull();
  });

  test("SPEC §8's signup messages are unchanged, and a consent that is not a boolean is a clear 400", async () => {
    const taken = uniqueEmail("taken");
    await h.call("POST", "/api/auth/signupPatient", { json: { name: "First", email: taken, password: PASSWORD } });
    const again = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Second", email: taken, password: PASSWORD } });
    expect([again.status, again.body]).toEqual([409, { message: "An account with this email already exists" }]);
    const odd = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Odd", email: uniqueEmail("odd"), password: PASSWORD, consent: "yes" } });
    expect([odd.status, odd.body]).toEqual([400, { message: "consent must be true or false" }]);
  });
});

describe("accepting later: POST /api/auth/consent", () => {
  test("records the notice in force; a stale version is 409; the admin is never asked", async () => {
    const p = await h.signupPatient("Later Lata");
    expect((await consentOf(p.token)).due).toBe(true);
    const stale = await h.call("POST", "/api/auth/consent", { token: p.token, json: { consent: true, version: "2001-01-01" } });
    expect(stale.status).toBe(409);
    expect((await consentOf(p.token)).due).toBe(true);
    const bad = await h.call("POST", "/api/auth/consent", { token: p.token, json: { consent: false } });
    expect([bad.status, bad.body]).toEqual([400, { message: "consent must be true" }]);
    const ok = await h.call("POST", "/api/auth/consent", { token: p.token, json: { consent: true, version: CONSENT_VERSION } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: "Thank you. Your consent is recorded.", version: CONSENT_VERSION });
    expect(await consentOf(p.token)).toEqual({ version: CONSENT_VERSION, accepted: { version: CONSENT_VERSION, at: ok.body.at }, due: false, withdrawnAt: null });

    const admin = await h.admin();
    expect((await consentOf(admin)).due).toBe(false);
    expect((await h.call("POST", "/api/auth/consent", { token: admin, json: { consent: true } })).status).toBe(403);
    expect((await h.call("POST", "/api/auth/consent", { json: { consent: true } })).status).toBe(401);
  });

  test("a new notice in force asks again everyone who accepted an older one, until they accept it", async () => {
    const d = await h.signupDoctor({ name: "Dr Versioned" });
    expect((await h.call("POST", "/api/auth/consent", { token: d.token, json: { consent: true } })).status).toBe(200);
    expect((await consentOf(d.token)).due).toBe(false);
    h.deps.consentVersion = "2027-05-13";
    try {
      expect(await consentOf(d.token)).toMatchObject({ version: "2027-05-13", accepted: { version: CONSENT_VERSION }, due: true });
      // the version the client read must be the new one
      expect((await h.call("POST", "/api/auth/consent", { token: d.token, json: { consent: true, version: CONSENT_VERSION } })).status).toBe(409);
      expect((await h.call("POST", "/api/auth/consent", { token: d.token, json: { consent: true, version: "2027-05-13" } })).status).toBe(200);
      expect(await consentOf(d.token)).toMatchObject({ accepted: { version: "2027-05-13" }, due: false });
    } finally {
      h.deps.consentVersion = undefined;
    }
  });
});
