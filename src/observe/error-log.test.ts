/**
 * Issue 44, finding 5: error logs carried patients' data. Found by making a statement fail (a
 * trigger that refuses the insert, as a full disk or a broken migration would) and reading the
 * log line of the 500: drizzle's error held the statement's parameters (the reason for the visit)
 * in its message, its stack and its `params`, and a failed signup's the email and the password
 * hash. The line keeps what finds the fault (the error's types, the SQL with its placeholders, the
 * stack's frames) and none of the values.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { safeError } from "./log";

const REASON = "Lump found in the left breast";
let h: Harness;
const lines: string[] = [];

beforeAll(async () => {
  h = await startHarness({ LOG_LEVEL: "error" }, { logTo: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => h.stop());

/** The log line of the request that answered with `reference` (its X-Request-Id). */
function lineOf(reference: string): { text: string; record: Record<string, any> } {
  const text = lines.find((line) => line.includes(`"reqId":"${reference}"`));
  expect(text).toBeDefined();
  return { text: text!, record: JSON.parse(text!) };
}

describe("a failing statement's log line", () => {
  test("a booking whose insert fails: the SQL and the causes, not the reason, the ids or the time", async () => {
    const patient = await h.signupPatient("Pia Private");
    const doctor = await h.signupDoctor();
    await h.elsewhere("CREATE TRIGGER refuse_bookings BEFORE INSERT ON appointments BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
    try {
      const res = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: REASON } });
      expect(res.status).toBe(500);
      const { text, record } = lineOf(res.headers.get("x-request-id")!);
      for (const value of [REASON, patient.id, doctor.id]) expect(text).not.toContain(value);
      expect(text).not.toMatch(/"(params|args)"/);
      expect(record.err.type).toBe("DrizzleQueryError");
      expect(record.err.query).toMatch(/^insert into "appointments" .* values \(\?, \?/);
      expect(record.err.stack).toMatch(/^\s+at /);
      expect(record.err.cause).toMatchObject({ type: expect.stringMatching(/^Libsql/), code: "SQLITE_CONSTRAINT" });
    } finally {
      await h.elsewhere("DROP TRIGGER refuse_bookings");
    }
  });

  test("a signup whose insert fails: neither the email nor the password's hash", async () => {
    await h.elsewhere("CREATE TRIGGER refuse_patients BEFORE INSERT ON patients BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
    try {
      const email = "private.person@example.com";
      const res = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Priya Private", email, password: "correct-horse-9" } });
      expect(res.status).toBe(500);
      const { text } = lineOf(res.headers.get("x-request-id")!);
      for (const value of [email, "Priya Private", "$argon2"]) expect(text).not.toContain(value);
    } finally {
      await h.elsewhere("DROP TRIGGER refuse_patients");
    }
  });
});

describe("safeError", () => {
  test("keeps type, code, SQL and frames; drops every other field, drizzle's params line and addresses", () => {
    const driver = Object.assign(new Error("SQLITE_CONSTRAINT: no"), { code: "SQLITE_CONSTRAINT", args: ["secret reason"], value: "secret value" });
    const failed = Object.assign(new Error('Failed query: insert into "x" values (?)\nparams: secret reason', { cause: driver }), {
      query: 'insert into "x" values (?)',
      params: ["secret reason"],
    });
    const logged = safeError(failed);
    expect(JSON.stringify(logged)).not.toContain("secret");
    expect(logged).toMatchObject({ type: "Error", message: 'Failed query: insert into "x" values (?)', query: 'insert into "x" values (?)', cause: { code: "SQLITE_CONSTRAINT" } });
    expect(safeError(new Error("550 rejected: <someone@example.com>")).message).toBe("550 rejected: <<email>>");
    expect(safeError({ password: "x" }).message).not.toContain("x\"");
  });
});
