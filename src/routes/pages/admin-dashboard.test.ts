/**
 * /admin-dashboard as the server renders it, on a fresh database: the guard, the empty state
 * (which the shared browser-test database cannot promise), and the 6-column table with a row,
 * a status badge and the allowed actions per doctor.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { adminPageOf } from "../../domain/admin-table";

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await startHarness();
  adminToken = await h.admin();
});
afterAll(() => h.stop());

const page = (token?: string) =>
  h.app.request("/admin-dashboard", { headers: token === undefined ? {} : { cookie: `carebook_session=${token}` } });

/** The island's server-rendered rows: [cells..., badge class] for each body row. */
function rowsOf(html: string) {
  const body = html.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => ({
    cells: [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => cell!),
    badge: row!.match(/<span class="badge badge-(\w+)">(\w+)<\/span>/)?.slice(1),
    // The first step of each action: a button, or the summary that opens a confirming form (issue 27).
    buttons: [...row!.replace(/<form class="text-form"[\s\S]*?<\/form>/g, "").matchAll(/<(?:button|summary)[^>]*>([^<]*)<\/(?:button|summary)>/g)].map(([, label]) => label),
  }));
}

// Runs in order: the empty state first, before any doctor exists.
describe("GET /admin-dashboard", () => {
  test("with no doctors shows 'No doctors found in the system.' and no table", async () => {
    const res = await page(adminToken);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("No doctors found in the system.");
    expect(html).not.toContain("<table");
    expect(html).toContain('data-guard="admin"');
  });

  test("without a session, or with a patient's or doctor's, redirects to /loginPatient", async () => {
    const patient = await h.signupPatient();
    const doctor = await h.signupDoctor();
    for (const token of [undefined, "not-a-token", patient.token, doctor.token]) {
      const res = await page(token);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/loginPatient");
    }
  });

  test("with doctors renders a 6-column table, one row per doctor with its badge and actions", async () => {
    const made = {
      pending: await h.signupDoctor({ name: "Dr Pending Page", status: "pending" }),
      approved: await h.signupDoctor({ name: "Dr Approved Page", status: "approved" }),
      rejected: await h.signupDoctor({ name: "Dr Rejected Page", status: "rejected" }),
      blocked: await h.signupDoctor({ name: "Dr Blocked Page", status: "blocked" }),
    };
    const html = await (await page(adminToken)).text();
    expect(html).not.toContain("No doctors found in the system.");
    const head = html.match(/<thead>([\s\S]*?)<\/thead>/)?.[1] ?? "";
    const headers = [...head.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map(([, text]) => text);
    expect(headers).toEqual(["Name", "Email", "Specialization", "College", "Status", "Actions"]);

    const rows = rowsOf(html);
    expect(rows).toHaveLength(5); // these four and the guard test's approved doctor
    const expected = {
      pending: ["Approve", "Reject"],
      approved: ["Block"],
      rejected: ["Reactivate"],
      blocked: ["Reactivate"],
    };
    for (const [status, doctor] of Object.entries(made)) {
      const row = rows.find((r) => r.cells[1] === doctor.email);
      expect(row, doctor.email).toBeDefined();
      expect(row!.cells).toHaveLength(6);
      expect(row!.cells[0]).toBe(doctor.name);
      expect(row!.cells[2]).toBe("Cardiologist");
      expect(row!.cells[3]).toBe("City Medical College");
      expect(row!.badge).toEqual([status, status]);
      expect(row!.buttons).toEqual(expected[status as keyof typeof expected]);
    }
  });

  test("no two elements share an id, so each row's labels name that row's fields", async () => {
    // Two approved doctors (the guard test's and the one above) each have a Block step with a reason field.
    const html = await (await page(adminToken)).text();
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect([...html.matchAll(/\sfor="reason-blocked[^"]*"/g)].length).toBeGreaterThanOrEqual(2);
  });

  test("escapes what doctors typed", async () => {
    const doctor = await h.signupDoctor({ name: `Dr <img src=x onerror="alert(1)">`, status: "pending" });
    const html = await (await page(adminToken)).text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(doctor.email);
  });
});

// After the tests above (six doctors so far): enough doctors for a second page.
describe("GET /admin-dashboard in pages of 50, newest first", () => {
  const at = (query: string) => h.app.request(`/admin-dashboard${query}`, { headers: { cookie: `carebook_session=${adminToken}` } });
  let newest: { id: string; email: string };

  beforeAll(async () => {
    // 50 more doctors, through the signup API: 50 password hashes, over bun's 5 s default on a busy machine.
    for (let i = 0; i < 50; i++) newest = await h.signupDoctor({ name: `Dr Paged ${i}`, status: "pending" });
  }, 30_000);

  test("page 1 holds the 50 newest signups, newest first, and links to the older page", async () => {
    const html = await (await at("")).text();
    const rows = rowsOf(html);
    expect(rows).toHaveLength(50);
    expect(rows[0]!.cells[1]).toBe(newest.email);
    expect(html).toContain("Page 1 of 2 (");
    expect(html).toContain('href="/admin-dashboard?page=2" rel="next"');
    expect(html).not.toContain('rel="prev"');
  });

  test("page 2 holds the rest, links back, and its forms come back to it", async () => {
    const res = await at("?page=2");
    expect(res.status).toBe(200);
    const html = await res.text();
    const rows = rowsOf(html);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(50);
    expect(html).toContain('href="/admin-dashboard" rel="prev"');
    expect(html).toMatch(/action="\/admin-dashboard\/doctor-status\/[^"?]+\?page=2"/);
    // A pending doctor of page 2, approved from it without script: back to page 2.
    const id = html.match(/<tr data-doctor="([^"]+)">(?:(?!<\/tr>)[\s\S])*badge-pending/)?.[1];
    expect(id).toBeDefined();
    const posted = await h.app.request(`/admin-dashboard/doctor-status/${id}?page=2`, {
      method: "POST",
      headers: { cookie: `carebook_session=${adminToken}`, origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "status=approved",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/admin-dashboard?page=2#notice");
  });

  test("the island's page of the API's answer (read again on return) is the server's page", async () => {
    const all = (await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken })).body as { _id: string; createdAt: string }[];
    for (const n of [1, 2]) {
      const shown = [...(await (await at(n === 1 ? "" : `?page=${n}`)).text()).matchAll(/<tr data-doctor="([^"]+)"/g)].map((m) => m[1]!);
      expect(adminPageOf(all, n).map((d) => d._id)).toEqual(shown);
    }
  });

  test("a registration waiting for the admin's check leads page 1 until checked; the island agrees (issue 41)", async () => {
    const sender = await h.signupDoctor({ name: "Dr Registration Waiting", status: "approved" });
    const later = await h.signupDoctor({ name: "Dr Signed Up Later", status: "pending" });
    const fields = { name: "Dr Registration Waiting", specialization: "Cardiologist", collegeName: "City Medical College", registrationNumber: "DMC-1", registrationCouncil: "Delhi Medical Council" };
    expect((await h.call("PUT", "/api/auth/doctor-profile", { token: sender.token, form: h.profileForm(fields) })).status).toBe(200);
    const firstRows = async () => [...(await (await at("")).text()).matchAll(/<tr data-doctor="([^"]+)"/g)].map((m) => m[1]!);
    expect((await firstRows()).slice(0, 2)).toEqual([sender.id, later.id]);
    const all = (await h.call("GET", "/api/auth/admin-dashboard/doctors", { token: adminToken })).body;
    expect(adminPageOf(all, 1).map((d: { _id: string }) => d._id)).toEqual(await firstRows());
    // Refused: the doctor's turn now, not the admin's; back to its place by signup time.
    const refused = await h.call("PATCH", `/api/auth/admin-dashboard/doctor-registration/${sender.id}`, { token: adminToken, json: { verified: false, reason: "No such number" } });
    expect(refused.status).toBe(200);
    expect((await firstRows())[0]).toBe(later.id);
  });

  test("a page that does not exist, or a query that names none, is the 404 page", async () => {
    for (const query of ["?page=3", "?page=0", "?page=abc", "?page=02", "?page=1.5", "?page=-1"]) {
      const res = await at(query);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Page Not Found");
    }
  });
});
