/**
 * Issue 41 item 4: the public directory's JSON, through real HTTP on a real database, with no
 * token. Filters, the three sorts (doctors without the value last), pages of 20, `q` by name,
 * specialization in either language and everyday words; and what must never show: emails,
 * statuses, unapproved or unverified doctors, unpublished or hidden reviews. The clock is the next
 * Monday 00:00 UTC (tests/support/monday.ts), so the free times do not depend on the run's hour.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../tests/support/monday";
import { startHarness, type Doctor, type Harness } from "../../../tests/support/harness";
import { publicDoctor, type PublicDetails } from "../../../tests/support/public-doctors";

const API = "/api/auth/directory/doctors";
const monday = nextMonday(new Date());
const HOUR = 3_600_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => new Date(monday);
});
afterAll(() => h.stop());

const doctor = (name: string, d: PublicDetails = {}) => publicDoctor(h, name, d);

const search = async (query: string) => {
  const res = await h.call("GET", `${API}?${query}`);
  expect(res.status).toBe(200);
  return res.body as { doctors: any[]; page: number; pages: number };
};
const names = async (query: string) => (await search(query)).doctors.map((d) => d.name);

let soon: Doctor, later: Doctor, byRequest: Doctor, busy: Doctor;
beforeAll(async () => {
  soon = await doctor("Dr. Asha Soon", { languages: "hi,en", fee: 400, hours: ["09:00", "10:00"], ratings: [3, 12] });
  later = await doctor("Dr. Bela Later", { languages: "en", fee: 0, hours: ["15:00", "16:00"], ratings: [4, 20] });
  byRequest = await doctor("Dr. Chitra Request", { languages: "hi", ratings: [2, 10] });
  // Monday 09:00-10:00 taken by a confirmed meeting: next free is a week later.
  busy = await doctor("Dr. Dev Busy", { specialization: "Cardiologist", languages: "ta", fee: 900, hours: ["09:00", "10:00"] });
  const patient = await h.signupPatient("Pat Patel");
  for (const start of [9, 9.5]) {
    const at = monday.getTime() + start * HOUR;
    await h.elsewhere("insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values (?, ?, ?, 'A check', 'confirmed', ?, ?, ?)", [
      `busy-${start}`, patient.id, busy.id, monday.getTime() - HOUR, at, at + HOUR / 2,
    ]);
  }
  // Never public: unverified, pending, blocked.
  await doctor("Dr. Hidden Unverified", { languages: "hi", fee: 100, verified: false });
  await doctor("Dr. Hidden Pending", { languages: "hi", fee: 100, status: "pending" });
  await doctor("Dr. Hidden Blocked", { languages: "hi", fee: 100, status: "blocked" });
}, 30_000);

describe("GET /directory/doctors", () => {
  test("every public doctor, soonest free time first, doctors without one last; no token needed", async () => {
    expect(await names("")).toEqual(["Dr. Asha Soon", "Dr. Bela Later", "Dr. Dev Busy", "Dr. Chitra Request"]);
    const { doctors, page, pages } = await search("");
    expect({ page, pages }).toEqual({ page: 1, pages: 1 });
    expect(doctors[0].nextFree).toEqual({ start: new Date(monday.getTime() + 9 * HOUR).toISOString(), instant: false });
    expect(doctors[2].nextFree.start).toBe(new Date(monday.getTime() + (7 * 24 + 9) * HOUR).toISOString());
    expect(doctors[3].nextFree).toBeNull();
  });

  test("sort by rating (highest average first, fewer than 3 ratings last) and by fee (lowest first, none last)", async () => {
    expect(await names("sort=rating")).toEqual(["Dr. Bela Later", "Dr. Asha Soon", "Dr. Chitra Request", "Dr. Dev Busy"]);
    const rated = await search("sort=rating");
    expect(rated.doctors.map((d) => d.rating)).toEqual([{ average: 5, count: 4 }, { average: 4, count: 3 }, { average: null, count: 2 }, { average: null, count: 0 }]);
    expect(await names("sort=fee")).toEqual(["Dr. Bela Later", "Dr. Asha Soon", "Dr. Dev Busy", "Dr. Chitra Request"]);
  });

  test("filters: specialization, language, maximum fee, free within days, together", async () => {
    expect(await names("specialization=Cardiologist")).toEqual(["Dr. Dev Busy"]);
    expect(await names("language=hi")).toEqual(["Dr. Asha Soon", "Dr. Chitra Request"]);
    expect(await names("maxFee=400")).toEqual(["Dr. Asha Soon", "Dr. Bela Later"]);
    expect(await names("maxFee=0")).toEqual(["Dr. Bela Later"]);
    expect(await names("availableDays=3")).toEqual(["Dr. Asha Soon", "Dr. Bela Later"]);
    expect(await names("language=hi&maxFee=499&specialization=Dermatologist")).toEqual(["Dr. Asha Soon"]);
    // A GET form sends the filters it leaves at "any" empty.
    expect(await names("q=&specialization=&language=&maxFee=&availableDays=&sort=")).toHaveLength(4);
  });

  test("q: a word of the name, a specialization in English or Hindi, an everyday word of either language", async () => {
    expect(await names("q=bela")).toEqual(["Dr. Bela Later"]);
    expect(await names("q=cardio")).toEqual(["Dr. Dev Busy"]);
    expect(await names(`q=${encodeURIComponent("हृदय")}`)).toEqual(["Dr. Dev Busy"]);
    expect(await names("q=skin")).toEqual(["Dr. Asha Soon", "Dr. Bela Later", "Dr. Chitra Request"]);
    expect(await names(`q=${encodeURIComponent("खुजली")}`)).toHaveLength(3);
    expect(await names("q=nobody")).toEqual([]);
  });

  test("bad input is a 400 naming the field", async () => {
    for (const [query, field] of [["sort=price", "sort"], ["maxFee=-1", "maxFee"], ["maxFee=100001", "maxFee"], ["language=xx", "language"], ["specialization=Wizard", "specialization"], ["availableDays=15", "availableDays"], ["page=0", "page"], [`q=${"a".repeat(101)}`, "q"]]) {
      const res = await h.call("GET", `${API}?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toContain(field!);
    }
  });

  test("never an email, a status, or a doctor who is not approved and verified", async () => {
    const res = await h.call("GET", `${API}?language=hi&sort=fee`);
    for (const leak of ["@example.com", "approved", "Hidden", "pending", "blocked"]) expect(res.text).not.toContain(leak);
    expect(Object.keys(res.body.doctors[0]).sort()).toEqual(["_id", "experienceYears", "fee", "languages", "name", "nextFree", "places", "profileImage", "rating", "specialization"]);
  });
});

describe("pages of 20", () => {
  test("21 more doctors make two pages; the second holds the rest; past the last is empty", async () => {
    for (let i = 0; i < 21; i++) await doctor(`Dr. Page ${String(i).padStart(2, "0")}`, { specialization: "Urologist", languages: "or" });
    const first = await search("language=or");
    expect({ page: first.page, pages: first.pages, n: first.doctors.length }).toEqual({ page: 1, pages: 2, n: 20 });
    const second = await search("language=or&page=2");
    expect({ page: second.page, pages: second.pages, names: second.doctors.map((d) => d.name) }).toEqual({ page: 2, pages: 2, names: ["Dr. Page 20"] });
    expect((await search("language=or&page=3")).doctors).toEqual([]);
  }, 30_000);

  test("one round trip however many doctors: never a query per doctor (src/db/round-trips.ts)", async () => {
    for (const query of ["", "sort=rating", "q=skin&sort=fee", "availableDays=3&language=or"]) {
      const { trips } = await h.roundTripsOf(() => h.call("GET", `${API}?${query}`));
      expect({ query, trips }).toEqual({ query, trips: 1 });
    }
    // Through the kept hints (src/actions/directory.ts byHints): a later page by next free time
    // reads its cards once it is known whose they are; free soon by rating or fee reads the page
    // after the doctors whose hints cannot say are worked out.
    for (const query of ["language=or&page=2", "availableDays=3&language=or&sort=rating"]) {
      const { trips } = await h.roundTripsOf(() => h.call("GET", `${API}?${query}`));
      expect({ query, trips: Math.min(trips, 2) }).toEqual({ query, trips });
    }
    const { trips } = await h.roundTripsOf(() => h.call("GET", `${API}/${soon.id}`));
    expect(trips).toBe(1); // the doctor and their reviews, sent together
  });
});

describe("GET /directory/doctors/{id}", () => {
  test("the profile with its registration, hours and published reviews only, newest first, by first name and initial", async () => {
    const authors = [["Pat Patel", true, null], ["Ravi Kumar Singh", true, Date.now()], ["Mina Rao", false, null], ["Zed", true, null]] as const;
    let i = 0;
    for (const [name, published, hiddenAt] of authors) {
      const patient = await h.signupPatient(name);
      const id = `done-${i++}`;
      const at = monday.getTime() - (10 - i) * 24 * HOUR;
      await h.elsewhere("insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values (?, ?, ?, 'A check', 'confirmed', ?, ?, ?)", [id, patient.id, soon.id, at, at, at + HOUR / 2]);
      await h.elsewhere(
        "insert into feedback (id, appointment_id, patient_id, doctor_id, message, rating, published, reply_text, replied_at, hidden_at, created_at) values (?, ?, ?, ?, ?, 5, ?, ?, ?, ?, ?)",
        [`f-${id}`, id, patient.id, soon.id, `Message from ${name}`, published ? 1 : 0, name === "Zed" ? "Thank you" : null, name === "Zed" ? at + HOUR : null, hiddenAt, at + HOUR / 2],
      );
    }
    const res = await h.call("GET", `${API}/${soon.id}`);
    expect(res.status).toBe(200);
    expect(res.body.doctor).toMatchObject({
      _id: soon.id, name: "Dr. Asha Soon", about: "About Dr. Asha Soon", fee: 400, languages: ["hi", "en"],
      registration: { council: "Delhi Medical Council" }, rating: { average: 4, count: 3 },
      hours: { timeZone: "UTC", weekly: [{ day: 1, start: "09:00", end: "10:00" }], instantBooking: false },
    });
    expect(res.body.reviews.map((r: any) => [r.author, r.message, r.reply?.text ?? null])).toEqual([
      ["Zed", "Message from Zed", "Thank you"],
      ["Pat P.", "Message from Pat Patel", null],
    ]);
    for (const leak of ["Mina", "Ravi", "@example.com", "approved", "daysOff"]) expect(res.text).not.toContain(leak);
  }, 15_000);

  test("404 for a doctor the directory does not show, or none", async () => {
    const unverified = await doctor("Dr. Not Yet", { verified: false });
    for (const id of [unverified.id, "no-such-doctor"]) expect((await h.call("GET", `${API}/${id}`)).status).toBe(404);
  });
});
