/**
 * Abuse limits (SERVER-RULES §3, docs/decisions.md): LOGIN_FAILURE_LIMIT failed logins per email
 * in 15 minutes, ten times that per client address, SIGNUP_LIMIT signups per address an hour;
 * refusals are 429 with Retry-After. Invalid input (400) is not a failed login.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, uniqueEmail, type Answer, type Harness } from "../../../tests/support/harness";

const LIMIT = 3;
const SIGNUPS = 3;

let h: Harness;
let addressCounter = 0;
/** A fresh client address, so only the limit under test can trip. */
const freshAddress = () => `192.0.2.${++addressCounter}`;

beforeAll(async () => {
  h = await startHarness({ LOGIN_FAILURE_LIMIT: String(LIMIT), SIGNUP_LIMIT: String(SIGNUPS), TRUST_PROXY: "true" });
});
afterAll(() => h.stop());

const login = (email: string, password: string, address = freshAddress(), path = "/api/auth/loginPatient") =>
  h.call("POST", path, { json: { email, password }, headers: { "x-forwarded-for": address } });

const signup = (address: string) =>
  h.call("POST", "/api/auth/signupPatient", {
    json: { name: "Signer", email: uniqueEmail("signup"), password: PASSWORD },
    headers: { "x-forwarded-for": address },
  });

function expect429(res: Answer, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: expect.any(String) });
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
}

/** A patient signed up from its own address (so fixtures do not use up a signup limit). */
async function account() {
  const email = uniqueEmail("victim");
  const res = await h.call("POST", "/api/auth/signupPatient", {
    json: { name: "Victim", email, password: PASSWORD },
    headers: { "x-forwarded-for": freshAddress() },
  });
  expect(res.status).toBe(201);
  return email;
}

describe("per email", () => {
  test(`after ${LIMIT} failures the email gets 429 with Retry-After, even with the right password and from any address`, async () => {
    const email = await account();
    for (let i = 0; i < LIMIT; i++) expect((await login(email, "wrong-password")).status).toBe(401);
    expect429(await login(email, PASSWORD), 15 * 60);
    expect429(await login(email.toUpperCase(), "wrong-password"), 15 * 60);
    // Any role's login for that email is refused too.
    expect429(await login(email, PASSWORD, freshAddress(), "/api/auth/loginDoctor"), 15 * 60);
    // Another email from the same address is not affected.
    const other = await account();
    expect((await login(other, PASSWORD)).status).toBe(200);
  });

  test("failures for an email that has no account count the same way", async () => {
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < LIMIT; i++) expect((await login(ghost, "whatever-pass")).status).toBe(401);
    expect429(await login(ghost, "whatever-pass"), 15 * 60);
  });

  test("a 400 (invalid input) is not counted as a failure", async () => {
    const email = await account();
    const invalid = [{ email, password: "" }, { email, password: "p".repeat(129) }, { email }, { email, password: 12345678 }];
    for (let i = 0; i < 3; i++) {
      for (const json of invalid) {
        const res = await h.call("POST", "/api/auth/loginPatient", { json, headers: { "x-forwarded-for": freshAddress() } });
        expect(res.status).toBe(400);
      }
    }
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(email, "wrong-password")).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  test("a successful login forgets that email's failures", async () => {
    const email = await account();
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(email, "wrong-password")).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await login(email, "wrong-password")).status).toBe(401);
    expect429(await login(email, PASSWORD), 15 * 60);
  });
});

describe("per address (TRUST_PROXY: the first X-Forwarded-For entry)", () => {
  test(`after ${LIMIT * 10} failures from one address, any email from it gets 429; other addresses do not`, async () => {
    const address = "203.0.113.7";
    // One failure per email, so only the address limit can trip.
    const results = await Promise.all(Array.from({ length: LIMIT * 10 }, () => login(uniqueEmail("spray"), "wrong-password", address)));
    expect(results.map((r) => r.status)).toEqual(Array(LIMIT * 10).fill(401));

    const victim = await account();
    expect429(await login(victim, PASSWORD, address), 15 * 60);
    expect429(await login(uniqueEmail("spray"), "wrong-password", `${address}, 10.0.0.1`), 15 * 60);
    expect((await login(victim, PASSWORD, "203.0.113.8")).status).toBe(200);
    expect((await login(uniqueEmail("spray"), "wrong-password", `10.0.0.1, ${address}`)).status).toBe(401);
  });
});

describe("signups per address", () => {
  test(`after ${SIGNUPS} signups from one address the next is 429 with Retry-After; another address may sign up`, async () => {
    const address = "198.51.100.1";
    for (let i = 0; i < SIGNUPS; i++) expect((await signup(address)).status).toBe(201);
    expect429(await signup(address), 60 * 60);
    const doctor = await h.call("POST", "/api/auth/signupDoctor", {
      json: { name: "Dr Late", email: uniqueEmail("d"), password: PASSWORD, specialization: "Urologist", collegeName: "U" },
      headers: { "x-forwarded-for": address },
    });
    expect429(doctor, 60 * 60);
    expect((await signup("198.51.100.2")).status).toBe(201);
  });
});

describe("without TRUST_PROXY, X-Forwarded-For is ignored", () => {
  let direct: Harness;
  beforeAll(async () => {
    direct = await startHarness({ LOGIN_FAILURE_LIMIT: "1", SIGNUP_LIMIT: "2" });
  });
  afterAll(() => direct.stop());

  test("a client cannot dodge the address limits by sending its own X-Forwarded-For", async () => {
    const spoofed = (i: number) => ({ "x-forwarded-for": `10.9.8.${i}` });
    const signups = [];
    for (let i = 0; i < 3; i++) {
      signups.push(
        await direct.call("POST", "/api/auth/signupPatient", { json: { name: "S", email: uniqueEmail("s"), password: PASSWORD }, headers: spoofed(i) }),
      );
    }
    expect(signups.map((r) => r.status)).toEqual([201, 201, 429]);

    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        direct.call("POST", "/api/auth/loginPatient", { json: { email: uniqueEmail("f"), password: "wrong-password" }, headers: spoofed(i) }),
      ),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));
    const next = await direct.call("POST", "/api/auth/loginPatient", { json: { email: uniqueEmail("f"), password: "x" }, headers: spoofed(99) });
    expect(next.status).toBe(429);
  });
});

describe("parallel bursts cannot slip past the limits", () => {
  test(`20 parallel wrong passwords for one email: at most ${LIMIT} are checked (401), the rest 429`, async () => {
    const email = await account();
    const results = await Promise.all(Array.from({ length: 20 }, () => login(email, "wrong-password")));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMIT);
    expect429(await login(email, PASSWORD), 15 * 60);
  });

  test(`20 parallel signups from one address: exactly ${SIGNUPS} succeed, the rest 429`, async () => {
    const address = "198.51.100.50";
    const results = await Promise.all(Array.from({ length: 20 }, () => signup(address)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SIGNUPS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - SIGNUPS);
  });
});
