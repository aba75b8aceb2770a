/**
 * Bad input on every JSON-body call (SERVER-RULES §2): malformed JSON, a body that is not an
 * object, a wrong content type, missing, mistyped and overlong fields all answer 400 with
 * `{ message }` naming the field; never 500. Limits come from src/domain/fields.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, uniqueEmail, type Harness } from "../../../tests/support/harness";
import { LIMITS } from "../../domain/fields";

let h: Harness;
let patientToken: string;
let doctorToken: string;
let doctorId: string;
let adminToken: string;

beforeAll(async () => {
  h = await startHarness();
  const [patient, doctor] = await Promise.all([h.signupPatient(), h.signupDoctor()]);
  patientToken = patient.token;
  doctorToken = doctor.token;
  doctorId = doctor.id;
  adminToken = await h.admin();
});
afterAll(() => h.stop());

const over = (limit: { max: number }) => "x".repeat(limit.max + 1);
const longEmail = `${"a".repeat(LIMITS.email.max - "@example.com".length + 1)}@example.com`;
const UUID = "00000000-0000-4000-8000-000000000000";

type Call = {
  name: string;
  method: string;
  path: () => string;
  token: () => string | undefined;
  /** A body that passes validation. */
  valid: () => Record<string, unknown>;
  /** Required fields, in the order the schema checks them. */
  required: string[];
  /** Values of each field that must be refused (overlong, wrong type, wrong format). */
  bad: Record<string, unknown[]>;
};

const auth = (name: string, extra: Partial<Call> = {}): Call => ({
  name,
  method: "POST",
  path: () => `/api/auth/${name}`,
  token: () => undefined,
  valid: () => ({ email: "someone@example.com", password: PASSWORD }),
  required: ["email", "password"],
  bad: {
    email: [longEmail, "not-an-email", "a@b", 42, "", "   "],
    password: [over(LIMITS.password), 12345678, ""],
  },
  ...extra,
});

const CALLS: Call[] = [
  auth("signupPatient", {
    valid: () => ({ name: "Val Id", email: "someone@example.com", password: PASSWORD }),
    required: ["name", "email", "password"],
    bad: {
      name: [over(LIMITS.name), "", "   ", 7, null],
      email: [longEmail, "not-an-email", 42],
      password: [over(LIMITS.password), "x".repeat(LIMITS.password.min - 1), 12345678],
    },
  }),
  auth("signupDoctor", {
    valid: () => ({ name: "Val Id", email: "someone@example.com", password: PASSWORD, specialization: "Cardiologist", collegeName: "C" }),
    required: ["name", "email", "password", "specialization", "collegeName"],
    bad: {
      name: [over(LIMITS.name), ""],
      email: [longEmail, "nope"],
      password: [over(LIMITS.password), "short"],
      specialization: ["Wizard", "cardiologist", "", 3],
      collegeName: [over(LIMITS.collegeName), " ", false],
    },
  }),
  auth("loginPatient"),
  auth("loginDoctor"),
  auth("loginAdmin"),
  {
    name: "bookAppointment",
    method: "POST",
    path: () => "/api/auth/patient-dashboard/bookAppointment",
    token: () => patientToken,
    valid: () => ({ doctorId, reason: "Headache" }),
    required: ["doctorId", "reason"],
    bad: { doctorId: ["x".repeat(65), "", 12], reason: [over(LIMITS.bookingReason), "  ", ["a"]] },
  },
  {
    name: "patient cancelAppointment",
    method: "POST",
    path: () => "/api/auth/patient-dashboard/cancelAppointment",
    token: () => patientToken,
    valid: () => ({ appointmentId: UUID, reason: "Better" }),
    required: ["appointmentId", "reason"],
    bad: { appointmentId: ["x".repeat(65), ""], reason: [over(LIMITS.cancelReason), "", {}] },
  },
  {
    name: "giveFeedback",
    method: "POST",
    path: () => "/api/auth/patient-dashboard/giveFeedback",
    token: () => patientToken,
    valid: () => ({ appointmentId: UUID, message: "Great" }),
    required: ["appointmentId", "message"],
    bad: { appointmentId: ["x".repeat(65), ""], message: [over(LIMITS.feedback), " ", 5] },
  },
  {
    name: "scheduleAppointments",
    method: "POST",
    path: () => "/api/auth/doctor-dashboard/scheduleAppointments",
    token: () => doctorToken,
    valid: () => ({ appointmentId: UUID, patientId: UUID, doctorName: "Dr", scheduledDateTime: new Date(Date.now() + 3_600_000).toISOString() }),
    required: ["appointmentId", "patientId", "scheduledDateTime"],
    bad: {
      appointmentId: ["x".repeat(65), ""],
      patientId: ["x".repeat(65), "", 9],
      scheduledDateTime: ["2030-01-01T10:00:00", "next week", "", 1893456000000, "2030-02-30T10:00:00Z"],
    },
  },
  {
    name: "doctor cancelAppointment",
    method: "POST",
    path: () => "/api/auth/doctor-dashboard/cancelAppointment",
    token: () => doctorToken,
    valid: () => ({ appointmentId: UUID, reason: "Busy" }),
    required: ["appointmentId", "reason"],
    bad: { appointmentId: ["x".repeat(65), ""], reason: [over(LIMITS.cancelReason), ""] },
  },
  {
    name: "doctor-status",
    method: "PATCH",
    path: () => `/api/auth/admin-dashboard/doctor-status/${doctorId}`,
    token: () => adminToken,
    valid: () => ({ status: "blocked" }),
    required: ["status"],
    bad: { status: ["deleted", "", null, 1, "Approved"] },
  },
];

function expectNamed(res: { status: number; body: any }, field: string, label: string) {
  expect({ label, status: res.status }).toEqual({ label, status: 400 });
  expect(Object.keys(res.body)).toEqual(["message"]);
  expect({ label, names: res.body.message.includes(field) }).toEqual({ label, names: true });
}

for (const c of CALLS) {
  describe(c.name, () => {
    const send = (options: Parameters<Harness["call"]>[2]) => h.call(c.method, c.path(), { token: c.token(), ...options });

    test("malformed JSON and an empty body are 400", async () => {
      for (const raw of ['{"email": ', "{'single': 'quotes'}", "{", "", "undefined"]) {
        const res = await send({ raw });
        expect({ raw, status: res.status }).toEqual({ raw, status: 400 });
        expect(res.body).toEqual({ message: expect.stringMatching(/JSON|body/) });
      }
    });

    test("a JSON array, string, number or null body is 400 saying the body must be an object", async () => {
      for (const raw of ["[]", JSON.stringify([c.valid()]), '"hello"', "42", "null", "true"]) {
        const res = await send({ raw });
        expect({ raw, status: res.status }).toEqual({ raw, status: 400 });
        expect(res.body).toEqual({ message: expect.stringContaining("body") });
      }
    });

    test("a valid body under a wrong content type is 400 naming a field", async () => {
      for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"]) {
        const res = await send({ raw: JSON.stringify(c.valid()), contentType });
        expectNamed(res, c.required[0]!, contentType);
      }
      const none = await h.app.request(c.path(), {
        method: c.method,
        headers: c.token() ? { authorization: `Bearer ${c.token()}` } : {},
        body: new Blob([JSON.stringify(c.valid())]),
      });
      expect(none.status).toBe(400);
      expect((await none.json()).message).toContain(c.required[0]!);
    });

    test("each missing required field is 400 naming it", async () => {
      expectNamed(await send({ json: {} }), c.required[0]!, "empty object");
      for (const field of c.required) {
        const body = c.valid();
        delete body[field];
        expectNamed(await send({ json: body }), field, `without ${field}`);
      }
    });

    test("each overlong, mistyped or malformed field is 400 naming it", async () => {
      for (const [field, values] of Object.entries(c.bad)) {
        for (const value of values) {
          expectNamed(await send({ json: { ...c.valid(), [field]: value } }), field, `${field}=${JSON.stringify(value)?.slice(0, 40)}`);
        }
      }
    });
  });
}

describe("limits are inclusive", () => {
  test("a name of exactly the maximum, a password of exactly the minimum and the maximum are accepted at signup", async () => {
    const a = await h.call("POST", "/api/auth/signupPatient", {
      json: { name: "n".repeat(LIMITS.name.max), email: uniqueEmail("lim"), password: "p".repeat(LIMITS.password.min) },
    });
    expect(a.status).toBe(201);
    const b = await h.call("POST", "/api/auth/signupDoctor", {
      json: {
        name: "Dr Limit",
        email: uniqueEmail("lim"),
        password: "p".repeat(LIMITS.password.max),
        specialization: "ENT Specialist",
        collegeName: "c".repeat(LIMITS.collegeName.max),
      },
    });
    expect(b.status).toBe(201);
  });

  test("a booking reason of exactly the maximum is accepted", async () => {
    const p = await h.signupPatient();
    const res = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", {
      token: p.token,
      json: { doctorId, reason: "r".repeat(LIMITS.bookingReason.max) },
    });
    expect(res.status).toBe(201);
    expect(res.body.appointment.reason).toHaveLength(LIMITS.bookingReason.max);
  });

  test("an email of exactly the maximum length is accepted", async () => {
    const email = `${"a".repeat(LIMITS.email.max - "@example.com".length)}@example.com`;
    expect(email).toHaveLength(LIMITS.email.max);
    const res = await h.call("POST", "/api/auth/signupPatient", { json: { name: "Long Mail", email, password: PASSWORD } });
    expect(res.status).toBe(201);
  });
});

test("a JSON body over 64 KiB is refused with 413, not 500", async () => {
  const res = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", {
    token: patientToken,
    json: { doctorId, reason: "x".repeat(70 * 1024) },
  });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ message: expect.any(String) });
});

test("nothing in this file answered 500, and every /api answer was JSON", () => {
  expect(h.transcript.length).toBeGreaterThan(250);
  expect(h.transcript.filter((a) => a.status >= 500).map((a) => `${a.method} ${a.path} ${a.status}`)).toEqual([]);
  for (const a of h.transcript) {
    expect(a.headers.get("content-type") ?? "").toStartWith("application/json");
    expect(a.text).not.toMatch(/\bat .+\.ts:\d+/); // no stack trace
  }
});
