/**
 * /admin-dashboard/overview as the server renders it (issue 58): after the known mix of activity,
 * the totals with Indian digit grouping, the two charts (inline SVG with a <title>, colours from
 * the theme's classes) each beside a table of the same numbers, in English and Hindi; no script
 * on the page; a bad period answered 400 with the words beside the form; the page's CSV (Hindi
 * names, a BOM); the admin only; and the page within 20 KB with brotli.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliCompressSync, constants } from "node:zlib";
import { startHarness, type Harness } from "../../../tests/support/harness";
import { nextMonday } from "../../../tests/support/monday";
import { mixedRun, RUN_ENV, type Run } from "../../../tests/support/stats-run";
import { grouped } from "../../components/Stats";

let h: Harness;
let run: Run;
let admin: string;
const monday = nextMonday(new Date());
const dayOf = (days: number) => new Date(monday.getTime() + days * 86_400_000).toISOString().slice(0, 10);
let clock = monday;

beforeAll(async () => {
  h = await startHarness(RUN_ENV);
  h.deps.now = () => new Date(clock);
  run = await mixedRun(h, monday, (t) => (clock = t));
  clock = new Date(monday.getTime() + 12 * 3600_000);
  admin = await h.admin();
});
afterAll(() => h.stop());

const open = (query = "", token = admin, lang = "en") =>
  h.app.request(`/admin-dashboard/overview${query}`, { headers: { cookie: `carebook_session=${token}; lang=${lang}`, "accept-language": lang } });

describe("GET /admin-dashboard/overview", () => {
  test("the totals, the charts with their titles and tables, no script", async () => {
    const res = await open(`?from=${dayOf(-2)}&to=${dayOf(1)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const count = (key: string) => html.match(new RegExp(`data-count="${key}">([^<]*)<`))?.[1];
    expect([count("requested"), count("instant"), count("scheduled"), count("completed"), count("cancelledByAdmin"), count("newPatients")]).toEqual(["5", "1", "2", "2", "1", "3"]);
    expect(count("noShowRate")).toBe("0%");
    expect(count("medianHoursToSchedule")).toBe("1 h");
    // Two charts, each an image with its title; bars in the theme's classes.
    expect(html.match(/<svg class="chart-svg"[^>]*role="img"/g)?.length).toBe(2);
    expect(html).toContain('<title id="chart-days-title">Bookings and no-shows per day, Sat, 5 Dec 2026 to Tue, 8 Dec 2026: at most 3 a day</title>'.replace("Sat, 5 Dec 2026", formatted(dayOf(-2))).replace("Tue, 8 Dec 2026", formatted(dayOf(1))));
    expect(html).toContain('<title id="chart-specs-title">');
    expect(html.match(/<rect class="chart-bar"/g)?.length).toBe(1);
    // The tables beside them: 4 days, 2 specializations.
    expect(html.match(/<details class="dir-fold chart-table" id="by-day-table">[\s\S]*?<\/details>/)?.[0].match(/<tr>/g)?.length).toBe(5);
    expect(html).toContain("<th scope=\"row\">Cardiologist</th><td>5</td><td>2</td>");
    expect(html).toContain(`href="/admin-dashboard/overview?from=${dayOf(-2)}&amp;to=${dayOf(1)}&amp;format=csv&amp;table=byDay"`);
    expect(html).not.toMatch(/<script(?![^>]*type="application\/json")[^>]*src=/);
    expect(html).toContain('href="/admin-dashboard/overview" aria-current="page"');
  });

  test("in Hindi: Hindi labels and the specialization's Hindi name", async () => {
    const html = await (await open(`?from=${dayOf(-2)}&to=${dayOf(1)}`, admin, "hi")).text();
    expect(html).toContain("हर दिन की बुकिंग और न आने वाले");
    expect(html).toContain("हृदय रोग विशेषज्ञ (कार्डियोलॉजिस्ट)");
    expect(html).toContain(">सारांश<");
  });

  test("Indian digit grouping in both languages", () => {
    expect(grouped(1234567, "en")).toBe("12,34,567");
    expect(grouped(1234567, "hi")).toBe("12,34,567");
  });

  test("a reversed or too long period: 400, the words beside the form, no numbers", async () => {
    const reversed = await open(`?from=${dayOf(1)}&to=${dayOf(-2)}`);
    expect(reversed.status).toBe(400);
    const html = await reversed.text();
    expect(html).toContain('<p id="period-error" class="notice notice-error" role="alert">The first date must not be after the last.</p>');
    expect(html).not.toContain("chart-svg");
    const long = await open(`?from=${dayOf(-400)}&to=${dayOf(0)}`, admin, "hi");
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("कृपया अधिकतम 366 दिन चुनें।");
  });

  test("the CSV of each table: a BOM, one header row, the page's language for names", async () => {
    const res = await open(`?from=${dayOf(-2)}&to=${dayOf(1)}&format=csv&table=bySpecialization`, admin, "hi");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "specialization,label,requested,booked,medianDaysToFirstFree",
      "Cardiologist,हृदय रोग विशेषज्ञ (कार्डियोलॉजिस्ट),5,2,",
      "Dermatologist,त्वचा रोग विशेषज्ञ (डर्मेटोलॉजिस्ट),1,1,",
    ]);
    const byDay = await (await open(`?from=${dayOf(-2)}&to=${dayOf(-2)}&format=csv`)).text();
    expect(byDay.trimEnd().split("\r\n")[1]).toBe(`${dayOf(-2)},5,1,2,0,0,1,0,1,0,0,3,3,0,0`);
  });

  test("only the admin; the page within 20 KB with brotli for a full year", async () => {
    const doctor = await open("", run.a.token);
    expect(doctor.status).not.toBe(200);
    for (const query of ["", `?from=${dayOf(-365)}&to=${dayOf(0)}`]) {
      const html = await (await open(query)).text();
      const size = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      expect({ query, fits: size <= 20 * 1024 }).toEqual({ query, fits: true });
    }
  });
});

function formatted(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(Date.parse(`${date}T00:00:00Z`));
}

describe("the doctor's dashboard: their last 8 weeks", () => {
  test("a chart of their appointments per week with its title and table, their rate and busiest time, nothing of others", async () => {
    const page = async (token: string) =>
      (await h.app.request("/doctor-dashboard", { headers: { cookie: `carebook_session=${token}; lang=en`, "accept-language": "en" } })).text();
    const a = await page(run.a.token);
    expect(a).toContain('<title id="chart-weeks-title">Your appointments per week, the last 8 weeks: at most 1 a week</title>');
    expect(a.match(/<details class="dir-fold chart-table" id="my-weeks-table">[\s\S]*?<\/details>/)?.[0].match(/<tr>/g)?.length).toBe(9);
    expect(a.match(/<rect class="chart-bar"/g)?.length).toBe(1);
    expect(a).toContain("No-show rate: 0%; busiest: Monday at 16:00");
    // b's page counts b's one meeting (09:00 in b's zone, UTC), never a's.
    const b = await page(run.b.token);
    expect(b).toContain("busiest: Monday at 09:00");
  });
});
