/**
 * The request log (issue 30): one JSON line per request with time, request id, method, route
 * pattern, status, duration, bytes and role, and nothing personal (no id, email, token, cookie,
 * reason or query string); the id from a trusted proxy only, returned in X-Request-Id; a 5xx
 * logs its error with the stack, and the person's answer carries the same id as its reference.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PASSWORD, startHarness, type Harness } from "../../tests/support/harness";

type Line = Record<string, unknown>;

/** A harness whose log lines (at info) are captured. */
async function logged(env: Record<string, string> = {}) {
  const lines: Line[] = [];
  const raw: string[] = [];
  const h = await startHarness({ LOG_LEVEL: "info", ...env }, { logTo: { write: (line: string) => void (raw.push(line), lines.push(JSON.parse(line))) } });
  return { h, lines, raw };
}

const requestLines = (lines: Line[]) => lines.filter((l) => l.msg === "request" || l.msg === "request failed");

describe("a log line per request", () => {
  let h: Harness;
  let lines: Line[];
  let raw: string[];
  beforeAll(async () => {
    ({ h, lines, raw } = await logged());
  });
  afterAll(() => h.stop());

  test("every request of a journey has one line with the fields, and nothing personal in any", async () => {
    const patient = await h.signupPatient("Lena Logline");
    const doctor = await h.signupDoctor({ name: "Dr. Quill Trace" });
    const reason = "Recurring migraine since the accident in March";
    const appointmentId = await h.book(patient.token, doctor.id, reason);
    await h.call("POST", "/api/auth/patient-dashboard/cancelAppointment", { token: patient.token, json: { appointmentId, reason: "Cannot come after all, sorry" } });
    await h.call("POST", "/api/auth/loginPatient", { json: { email: patient.email, password: "wrong-password-9" } });
    await h.call("GET", "/patient-dashboard/patient-meetings?draft=secret-query-value", { headers: { cookie: `carebook_session=${patient.token}` } });
    await h.call("PATCH", `/api/auth/admin-dashboard/doctor-status/${doctor.id}`, { token: patient.token, json: { status: "blocked" } });
    await h.call("GET", "/no/such/page?x=1");

    const requests = requestLines(lines);
    expect(requests.length).toBe(h.transcript.length);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual(["bytes", "level", "method", "ms", "msg", "reqId", "role", "route", "status", "time"]);
      expect(Math.abs(Number(line.time) - Date.now())).toBeLessThan(600_000);
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof line.ms).toBe("number");
      expect(typeof line.bytes).toBe("number");
    }
    // The route's pattern, never the path with its ids.
    const booked = requests.find((l) => l.route === "/api/auth/patient-dashboard/bookAppointment")!;
    expect(booked).toMatchObject({ method: "POST", status: 201, role: "patient" });
    // Refused by the role guard before the handler: still the route's pattern, and no role admitted.
    expect(requests.find((l) => l.route === "/api/auth/admin-dashboard/doctor-status/:id" && l.status !== 200)).toMatchObject({ status: 403, role: null });
    expect(requests.find((l) => l.route === "/patient-dashboard/patient-meetings")).toMatchObject({ method: "GET", status: 200, role: "patient" });
    expect(requests.find((l) => l.route === "unmatched")).toMatchObject({ status: 404 });
    // Bytes are the body's (the answer's own length).
    const meetingsAnswer = h.transcript.find((a) => a.path.startsWith("/patient-dashboard/patient-meetings"))!;
    expect(requests.find((l) => l.route === "/patient-dashboard/patient-meetings")!.bytes).toBe(Buffer.byteLength(meetingsAnswer.text));

    const text = raw.join("");
    for (const secret of [patient.email, doctor.email, patient.token, doctor.token, patient.id, doctor.id, appointmentId, reason, "Cannot come after all", PASSWORD, "wrong-password-9", "secret-query-value", "draft=", "Lena Logline", "Quill Trace"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("cookie");
    expect(text).not.toContain("authorization");
  });

  test("the id is returned in X-Request-Id, and one the client sends is not believed without a trusted proxy", async () => {
    const res = await h.call("GET", "/about", { headers: { "x-request-id": "client-chosen-id" } });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(lines).at(-1)!.reqId).toBe(id!);
  });
});

test("behind a trusted proxy, its X-Request-Id is the request's (a malformed one is replaced)", async () => {
  const { h, lines } = await logged({ TRUST_PROXY: "1" });
  try {
    const res = await h.call("GET", "/about", { headers: { "x-request-id": "lb-7f3a.0001" } });
    expect(res.headers.get("x-request-id")).toBe("lb-7f3a.0001");
    expect(requestLines(lines).at(-1)!.reqId).toBe("lb-7f3a.0001");
    const odd = await h.call("GET", "/about", { headers: { "x-request-id": 'x" injected\\n{"level":"fatal"}' } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    await h.stop();
  }
});

test("a 5xx logs the error with its stack, and the person's answer carries the same id as its reference", async () => {
  const { h, lines } = await logged();
  try {
    const patient = await h.signupPatient();
    // A table the meetings read is gone: the server fails, as it would on a broken database.
    await h.elsewhere("DROP TABLE feedback");

    const api = await h.call("GET", "/api/auth/patient-dashboard/patient-meetings", { token: patient.token });
    expect(api.status).toBe(500);
    const apiId = api.headers.get("x-request-id")!;
    expect(api.body).toEqual({ message: `Something went wrong. Please try again. Reference: ${apiId}` });

    const page = await h.call("GET", "/patient-dashboard/patient-meetings", { headers: { cookie: `carebook_session=${patient.token}`, "accept-language": "en" } });
    expect(page.status).toBe(500);
    const pageId = page.headers.get("x-request-id")!;
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("Something went wrong");
    expect(page.text).toContain(pageId);
    expect(page.text).not.toContain("no such table"); // no machine's words for the person

    for (const id of [apiId, pageId]) {
      const line = lines.find((l) => l.reqId === id)!;
      expect(line).toMatchObject({ level: "error", msg: "request failed", status: 500 });
      const err = line.err as { message: string; stack: string };
      expect(err.message).toContain("feedback");
      expect(err.stack).toContain("at ");
    }
  } finally {
    await h.stop();
  }
});

test("the tests' harness is silent unless a test asks for the log", async () => {
  const h = await startHarness();
  try {
    expect(h.deps.observe.log.level).toBe("silent");
  } finally {
    await h.stop();
  }
});
