/**
 * Issue 56 item 4 through the pages, without script: the patient's appointments page offers each
 * appointment's reports (a real multipart form posted, 303 back with a notice in that
 * appointment's fold), downloads them as attachments, deletes them; a refusal (an HTML file) comes
 * back beside the form with the title typed, in Hindi too; the doctor's card shows the count
 * and the titles, and a download from it is audited.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { historyOf } from "../../db/queries/audit";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Harness } from "../../../tests/support/harness";

const monday = nextMonday(new Date());
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const MEETINGS = "/patient-dashboard/patient-meetings";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ BOOKING_NOTICE_MINUTES: "120" });
  h.deps.now = () => at(0);
});
afterAll(() => h.stop());

const cookie = (token: string, lang = "en") => `carebook_session=${token}; lang=${lang}`;
const get = (token: string, path: string, lang = "en", extra = "") => h.app.request(path, { headers: { cookie: `${cookie(token, lang)}${extra}` } });
const postForm = (token: string, path: string, body: FormData | URLSearchParams, lang = "en") =>
  h.app.request(path, { method: "POST", headers: { cookie: cookie(token, lang), origin: "http://localhost", "sec-fetch-mode": "navigate" }, body });
/** The page a 303 leads to, with its one-time notice. */
const follow = async (token: string, res: Response, lang = "en") => {
  expect(res.status).toBe(303);
  const notice = res.headers.get("set-cookie")?.split(";")[0];
  return (await get(token, res.headers.get("location")!, lang, notice ? `; ${notice}` : "")).text();
};
const uploadForm = (appointmentId: string, title: string, bytes: Uint8Array, name: string) => {
  const f = new FormData();
  f.set("appointmentId", appointmentId);
  f.set("title", title);
  f.set("file", new File([new Uint8Array(bytes)], name, { type: "application/octet-stream" }));
  return f;
};

test("upload, list, download and delete a report on the appointments page; the doctor's card counts it and its download is audited", async () => {
  const patient = await h.signupPatient();
  const doctor = await h.signupDoctor({ name: "Meera Rao" });
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "09:00", end: "17:00" }));
  await h.call("PUT", "/api/auth/doctor-dashboard/availability", { token: doctor.token, json: { timeZone: "UTC", weekly, daysOff: [], instantBooking: true } });
  const booked = await h.call("POST", "/api/auth/patient-dashboard/bookAppointment", { token: patient.token, json: { doctorId: doctor.id, reason: "A fever", slotStart: at(10).toISOString() } });
  const id = booked.body.appointment._id as string;

  const before = await (await get(patient.token, MEETINGS)).text();
  expect(before).toContain("Reports for your doctor");
  expect(before).toContain(`enctype="multipart/form-data"`);
  expect(before).toContain("No reports yet.");

  // An HTML file named .pdf: refused beside its form, the title kept; in Hindi the words are Hindi.
  const refused = await postForm(patient.token, `${MEETINGS}/documents`, uploadForm(id, "Blood test", new TextEncoder().encode("<html><script>x</script>"), "blood.pdf"), "hi");
  const refusedPage = refused.status === 303 ? await follow(patient.token, refused, "hi") : await refused.text();
  expect(refusedPage).toContain("PDF, JPEG या PNG फ़ाइल चुनें।");
  expect(refusedPage).toContain(`value="Blood test"`);

  const uploaded = await postForm(patient.token, `${MEETINGS}/documents`, uploadForm(id, "Blood test", PDF, "blood.png"));
  expect(uploaded.headers.get("location")).toBe(`${MEETINGS}#notice`);
  const after = await follow(patient.token, uploaded);
  expect(after).toContain("Report uploaded.");
  expect(after).toContain("1 report");
  const link = new RegExp(`href="(${MEETINGS}/documents/${id}/[^"]+)"`).exec(after)![1]!;
  const file = await get(patient.token, link);
  expect([file.status, file.headers.get("content-type"), file.headers.get("content-disposition"), file.headers.get("content-security-policy"), file.headers.get("cache-control")]).toEqual([
    200,
    "application/pdf",
    'attachment; filename="Blood test.pdf"',
    "sandbox",
    "private, no-store",
  ]);
  expect(await file.text()).toBe(new TextDecoder().decode(PDF));

  // The doctor's card: the count and the title; the download is audited.
  const cards = await (await get(doctor.token, "/doctor-dashboard/doctor-Meetings")).text();
  expect(cards).toContain("1 report");
  const doctorLink = new RegExp(`href="(/doctor-dashboard/doctor-Meetings/documents/${id}/[^"]+)"[^>]*>Blood test<`).exec(cards)![1]!;
  expect((await get(doctor.token, doctorLink)).headers.get("content-disposition")).toBe('attachment; filename="Blood test.pdf"');
  expect((await historyOf(h.deps.database.db, "appointment", id)).filter((e) => e.action === "document_read")).toHaveLength(1);
  // Another doctor, another patient: the 404 page.
  const other = await h.signupPatient("Other Patient");
  expect((await get(other.token, link)).status).toBe(404);

  const docId = link.split("/").pop()!;
  const deleted = await follow(patient.token, await postForm(patient.token, `${MEETINGS}/documents/delete`, new URLSearchParams({ appointmentId: id, documentId: docId })));
  expect(deleted).toContain("Report deleted.");
  expect(deleted).toContain("No reports yet.");
  expect((await get(patient.token, link)).status).toBe(404);
});
