/**
 * Issue 41 items 4 and 5, the pages: /doctors and /doctors/{id} need no account, send no script
 * but the loader that reports the browser's zone (issue 52),
 * weigh at most 12,288 bytes with brotli (a full page of 20 doctors), answer 304 for their ETag,
 * carry a title, a description and a canonical address, read in Hindi; "Book" leads through
 * signup back to the doctor's booking page (never to another site); the home page's cards link
 * to the profiles; the specialization page shows the same card and the booking page the fee.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { nextMonday } from "../../../../tests/support/monday";
import { PASSWORD, startHarness, uniqueEmail, type Doctor, type Harness } from "../../../../tests/support/harness";
import { publicDoctor } from "../../../../tests/support/public-doctors";

const BUDGET = 12_288;
const monday = nextMonday(new Date());
let h: Harness;
let neha: Doctor, hidden: Doctor;

beforeAll(async () => {
  h = await startHarness();
  h.deps.now = () => new Date(monday);
  neha = await publicDoctor(h, "Dr. Neha Sharma", { languages: "hi,en", fee: 400, hours: ["09:00", "13:00"], ratings: [5, 23] });
  await publicDoctor(h, "Dr. Free Clinic", { specialization: "General Physician", languages: "ta", fee: 0 });
  hidden = await publicDoctor(h, "Dr. Not Verified", { languages: "hi", fee: 100, verified: false });
  // A full first page and a second: 20 cards of the longest kind (every detail filled in).
  for (let i = 0; i < 20; i++) {
    await publicDoctor(h, `Dr. Aparajita Venkataraman-Chattopadhyay ${i}`, { specialization: "Gastroenterologist", languages: "en,hi,bn,te,mr,ta,ur,gu", fee: 1500 + i, hours: ["10:00", "11:00"], ratings: [3 + i, 12 + 4 * i] });
  }
  const patient = await h.signupPatient("Pat Patel");
  const at = monday.getTime() - 86_400_000;
  await h.elsewhere("insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values ('r1', ?, ?, 'A rash', 'confirmed', ?, ?, ?)", [patient.id, neha.id, at, at, at + 1_800_000]);
  await h.elsewhere("insert into feedback (id, appointment_id, patient_id, doctor_id, message, rating, published, reply_text, replied_at, created_at) values ('f1', 'r1', ?, ?, 'Kind and clear.', 5, 1, 'Thank you!', ?, ?)", [patient.id, neha.id, at + 3_600_000, at + 2_000_000]);
}, 60_000);
afterAll(() => h.stop());

/** Script that runs: anything but the islands' JSON data blocks (the passive theme toggle's props). */
const runnable = (html: string) => html.replace(/<script type="application\/json">[^<]*<\/script>/g, "").match(/<script\b/g) ?? [];
/** Issue 52: the one script a public page sends is the islands' loader, which reports the browser's zone (the `tz` cookie) and loads the page again in it. */
const onlyZoneLoader = (html: string) => {
  expect(runnable(html)).toHaveLength(1);
  expect(html).toContain('D.cookie="tz="+z');
};

const get = (path: string, headers: Record<string, string> = {}) => h.app.request(path, { headers: { "accept-language": "en", ...headers } });

/** The page as a browser gets it: brotli bytes on the wire, and its HTML. */
async function page(path: string, headers: Record<string, string> = {}) {
  const br = await get(path, { "accept-encoding": "br", ...headers });
  const plain = await get(path, headers);
  return { status: br.status, brotli: (await br.arrayBuffer()).byteLength, encoding: br.headers.get("content-encoding"), etag: br.headers.get("etag"), html: await plain.text(), headers: plain.headers };
}

describe("/doctors", () => {
  test("a full page: only the zone loader, within 12,288 brotli bytes, a title, description and canonical, 20 cards and a real next link", async () => {
    const p = await page("/doctors?sort=fee");
    expect(p.status).toBe(200);
    expect(p.encoding).toBe("br");
    expect(p.brotli).toBeLessThanOrEqual(BUDGET);
    onlyZoneLoader(p.html);
    expect(p.html).toContain("<title>Find a doctor | Carebook</title>");
    // Issue 52: the footer's year is the clock's, not a year written once.
    expect(p.html).toContain(`© ${new Date().getUTCFullYear()} Carebook. All rights reserved.`);
    expect(p.html).toMatch(/<meta name="description" content="[^"]+"\/>/);
    expect(p.html).toContain('<link rel="canonical" href="/doctors?sort=fee"/>');
    expect(p.html.match(/class="card doctor-card"/g)).toHaveLength(20);
    expect(p.html).toContain('href="/doctors?sort=fee&amp;page=2" rel="next"');
    expect(p.html).not.toContain("Dr. Not Verified");
    // The card: fee ("Free" for 0), languages by name, rating, next free time with its zone, and the profile link.
    expect(p.html).toContain("Fee: free");
    const second = await page("/doctors?sort=fee&page=2");
    expect(second.html).toContain('rel="prev"');
    expect(second.html).toContain("Fee: ₹1,519");
  });

  test("filters and sort come from the GET form: a Hindi-speaking dermatologist under 500 rupees", async () => {
    const p = await page("/doctors?q=&specialization=Dermatologist&language=hi&maxFee=499&sort=next");
    expect(p.html.match(/class="card doctor-card"/g)).toHaveLength(1);
    expect(p.html).toContain("Dr. Neha Sharma");
    expect(p.html).toContain("Speaks Hindi, English");
    expect(p.html).toContain("Fee: ₹400");
    expect(p.html).toContain("★ 4.6 (5 ratings)");
    expect(p.html).toContain(`datetime="${new Date(monday.getTime() + 9 * 3_600_000).toISOString()}"`);
    expect(p.html).toContain(`href="/doctors/${neha.id}"`);
    expect(p.html).toContain('<link rel="canonical" href="/doctors?specialization=Dermatologist&amp;language=hi&amp;maxFee=499"/>');
  });

  test("ETag: the same page again with If-None-Match is a 304 without a body; a different page is not", async () => {
    const first = await page("/doctors");
    expect(first.etag).toMatch(/^"/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await get("/doctors", { "if-none-match": first.etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await get("/doctors?sort=rating", { "if-none-match": first.etag! })).status).toBe(200);
  });

  test("in Hindi: the page's words, the language names and the specializations", async () => {
    const p = await page("/doctors?specialization=Dermatologist", { cookie: "lang=hi" });
    expect(p.html).toContain('<html lang="hi"');
    expect(p.html).toContain("डॉक्टर खोजें");
    expect(p.html).toContain("भाषाएँ: हिन्दी, अंग्रेज़ी");
    expect(p.html).toContain("फ़ीस: ₹400");
  });

  test("a filter it does not understand: 400 with the form and why", async () => {
    const res = await get("/doctors?maxFee=cheap");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("maxFee must be a whole number");
    expect(html).toContain('action="/doctors"');
  });
});

describe("/doctors/{id}", () => {
  test("the profile: about, registration, hours as words, the published review with its reply; only the zone loader, light, 304 by ETag", async () => {
    const p = await page(`/doctors/${neha.id}`);
    expect(p.status).toBe(200);
    expect(p.brotli).toBeLessThanOrEqual(BUDGET);
    onlyZoneLoader(p.html);
    expect(p.html).toContain("<title>Dr. Neha Sharma, Dermatologist | Carebook</title>");
    expect(p.html).toContain(`<link rel="canonical" href="/doctors/${neha.id}"/>`);
    // Issue 52: the hours (09:00–13:00 UTC) on the reader's clock, India's by default, the doctor's own zone as a note.
    for (const text of ["About Dr. Neha Sharma", "(verified by Carebook)", "Monday: 14:30–18:30", "Tuesday: Closed", "Pat P.", "Kind and clear.", "Thank you!"]) expect(p.html).toContain(text);
    expect(p.html).toContain("On your clock, India Standard Time (Kolkata). The doctor&#39;s own time zone: Coordinated Universal Time (UTC).");
    expect(p.html).toContain('data-zone-rendered="Asia/Kolkata Asia/Calcutta">Times are in India Standard Time (Kolkata).');
    expect(p.html).not.toMatch(/(patient|doctor)\d+\.\d+@example\.com/);
    expect(p.html).toContain(`href="/loginPatient?next=${encodeURIComponent(`/patient-dashboard/bookAppointment/${neha.id}`)}"`);
    expect((await get(`/doctors/${neha.id}`, { "if-none-match": p.etag! })).status).toBe(304);
  });

  test("issue 52: a browser that reported its zone reads the hours and times on its clock; never an IANA id on the page", async () => {
    const utc = await page(`/doctors/${neha.id}`, { cookie: "tz=UTC" });
    expect(utc.html).toContain("Monday: 09:00–13:00");
    expect(utc.html).toContain("In the doctor&#39;s time zone, Coordinated Universal Time (UTC).");
    const hindi = await page(`/doctors/${neha.id}`, { cookie: "tz=Asia%2FCalcutta", "accept-language": "hi" });
    expect(hindi.html).toContain("आपकी घड़ी के अनुसार, भारतीय मानक समय (कोलकाता)। डॉक्टर का अपना समय क्षेत्र: समन्वित वैश्विक समय (UTC)।");
    for (const html of [utc.html, hindi.html]) expect(html.replace(/<script[^>]*>[^<]*<\/script>/g, "")).not.toMatch(/Asia\/(Calcutta|Kolkata)<|>[^<]*\b(Asia|Europe)\/[A-Z]/);
  });

  test("twenty reviews of the longest kind, in Hindi: the page shows the newest that fit and stays within 12,288 brotli bytes", async () => {
    const busy = await publicDoctor(h, "Dr. Much Reviewed", { languages: "hi" });
    const words = ["त्वचा", "डॉक्टर", "ने", "बहुत", "ध्यान", "से", "सुना", "और", "दवा", "समझाई", "खुजली", "कम", "हुई", "धन्यवाद", "दाने", "मलहम", "दिन", "बाद", "फिर", "मिलने", "कहा", "सलाह", "साफ़", "थी", "इलाज", "अच्छा", "रहा", "समय", "पर", "मिले"];
    // Text as varied as people write (a fixed pseudo-random walk over the words), so it compresses no better than theirs.
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const messages: string[] = [];
    for (let i = 0; i < 20; i++) {
      const patient = await h.signupPatient(`Reviewer${i} Kumar`);
      let message = "";
      while (message.length < 2000) message += `${words[next() % words.length]}${next() % 6 === 0 ? "। " : " "}`;
      messages.push(message.slice(0, 2000).trim());
      const at = monday.getTime() - (30 - i) * 86_400_000;
      await h.elsewhere("insert into appointments (id, patient_id, doctor_id, reason, status, created_at, scheduled_at, ends_at) values (?, ?, ?, 'A rash', 'confirmed', ?, ?, ?)", [`long-${i}`, patient.id, busy.id, at, at, at + 1_800_000]);
      await h.elsewhere("insert into feedback (id, appointment_id, patient_id, doctor_id, message, rating, published, created_at) values (?, ?, ?, ?, ?, 4, 1, ?)", [`lf-${i}`, `long-${i}`, patient.id, busy.id, messages[i]!, at + 2_000_000]);
    }
    expect((await h.call("GET", `/api/auth/directory/doctors/${busy.id}`)).body.reviews).toHaveLength(20);
    const p = await page(`/doctors/${busy.id}`, { cookie: "lang=hi" });
    expect(p.brotli).toBeLessThanOrEqual(BUDGET);
    expect(p.html).toContain("Reviewer19 K.");
    expect(p.html).toContain(messages[19]!);
    expect(p.html.match(/class="review"/g)!.length).toBeLessThan(20);
  }, 30_000);

  test("a doctor the directory does not show is the 404 page", async () => {
    for (const id of [hidden.id, "nobody"]) expect((await get(`/doctors/${id}`)).status).toBe(404);
  });
});

describe("Book: signup and back to the doctor's booking page", () => {
  const next = () => `/patient-dashboard/bookAppointment/${neha.id}`;
  const post = (path: string, fields: Record<string, string>) =>
    h.app.request(path, { method: "POST", headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

  test("the signup page carries `next` in its form and its login link; the post goes on to it", async () => {
    const html = await (await get(`/signupPatient?next=${encodeURIComponent(next())}`)).text();
    expect(html).toContain(`name="next" value="${next()}"`);
    expect(html).toContain(`href="/loginPatient?next=${encodeURIComponent(next())}"`);
    const res = await post("/signupPatient", { name: "Vis Itor", email: uniqueEmail("visitor"), password: PASSWORD, consent: "on", next: next() });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(next());
    // Signed in, the booking page opens and shows the fee before booking (item 5).
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const booking = await get(next(), { cookie });
    expect(booking.status).toBe(200);
    expect(await booking.text()).toContain("Fee: ₹400");
  });

  test("a `next` outside the patient's pages is ignored: the dashboard", async () => {
    for (const evil of ["//evil.example/x", "https://evil.example", "/admin-dashboard", "/patient-dashboard/../admin", "/patient-dashboard/%2e%2e/admin", "/\\evil"]) {
      const res = await post("/signupPatient", { name: "Vis Itor", email: uniqueEmail("visitor"), password: PASSWORD, consent: "on", next: evil });
      expect({ evil, location: res.headers.get("location") }).toEqual({ evil, location: "/patient-dashboard" });
    }
  });
});

describe("item 5 and the home page", () => {
  test("the home page's cards of verified doctors link to their profiles, and it links to the directory", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain('href="/doctors"');
    expect(html).toMatch(/href="\/doctors\/[^"]+"/);
    expect(html).not.toContain(`href="/doctors/${hidden.id}"`);
  });

  test("the specialization page shows the same card: fee, languages, rating, next free time", async () => {
    const patient = await h.signupPatient();
    const res = await get("/patient-dashboard/specialization/Dermatologist", { cookie: `carebook_session=${patient.token}` });
    const html = await res.text();
    for (const text of ["Dr. Neha Sharma", "Speaks Hindi, English", "Fee: ₹400", "★ 4.6 (5 ratings)", "Next free:"]) expect(html).toContain(text);
    // A patient sees every approved doctor there, verified or not.
    expect(html).toContain("Dr. Not Verified");
  });

  test("the specialization page shows twenty doctors a page by name, with real links to the pages either side; a page past the last, or not a number, is not found (issue 57)", async () => {
    const patient = await h.signupPatient();
    const cookie = { cookie: `carebook_session=${patient.token}` };
    // 21 approved gastroenterologists: the 20 above and one not verified, first by name.
    await publicDoctor(h, "Dr. Aaron Unverified", { specialization: "Gastroenterologist", verified: false });
    const path = "/patient-dashboard/specialization/Gastroenterologist";
    const names = (html: string) => [...html.matchAll(/aria-label="Book appointment with ([^"]+)"/g)].map((m) => m[1]);
    const first = await (await get(path, cookie)).text();
    const order = ["Dr. Aaron Unverified", ...[0, 1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 2, 3, 4, 5, 6, 7, 8].map((i) => `Dr. Aparajita Venkataraman-Chattopadhyay ${i}`)];
    expect(names(first)).toEqual(order);
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain(`href="${path}?page=2" rel="next"`);
    expect(first).not.toContain('rel="prev"');
    const second = await get(`${path}?page=2`, cookie);
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(names(html)).toEqual(["Dr. Aparajita Venkataraman-Chattopadhyay 9"]);
    expect(html).toContain(`href="${path}" rel="prev"`);
    expect(html).not.toContain('rel="next"');
    for (const page of ["3", "0", "two", "1e3"]) expect((await get(`${path}?page=${page}`, cookie)).status, page).toBe(404);
  });
});
