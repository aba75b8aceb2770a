/**
 * Issue 56 item 4 through the API: the patient's reports on an appointment. The type is told by
 * the first bytes (a PDF named .png is a PDF; a JPEG named .pdf is a JPEG, re-encoded without its
 * Exif; HTML, an .exe and an HTML-first polyglot are refused), the size and the count are bound,
 * only the patient and that appointment's doctor read one (others 404), with exact headers; a
 * doctor's read is audited (ids only); delete removes the file; never under /uploads.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { historyOf } from "../../db/queries/audit";
import { nextMonday } from "../../../tests/support/monday";
import { PASSWORD, startHarness, type Harness, type Patient } from "../../../tests/support/harness";
import { cachedCameraPhoto } from "../../../tests/support/photo-cache";
import { GPS_MARK } from "../../../tests/support/photos";

const PATIENT = "/api/auth/patient-dashboard";
const DOCTOR = "/api/auth/doctor-dashboard";
const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const MAX = 64 * 1024;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120", MAX_DOCUMENT_BYTES: String(MAX) });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

async function meeting(patient?: Patient) {
  const p = patient ?? (await h.signupPatient());
  const doctor = await h.signupDoctor();
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
  expect((await h.call("PUT", `${DOCTOR}/availability`, { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } })).status).toBe(200);
  const res = await h.call("POST", `${PATIENT}/bookAppointment`, { token: p.token, json: { doctorId: doctor.id, reason: "A fever", slotStart: at(10).toISOString() } });
  expect(res.status).toBe(201);
  return { patient: p, doctor, id: res.body.appointment._id as string };
}

const form = (title: string, bytes: Uint8Array, name: string, type = "application/octet-stream") => {
  const f = new FormData();
  f.set("title", title);
  f.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return f;
};
const upload = (token: string, id: string, f: FormData) => h.call("POST", `${PATIENT}/appointments/${id}/documents`, { token, form: f });
const storedFiles = () => readdirSync(join(h.deps.config.uploadDir, "documents"));

test("a PDF named .png is stored as a PDF; the patient and the doctor read it with exact headers; others 404; the doctor's read is audited", async () => {
  const { patient, doctor, id } = await meeting();
  const res = await upload(patient.token, id, form("Blood test, November", PDF, "scan.png", "image/png"));
  expect(res.status).toBe(201);
  expect(res.body).toEqual({
    message: "Report uploaded",
    document: { _id: expect.any(String), title: "Blood test, November", type: "pdf", bytes: PDF.byteLength, uploadedAt: at(0).toISOString() },
  });
  const docId = res.body.document._id;
  expect((await h.call("GET", `${PATIENT}/appointments/${id}/documents`, { token: patient.token })).body).toEqual({ documents: [res.body.document] });

  for (const [token, path] of [
    [patient.token, `${PATIENT}/appointments/${id}/documents/${docId}`],
    [doctor.token, `${DOCTOR}/appointments/${id}/documents/${docId}`],
  ] as const) {
    const read = await h.call("GET", path, { token });
    expect(read.status).toBe(200);
    expect(read.text).toBe(new TextDecoder().decode(PDF));
    expect(Object.fromEntries(["content-type", "content-length", "content-disposition", "x-content-type-options", "content-security-policy", "cache-control"].map((k) => [k, read.headers.get(k)]))).toEqual({
      "content-type": "application/pdf",
      "content-length": String(PDF.byteLength),
      "content-disposition": 'attachment; filename="Blood test_ November.pdf"',
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
      "cache-control": "private, no-store",
    });
  }
  const audit = (await historyOf(h.deps.database.db, "appointment", id)).filter((e) => e.action === "document_read");
  expect(audit.map((e) => ({ actorRole: e.actorRole, actorId: e.actorId, reason: e.reason }))).toEqual([{ actorRole: "doctor", actorId: doctor.id, reason: docId }]);
  expect(JSON.stringify(audit)).not.toContain("Blood test");

  // Another patient, another doctor: 404, as for an id that does not exist.
  const other = await meeting();
  expect((await h.call("GET", `${PATIENT}/appointments/${id}/documents/${docId}`, { token: other.patient.token })).status).toBe(404);
  expect((await h.call("GET", `${PATIENT}/appointments/${id}/documents`, { token: other.patient.token })).status).toBe(404);
  expect((await upload(other.patient.token, id, form("Mine", PDF, "a.pdf"))).status).toBe(404);
  expect((await h.call("GET", `${DOCTOR}/appointments/${id}/documents/${docId}`, { token: other.doctor.token })).status).toBe(404);
  expect((await h.call("GET", `${DOCTOR}/appointments/${other.id}/documents/${docId}`, { token: other.doctor.token })).status).toBe(404);
  expect((await h.call("DELETE", `${PATIENT}/appointments/${id}/documents/${docId}`, { token: other.patient.token })).status).toBe(404);
  // Never served under /uploads, by its stored name or any other.
  const [stored] = storedFiles();
  expect(stored).toMatch(/^[0-9a-f]{32}\.pdf$/);
  expect((await h.call("GET", `/uploads/documents/${stored}`)).status).toBe(404);

  const deleted = await h.call("DELETE", `${PATIENT}/appointments/${id}/documents/${docId}`, { token: patient.token });
  expect(deleted.body).toEqual({ message: "Report deleted" });
  expect(storedFiles()).not.toContain(stored);
  expect((await h.call("GET", `${PATIENT}/appointments/${id}/documents/${docId}`, { token: patient.token })).status).toBe(404);
  expect((await h.call("GET", `${PATIENT}/appointments/${id}/documents`, { token: patient.token })).body).toEqual({ documents: [] });
});

test("a JPEG named .pdf is a JPEG, re-encoded without its metadata; HTML, an .exe and a polyglot are refused; size and title bounds", async () => {
  const { patient, id } = await meeting();
  const photo = await cachedCameraPhoto(640, 480);
  expect(new TextDecoder("latin1").decode(photo)).toContain(GPS_MARK);
  const res = await upload(patient.token, id, form("X-ray", photo, "xray.pdf", "application/pdf"));
  expect(res.status).toBe(201);
  expect(res.body.document.type).toBe("jpeg");
  const read = await h.call("GET", `${PATIENT}/appointments/${id}/documents/${res.body.document._id}`, { token: patient.token });
  expect(read.headers.get("content-type")).toBe("image/jpeg");
  expect(read.headers.get("content-disposition")).toBe('attachment; filename="X-ray.jpg"');
  expect(read.text).not.toContain(GPS_MARK);

  const refused = "A report must be a PDF, JPEG or PNG file";
  const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
  const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
  const polyglot = new TextEncoder().encode("<html><body>hi</body></html>\n%PDF-1.4\n%%EOF\n");
  for (const [bytes, name, type] of [[html, "report.pdf", "application/pdf"], [exe, "setup.exe", "application/x-msdownload"], [polyglot, "both.pdf", "application/pdf"]] as const) {
    const r = await upload(patient.token, id, form("Bad", bytes, name, type));
    expect({ status: r.status, message: r.body.message }).toEqual({ status: 415, message: refused });
  }
  const big = new Uint8Array(MAX + 1);
  big.set(PDF);
  const tooBig = await upload(patient.token, id, form("Big", big, "big.pdf"));
  expect({ status: tooBig.status, message: tooBig.body.message }).toEqual({ status: 413, message: "A report must be at most 64 KB" });
  // Far over the limit: refused by its declared length, body unread.
  const huge = new Uint8Array(MAX + 200 * 1024);
  huge.set(PDF);
  expect((await upload(patient.token, id, form("Huge", huge, "huge.pdf"))).status).toBe(413);
  expect((await upload(patient.token, id, form("", PDF, "a.pdf"))).body.message).toBe("title is required");
  expect((await upload(patient.token, id, form("x".repeat(81), PDF, "a.pdf"))).body.message).toBe("title must be at most 80 characters");
  const noFile = new FormData();
  noFile.set("title", "Nothing");
  expect((await h.call("POST", `${PATIENT}/appointments/${id}/documents`, { token: patient.token, form: noFile })).body.message).toBe("Choose a file to upload");
  expect((await h.call("GET", `${PATIENT}/appointments/${id}/documents`, { token: patient.token })).body.documents).toHaveLength(1);
});

test("ten per appointment: the eleventh is refused; a cancelled appointment takes none", async () => {
  const { patient, id } = await meeting();
  for (let i = 1; i <= 10; i++) expect((await upload(patient.token, id, form(`Report ${i}`, PDF, `r${i}.pdf`))).status).toBe(201);
  const eleventh = await upload(patient.token, id, form("Report 11", PDF, "r11.pdf"));
  expect({ status: eleventh.status, message: eleventh.body.message }).toEqual({
    status: 409,
    message: "An appointment holds at most 10 reports: delete one before adding another",
  });
  const second = await meeting(patient);
  expect((await h.call("POST", `${PATIENT}/cancelAppointment`, { token: patient.token, json: { appointmentId: second.id, reason: "Feeling better" } })).status).toBe(200);
  const cancelled = await upload(patient.token, second.id, form("Late", PDF, "late.pdf"));
  expect({ status: cancelled.status, message: cancelled.body.message }).toEqual({ status: 409, message: "This appointment is cancelled: reports can no longer be added to it" });
});

test("the export lists the reports (not the files); erasure deletes their rows and files", async () => {
  const { patient, id } = await meeting();
  const before = storedFiles().length;
  const res = await upload(patient.token, id, form("Lipid profile", PDF, "lipids.pdf"));
  expect(storedFiles()).toHaveLength(before + 1);
  const exported = await h.call("GET", "/api/auth/account/export", { token: patient.token });
  expect(exported.body.documents).toEqual([{ appointmentId: id, title: "Lipid profile", type: "pdf", bytes: PDF.byteLength, uploadedAt: res.body.document.uploadedAt }]);
  expect(exported.text).not.toContain(".pdf");
  expect((await h.call("POST", "/api/auth/account/delete", { token: patient.token, json: { password: PASSWORD } })).status).toBe(200);
  expect(storedFiles()).toHaveLength(before);
  const left = await h.deps.database.client.execute({ sql: "select count(*) as n from documents where patient_id = ?", args: [patient.id] });
  expect(Number(left.rows[0]!.n)).toBe(0);
});
