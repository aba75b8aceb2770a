/**
 * Abuse limits (SERVER-RULES §3, docs/decisions.md "Login and signup throttles"), over real HTTP
 * through a real appending reverse proxy (TRUST_PROXY=1), each client from its own loopback
 * address: failures per role + email + address (LOGIN_FAILURE_LIMIT) and per role + email across
 * addresses (ten times that); a success forgets only that role's, email's and client's failures;
 * trusted devices (device cookie) are never locked out by others; SIGNUP_LIMIT signups per
 * address an hour, 409s included; X-Forwarded-For entries the client wrote are never believed.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { ensureAdmin } from "../../auth/admins";
import { PASSWORD, uniqueEmail } from "../../../tests/support/harness";
import { cookiesNamed, startServed, type Sent, type Served } from "../../../tests/support/served";

const LIMIT = 3;
const SIGNUPS = 3;
const WINDOW = 15 * 60;

// Dozens of real argon2 logins in a row, on a shared and loaded machine.
setDefaultTimeout(60_000);

let s: Served;
let addressCounter = 0;
/** A fresh loopback address: a genuinely different client as the proxy sees it. */
const freshAddress = () => `127.0.${Math.floor(++addressCounter / 250) + 1}.${(addressCounter % 250) + 1}`;

beforeAll(async () => {
  s = await startServed({ LOGIN_FAILURE_LIMIT: String(LIMIT), SIGNUP_LIMIT: String(SIGNUPS), TRUST_PROXY: "true" });
});
afterAll(() => s.stop());

type LoginOptions = { from?: string; role?: "Patient" | "Doctor" | "Admin"; cookies?: string[]; forged?: string };
const login = (email: string, password: string, o: LoginOptions = {}) =>
  s.viaProxy("POST", `/api/auth/login${o.role ?? "Patient"}`, {
    json: { email, password },
    from: o.from ?? freshAddress(),
    headers: { ...(o.cookies ? { cookie: o.cookies.join("; ") } : {}), ...(o.forged ? { "x-forwarded-for": o.forged } : {}) },
  });

const signup = (email: string, from: string, forged?: string) =>
  s.viaProxy("POST", "/api/auth/signupPatient", {
    json: { name: "Signer", email, password: PASSWORD },
    from,
    headers: forged ? { "x-forwarded-for": forged } : {},
  });

function expect429(res: Sent, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: expect.any(String) });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

/** A patient signed up from its own address (so fixtures do not use up a signup limit). */
async function account(email = uniqueEmail("victim")) {
  expect((await signup(email, freshAddress())).status).toBe(201);
  return email;
}

describe("failures are counted per role, email and client", () => {
  test(`${LIMIT} failures from one address: that address gets 429, even with the right password; another address does not`, async () => {
    const email = await account();
    const attacker = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await login(email, "wrong-password", { from: attacker })).status).toBe(401);
    expect429(await login(email, PASSWORD, { from: attacker }), WINDOW);
    expect429(await login(email.toUpperCase(), "wrong-password", { from: attacker }), WINDOW);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  test("a success in another role forgets nothing: every ninth guess as the patient twin does not reset the admin's count", async () => {
    const adminEmail = uniqueEmail("admin");
    await ensureAdmin(s.deps.database, { email: adminEmail, password: "the-real-admin-pass", name: "Ada" });
    const attacker = freshAddress();
    expect((await signup(adminEmail, attacker)).status).toBe(201); // the patient twin, created by the attacker
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(adminEmail, "guess", { from: attacker, role: "Admin" })).status).toBe(401);
    expect((await login(adminEmail, PASSWORD, { from: attacker })).status).toBe(200); // the twin's login
    expect((await login(adminEmail, "guess", { from: attacker, role: "Admin" })).status).toBe(401);
    expect429(await login(adminEmail, "guess", { from: attacker, role: "Admin" }), WINDOW);
    // ... and creating another twin (a doctor) resets nothing either.
    const doctor = await s.viaProxy("POST", "/api/auth/signupDoctor", {
      json: { name: "Twin", email: adminEmail, password: PASSWORD, specialization: "Urologist", collegeName: "U" },
      from: freshAddress(),
    });
    expect(doctor.status).toBe(201);
    expect429(await login(adminEmail, "guess", { from: attacker, role: "Admin" }), WINDOW);
    // The patient twin's own count is its own: the admin's failures do not lock it.
    expect((await login(adminEmail, PASSWORD, { from: attacker })).status).toBe(200);
  });

  test("a success forgets that client's failures for that account, and only those", async () => {
    const email = await account();
    const client = freshAddress();
    const other = freshAddress();
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await login(email, "wrong-password", { from: client })).status).toBe(401);
      expect((await login(email, "wrong-password", { from: other })).status).toBe(401);
    }
    expect((await login(email, PASSWORD, { from: client })).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await login(email, "wrong-password", { from: client })).status).toBe(401);
    expect429(await login(email, PASSWORD, { from: client }), WINDOW);
    // The other address's failures were not forgotten: one more and it is out.
    expect((await login(email, "wrong-password", { from: other })).status).toBe(401);
    expect429(await login(email, PASSWORD, { from: other }), WINDOW);
  });

  test("failures for an email that has no account count the same way", async () => {
    const ghost = uniqueEmail("ghost");
    const from = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await login(ghost, "whatever-pass", { from })).status).toBe(401);
    expect429(await login(ghost, "whatever-pass", { from }), WINDOW);
  });

  test("a 400 (invalid input) is not counted as a failure", async () => {
    const email = await account();
    const from = freshAddress();
    const invalid = [{ email, password: "" }, { email, password: "p".repeat(129) }, { email }, { email, password: 12345678 }];
    for (let i = 0; i < 3; i++) {
      for (const json of invalid) expect((await s.viaProxy("POST", "/api/auth/loginPatient", { json, from })).status).toBe(400);
    }
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(email, "wrong-password", { from })).status).toBe(401);
    expect((await login(email, PASSWORD, { from })).status).toBe(200);
  });
});

describe("across addresses, and the owner's trusted device", () => {
  test(`${LIMIT * 10} failures from many addresses lock the account for untrusted clients, never for the owner's browser`, async () => {
    const email = await account();
    const owner = freshAddress();
    const first = await login(email, PASSWORD, { from: owner });
    expect(first.status).toBe(200);
    const device = cookiesNamed(first.cookies, "cb_device_");
    expect(device).toHaveLength(1);

    // The attack: LIMIT - 1 guesses from each of many addresses (no address reaches its own limit).
    let sent = 0;
    while (sent < LIMIT * 10) {
      const from = freshAddress();
      for (let i = 0; i < LIMIT - 1 && sent < LIMIT * 10; i++, sent++) expect((await login(email, "guess", { from })).status).toBe(401);
    }
    expect429(await login(email, PASSWORD), WINDOW); // a new browser, anywhere
    expect429(await login(email, PASSWORD, { from: owner }), WINDOW); // the owner's address without the cookie

    // The owner's browser, from home or from elsewhere, still gets in with the right password;
    // each login rotates its cookie (issue 23): the browser keeps the new one, the old one is retired.
    const home = await login(email, PASSWORD, { from: owner, cookies: device });
    expect(home.status).toBe(200);
    const rotated = cookiesNamed(home.cookies, "cb_device_");
    expect(rotated).toHaveLength(1);
    expect(rotated[0]).not.toBe(device[0]);
    expect((await login(email, PASSWORD, { cookies: rotated })).status).toBe(200);
    expect429(await login(email, PASSWORD, { cookies: device }), WINDOW); // the retired cookie
    // A forged or tampered device cookie is no device cookie.
    const [name, value] = device[0]!.split("=") as [string, string];
    const tampered = `${name}=${value.replace(/^./, (ch) => (ch === "A" ? "B" : "A"))}`;
    expect429(await login(email, PASSWORD, { cookies: [tampered] }), WINDOW);
    // Another account's device cookie does not help with this one.
    const otherEmail = await account();
    const otherDevice = cookiesNamed((await login(otherEmail, PASSWORD)).cookies, "cb_device_");
    expect429(await login(email, PASSWORD, { cookies: otherDevice }), WINDOW);
  });

  test(`a trusted device answers for its own failures: ${LIMIT} wrong passwords lock that device`, async () => {
    const email = await account();
    const device = cookiesNamed((await login(email, PASSWORD)).cookies, "cb_device_");
    const from = freshAddress();
    for (let i = 0; i < LIMIT; i++) expect((await login(email, "wrong-password", { from, cookies: device })).status).toBe(401);
    expect429(await login(email, PASSWORD, { from, cookies: device }), WINDOW);
    // Its failures are the device's: the same address without the cookie is not locked.
    expect((await login(email, PASSWORD, { from })).status).toBe(200);
  });

  test("the page form's login sets the same device cookie and honours it", async () => {
    const email = await account();
    const form = (from: string, cookies: string[] = [], password = PASSWORD) =>
      s.viaProxy("POST", "/loginPatient", {
        form: { email, password },
        from,
        headers: { "sec-fetch-site": "same-origin", ...(cookies.length ? { cookie: cookies.join("; ") } : {}) },
      });
    const first = await form(freshAddress());
    expect(first.status).toBe(303);
    const device = cookiesNamed(first.cookies, "cb_device_");
    expect(device).toHaveLength(1);
    for (let i = 0; i < LIMIT * 10; i++) expect((await login(email, "guess", { from: freshAddress() })).status).toBe(401);
    expect((await form(freshAddress())).status).toBe(429);
    const again = await form(freshAddress(), device);
    expect(again.status).toBe(303);
    // ... and the API honours the form's (rotated) cookie.
    expect((await login(email, PASSWORD, { cookies: cookiesNamed(again.cookies, "cb_device_") })).status).toBe(200);
  });

  test("logout revokes the account's device cookies: the owner's browser is trusted no more (issue 23)", async () => {
    const email = await account();
    const first = await login(email, PASSWORD);
    const device = cookiesNamed(first.cookies, "cb_device_");
    for (let i = 0; i < LIMIT * 10; i++) expect((await login(email, "guess", { from: freshAddress() })).status).toBe(401);
    // Trusted before the logout: it gets in (and gets a rotated cookie) ...
    const inside = await login(email, PASSWORD, { cookies: device });
    expect(inside.status).toBe(200);
    const current = cookiesNamed(inside.cookies, "cb_device_");
    const out = await s.viaProxy("POST", "/api/auth/logout", { json: {}, headers: { authorization: `Bearer ${inside.body.token}` } });
    expect(out.status).toBe(200);
    // ... and after it, that cookie is no device cookie: the account's lock applies to it too.
    expect429(await login(email, PASSWORD, { cookies: current }), WINDOW);
  });

  test(`one address spraying many accounts: after ${LIMIT * 10} failures, 429 for any account from it`, async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT * 10; i++) expect((await login(uniqueEmail("spray"), "wrong-password", { from: address })).status).toBe(401);
    const victim = await account();
    expect429(await login(victim, PASSWORD, { from: address }), WINDOW);
    expect((await login(victim, PASSWORD)).status).toBe(200);
  });
});

describe("signups per address", () => {
  test(`after ${SIGNUPS} signups from one address the next is 429; another address may sign up`, async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGNUPS; i++) expect((await signup(uniqueEmail("s"), address)).status).toBe(201);
    expect429(await signup(uniqueEmail("s"), address), 60 * 60);
    expect((await signup(uniqueEmail("s"), freshAddress())).status).toBe(201);
  });

  test("a 409 (email taken) counts like any signup: emails cannot be probed without limit", async () => {
    const taken = await account();
    const prober = freshAddress();
    for (let i = 0; i < SIGNUPS; i++) expect((await signup(taken, prober)).status).toBe(409);
    expect429(await signup(taken, prober), 60 * 60);
    expect429(await signup(uniqueEmail("s"), prober), 60 * 60);
  });
});

describe("the appending proxy: X-Forwarded-For entries the client writes are never believed", () => {
  test("rotating a forged X-Forwarded-For gives no new signups and no new guesses", async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUPS + 2; i++) statuses.push((await signup(uniqueEmail("f"), from, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([...Array(SIGNUPS).fill(201), 429, 429]);

    const email = await account();
    const attacker = freshAddress();
    const guesses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) guesses.push((await login(email, "guess", { from: attacker, forged: `203.0.113.${i}` })).status);
    expect(guesses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
  });

  test("without TRUST_PROXY, a client's own X-Forwarded-For is ignored (straight to the app)", async () => {
    const direct = await startServed({ SIGNUP_LIMIT: "2" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await direct.direct("POST", "/api/auth/signupPatient", {
          json: { name: "S", email: uniqueEmail("d"), password: PASSWORD },
          headers: { "x-forwarded-for": `10.9.8.${i}` },
          from: "127.0.0.9",
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await direct.stop();
    }
  });

  test("with TRUST_PROXY=2, the entry two hops from the right is the client", async () => {
    const two = await startServed({ SIGNUP_LIMIT: "1", TRUST_PROXY: "2" });
    try {
      // The client talks to an outer proxy (played by the X-Forwarded-For it sends, as that proxy
      // appends), which talks to the appending proxy in front of the app.
      const up = (client: string, forged = "") =>
        two.viaProxy("POST", "/api/auth/signupPatient", {
          json: { name: "S", email: uniqueEmail("t"), password: PASSWORD },
          headers: { "x-forwarded-for": `${forged}${client}` },
        });
      expect((await up("192.0.2.1")).status).toBe(201);
      expect((await up("192.0.2.1", "10.0.0.1, ")).status).toBe(429);
      expect((await up("192.0.2.2", "10.0.0.1, ")).status).toBe(201);
    } finally {
      await two.stop();
    }
  });
});

describe("parallel bursts cannot slip past the limits", () => {
  test(`20 parallel wrong passwords for one account from one address: exactly ${LIMIT} are checked (401), the rest 429`, async () => {
    const email = await account();
    const from = freshAddress();
    const results = await Promise.all(Array.from({ length: 20 }, () => login(email, "wrong-password", { from })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((st) => st === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((st) => st === 429)).toHaveLength(20 - LIMIT);
    expect429(await login(email, PASSWORD, { from }), WINDOW);
  });

  test(`20 parallel signups from one address: exactly ${SIGNUPS} succeed, the rest 429`, async () => {
    const from = freshAddress();
    const results = await Promise.all(Array.from({ length: 20 }, () => signup(uniqueEmail("p"), from)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((st) => st === 201)).toHaveLength(SIGNUPS);
    expect(statuses.filter((st) => st === 429)).toHaveLength(20 - SIGNUPS);
  });
});

describe("every login and signup attempt from one address, per minute", () => {
  test("past AUTH_ATTEMPTS_PER_MINUTE, successful logins and signups alike get 429 with Retry-After; other addresses do not", async () => {
    const limited = await startServed({ AUTH_ATTEMPTS_PER_MINUTE: "5", TRUST_PROXY: "1" });
    try {
      const from = "127.0.0.77";
      const email = uniqueEmail("busy");
      const up = await limited.viaProxy("POST", "/api/auth/signupPatient", { json: { name: "Busy", email, password: PASSWORD }, from });
      expect(up.status).toBe(201);
      const logins: number[] = [];
      for (let i = 0; i < 5; i++) {
        logins.push((await limited.viaProxy("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD }, from })).status);
      }
      expect(logins).toEqual([200, 200, 200, 200, 429]);
      const last = await limited.viaProxy("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD }, from });
      expect429(last, 60);
      expect429(await limited.viaProxy("POST", "/api/auth/signupPatient", { json: { name: "B", email: uniqueEmail("b"), password: PASSWORD }, from }), 60);
      // The device cookie does not lift it: it is about the address's load, not the account.
      const device = cookiesNamed(up.cookies, "cb_device_");
      expect429(await limited.viaProxy("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD }, from, headers: { cookie: device.join("; ") } }), 60);
      expect((await limited.viaProxy("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD }, from: "127.0.0.78" })).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
  test("IPv6 clients count per /64, and an IPv4-mapped IPv6 address counts as its IPv4 address (issue 23)", async () => {
    const two = await startServed({ SIGNUP_LIMIT: "2", TRUST_PROXY: "2", LOGIN_FAILURE_LIMIT: String(LIMIT) });
    try {
      // The outer proxy (played by the X-Forwarded-For sent) saw these client addresses.
      const up = (client: string) =>
        two.viaProxy("POST", "/api/auth/signupPatient", {
          json: { name: "S", email: uniqueEmail("v6"), password: PASSWORD },
          headers: { "x-forwarded-for": client },
        });
      const statuses = [];
      // Three addresses of one /64 are one client: the third signup is refused.
      for (const client of ["2001:db8:7:1::1", "2001:db8:7:1:aaaa:bbbb:cccc:dddd", "2001:db8:7:1::ffff"]) statuses.push((await up(client)).status);
      // The next /64 is another client.
      statuses.push((await up("2001:db8:7:2::1")).status);
      expect(statuses).toEqual([201, 201, 429, 201]);
      // 198.51.100.7 and ::ffff:198.51.100.7 (and its hexadecimal spelling) are one client.
      const mapped = [];
      for (const client of ["198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407"]) mapped.push((await up(client)).status);
      expect(mapped).toEqual([201, 201, 429]);

      // The review's attack: 30 guesses from 10 addresses of one /64 are one client's guesses, so
      // they lock that /64 after LIMIT and never the account: the owner logs in from elsewhere.
      const email = uniqueEmail("v6owner");
      const made = await two.viaProxy("POST", "/api/auth/signupPatient", { json: { name: "Owner", email, password: PASSWORD }, headers: { "x-forwarded-for": "2001:db8:7:3::1" } });
      expect(made.status).toBe(201);
      const guesses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await two.viaProxy("POST", "/api/auth/loginPatient", { json: { email, password: "guess" }, headers: { "x-forwarded-for": `2001:db8:7:4::${(i % 10) + 1}` } });
        guesses.push(res.status);
      }
      expect(guesses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
      expect(guesses.slice(LIMIT)).toEqual(Array(30 - LIMIT).fill(429));
      const owner = await two.viaProxy("POST", "/api/auth/loginPatient", { json: { email, password: PASSWORD }, headers: { "x-forwarded-for": "2001:db8:7:5::1" } });
      expect(owner.status).toBe(200);
    } finally {
      await two.stop();
    }
  });
});
