/**
 * The floor of a signed-in request: a bare Bun.serve beside the app that does only the work no
 * server can skip, with the app's driver (libsql, a statement prepared once and kept) on the
 * app's database file. Per request: verify the token (cached, as the app does), read the account,
 * run the route's queries, build the same JSON and `JSON.stringify` it; for a page, write the
 * app's own HTML for that page (captured once by the bench) with the island's props serialized
 * afresh from the queries. Whatever the app does beyond this is overhead.
 *
 * `bun bench/floor.ts <port> <database file> <templates.json>`, JWT_SECRET in the environment.
 */
import Libsql from "libsql";
import { readFileSync } from "node:fs";
import { brotliCompressSync } from "node:zlib";
import { freeSlots } from "../src/domain/availability";
import { floorSignIn, type Who } from "./floor-account";

const [portArg, dbPath, templatesPath] = process.argv.slice(2);
const db = new Libsql(dbPath!, { readonly: true, timeout: 5000 });
const who = floorSignIn(db, process.env.JWT_SECRET!);
/** path → the app's HTML split around the page island's data-props (or the whole page). */
const templates: Record<string, { before: string; after: string }> = JSON.parse(readFileSync(templatesPath!, "utf8"));

const VIEW = `select a.id, a.status, a.reason, a.created_at, a.scheduled_at, a.ends_at, a.meet_link,
  p.id, p.name, p.email, d.id, d.name, d.specialization, f.id, a.preferred_times, a.rescheduled_from, a.reschedule_reason
  from appointments a join patients p on p.id = a.patient_id join doctors d on d.id = a.doctor_id
  left join feedback f on f.appointment_id = a.id`;
const lists = {
  patient: db.prepare(`${VIEW} where a.patient_id = ? and a.status in ('pending', 'confirmed') order by a.scheduled_at is null, a.scheduled_at, a.created_at`).raw(true),
  pending: db.prepare(`${VIEW} where a.doctor_id = ? and a.status = 'pending' order by a.created_at`).raw(true),
  meetings: db.prepare(`${VIEW} where a.doctor_id = ? and a.status = 'confirmed' order by a.scheduled_at`).raw(true),
};
const feedbackOf = db.prepare(`select f.id, f.message, f.created_at, a.id, a.scheduled_at, a.ends_at, a.status from feedback f join appointments a on a.id = f.appointment_id where f.doctor_id = ? order by f.created_at desc`).raw(true);
const counts = db.prepare(`select specialization, count(*) from doctors where status = 'approved' group by specialization`).raw(true);
const bySpecialization = db.prepare(`select id, name, specialization, college_name, profile_image from doctors where status = 'approved' and specialization = ? order by specialization, name`).raw(true);
const doctorById = db.prepare('select * from "doctors" where "id" = ?');
// The admin table's first page (50, newest first), the doctors' count, and those 50 histories.
const firstDoctors = db.prepare("select * from doctors order by (pending_registration_number is not null and registration_reason is null) desc, created_at desc, id desc limit 50").raw(true);
const doctorCount = db.prepare("select count(*) from doctors").raw(true);
const histories = db
  .prepare(`select * from audit_events where subject = 'doctor' and subject_id in (select id from doctors order by (pending_registration_number is not null and registration_reason is null) desc, created_at desc, id desc limit 50) order by subject_id, at, id`)
  .raw(true);
const version = db.prepare('select "version" from "directory_version" where "id" = 1').raw(true);
const directory = db.prepare(`select id, name, specialization, college_name, profile_image from doctors where status = 'approved' order by specialization, name`).raw(true);

// Issue 26: a doctor's hours and the confirmed meetings of the window, as the app reads them (one statement).
const slotSource = db
  .prepare(`select d.id, d.status, h.time_zone, h.weekly, h.days_off, (
    select json_group_array(json_array(a.scheduled_at, a.ends_at)) from appointments a
    where a.doctor_id = d.id and a.status = 'confirmed' and a.scheduled_at >= ? and a.scheduled_at < ? and a.ends_at > ?
  ) from doctors d left join doctor_availability h on h.doctor_id = d.id where d.id = ?`)
  .raw(true);
function slotsAnswer(doctorId: string) {
  const now = Date.now();
  const [, , zone, weekly, daysOff, busy] = slotSource.get(now - 86_400_000, now + 15 * 86_400_000, now, doctorId) as [string, string, string, string, string, string];
  const hours = { timeZone: zone, weekly: JSON.parse(weekly), daysOff: JSON.parse(daysOff) };
  const taken = (JSON.parse(busy) as [number, number][]).map(([start, end]) => ({ start, end }));
  const slots = freeSlots(hours, taken, { now: new Date(now), days: 14, consultMinutes: 30, noticeMinutes: 120 });
  return { timeZone: zone, slots: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })) };
}

const iso = (n: number | null) => (n === null ? null : new Date(n).toISOString());
function appointments(rows: unknown[][], patientView: boolean, now: number) {
  return rows.map((r) => {
    const json: Record<string, unknown> = {
      _id: r[0],
      status: r[1] === "confirmed" && r[5] !== null && (r[5] as number) <= now ? "completed" : r[1],
      reason: r[2],
      createdAt: iso(r[3] as number),
      scheduledAt: iso(r[4] as number | null),
      meetLink: r[6],
      patient: { _id: r[7], name: r[8], email: r[9] },
      doctor: { _id: r[10], name: r[11], specialization: r[12] },
      preferredTimes: r[14] === null ? [] : JSON.parse(r[14] as string),
      rescheduled: r[15] === null ? null : { from: iso(r[15] as number), reason: r[16] },
    };
    if (patientView) json.hasFeedback = r[13] !== null;
    return json;
  });
}
const listAnswer = (rows: unknown[][], patientView: boolean, none: string) => ({
  message: rows.length === 0 ? none : patientView ? "Meetings fetched successfully" : "Appointments fetched successfully",
  appointments: appointments(rows, patientView, Date.now()),
});

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
// As the app writes island props: a JSON data block, with `<` as \u003c (src/render/island-cache.ts).
const dataBlock = (s: string) => s.replaceAll("<", "\\u003c");
function page(path: string, props: unknown) {
  const t = templates[path]!;
  const html = props === undefined ? t.before : t.before + dataBlock(JSON.stringify(props)) + t.after;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "private, no-store" } });
}

let cachedDirectory: { version: unknown; body: Uint8Array } | undefined;

/** Each route: what it reads and what it answers. */
function answer(path: string, user: Who): Response {
  const id = user.account.id as string;
  switch (path) {
    case "/api/auth/patient-dashboard/patient-meetings":
      return json(listAnswer(lists.patient.all(id) as unknown[][], true, "No meetings found."));
    case "/api/auth/doctor-dashboard/appointments":
      return json(listAnswer(lists.pending.all(id) as unknown[][], false, "No pending appointments."));
    case "/api/auth/doctor-dashboard/doctor-meetings":
      return json({ ...listAnswer(lists.meetings.all(id) as unknown[][], false, "No meetings found."), message: "Meetings fetched successfully" });
    case "/api/auth/patient-dashboard/doctors": {
      const v = (version.get() as unknown[])[0];
      if (cachedDirectory?.version !== v) {
        const rows = (directory.all() as unknown[][]).map((r) => ({ _id: r[0], name: r[1], specialization: r[2], collegeName: r[3], profileImage: r[4] }));
        cachedDirectory = { version: v, body: new Uint8Array(brotliCompressSync(JSON.stringify(rows))) };
      }
      return new Response(cachedDirectory!.body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": "application/json", "Content-Encoding": "br", "Cache-Control": "private, no-cache" } });
    }
    case "/patient-dashboard": {
      const n = new Map((counts.all() as [string, number][]).map(([s, c]) => [s, c]));
      return page(path, { query: "", specializations: [...n].map(([name, count]) => ({ name, count })) });
    }
    case "/patient-dashboard/specialization/Cardiologist":
      JSON.stringify(bySpecialization.all("Cardiologist")); // the list is server HTML: its data, serialized
      return page(path, undefined);
    case "/patient-dashboard/patient-meetings":
      return page(path, { appointments: appointments(lists.patient.all(id) as unknown[][], true, Date.now()), timeZone: "UTC" });
    case "/patient-dashboard/patient-profile":
    case "/doctor-dashboard/doctor-profile":
      return page(path, { role: user.role, profile: { _id: id, name: user.account.name, email: user.account.email, profileImage: user.account.profile_image } });
    case "/doctor-dashboard":
      return page(path, { appointments: appointments(lists.pending.all(id) as unknown[][], false, Date.now()), timeZone: "UTC" });
    case "/doctor-dashboard/doctor-Meetings": {
      const feedback = new Map((feedbackOf.all(id) as unknown[][]).map((f) => [f[3], f[1]]));
      const meetings = appointments(lists.meetings.all(id) as unknown[][], false, Date.now()).map((m) => ({ ...m, feedback: feedback.get(m._id) ?? null }));
      return page(path, { meetings, timeZone: "UTC" });
    }
    case "/admin-dashboard": {
      const history = new Map<string, unknown[]>();
      for (const h of histories.all() as unknown[][]) {
        const list = history.get(h[5] as string) ?? [];
        list.push({ action: h[6], from: h[7], to: h[8], at: iso(h[1] as number), by: h[2] });
        history.set(h[5] as string, list);
      }
      const doctors = (firstDoctors.all() as unknown[][]).map((d) => ({ _id: d[0], name: d[1], email: d[2], specialization: d[4], collegeName: d[5], status: d[6], profileImage: d[7], createdAt: iso(d[9] as number), statusHistory: history.get(d[0] as string) ?? [] }));
      doctorCount.get(); // the pager's "Page 1 of N": its text is in the captured page
      return page(path, { doctors, page: 1, timeZone: "UTC" });
    }
    default:
      if (path.startsWith("/api/auth/patient-dashboard/doctors/") && path.endsWith("/slots")) {
        return json(slotsAnswer(decodeURIComponent(path.split("/")[5]!)));
      }
      if (path.startsWith("/patient-dashboard/bookAppointment/")) {
        const doctor = doctorById.get(decodeURIComponent(path.slice(path.lastIndexOf("/") + 1))) as Record<string, unknown>;
        return page("/patient-dashboard/bookAppointment", { doctorId: doctor.id, doctorName: doctor.name });
      }
      return new Response("Not found", { status: 404 });
  }
}

const cookieToken = (cookie: string | null) => cookie?.match(/(?:^|;\s*)carebook_session=([^;]+)/)?.[1];

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(portArg ?? 0),
  async fetch(req) {
    const url = req.url;
    const path = url.slice(url.indexOf("/", 8)).split("?")[0]!;
    const bearer = req.headers.get("authorization")?.slice("Bearer ".length);
    const user = await who(bearer ?? cookieToken(req.headers.get("cookie")));
    if (user === undefined) return new Response("Unauthorized", { status: 401 });
    return answer(path, user);
  },
});
console.log(`floor listening on ${server.url.href}`);
