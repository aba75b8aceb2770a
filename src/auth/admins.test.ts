/** An admin's email is checked as a signup checks it (issue 23): one the login refuses is never created. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { ensureAdmin } from "./admins";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

test("an email the signup schema refuses is refused; a valid one is trimmed and lower-cased, and can log in", async () => {
  for (const email of ["a..b@example.com", "boss@exa_mple.com", "boss@example", "boss@@example.com"]) {
    await expect(ensureAdmin(h.deps.database, { email, password: "boss-password-1", name: "Boss" })).rejects.toThrow(/admin email is not valid/);
  }
  expect(await ensureAdmin(h.deps.database, { email: "  Boss@Example.COM ", password: "boss-password-1", name: "Boss" })).toBe("created");
  const login = await h.call("POST", "/api/auth/loginAdmin", { json: { email: "boss@example.com", password: "boss-password-1" } });
  expect(login.status).toBe(200);
});
