/**
 * Issue 15: every page of SPEC §2 (both themes of the prerendered ones, signed in where the page
 * needs it) carries the stylesheet inline, and its Content-Security-Policy allows exactly that
 * `<style>` by its SHA-256, with no 'unsafe-inline' anywhere and no stylesheet to fetch.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startHarness, type Harness } from "../../tests/support/harness";
import { STATIC_DIR } from "../config/assets";
import { clientManifest } from "./client-assets";
import { inlineCss, parseStylesheet, stylesheetFor } from "./inline-css";

let h: Harness;
let tokens: Record<"patient" | "doctor" | "admin", string>;
let doctorId: string;

beforeAll(async () => {
  h = await startHarness();
  const [patient, doctor, admin] = await Promise.all([h.signupPatient(), h.signupDoctor(), h.admin()]);
  // A status change ends the doctor's sessions: log in again, as the doctor would.
  const login = await h.call("POST", "/api/auth/loginDoctor", { json: { email: doctor.email, password: "correct-horse-1" } });
  tokens = { patient: patient.token, doctor: login.body.token, admin };
  doctorId = doctor.id;
});
afterAll(() => h.stop());

type Page = { path: () => string; as?: keyof typeof tokens; status?: number };
const PAGES: Page[] = [
  ...["/", "/about", "/services", "/privacy", "/loginPatient", "/signupPatient", "/loginDoctor", "/signupDoctor", "/loginAdmin"].map((p) => ({ path: () => p })),
  { path: () => "/no-such-page", status: 404 },
  { path: () => "/patient-dashboard", as: "patient" },
  { path: () => "/patient-dashboard/specialization/Cardiologist", as: "patient" },
  { path: () => `/patient-dashboard/bookAppointment/${doctorId}`, as: "patient" },
  { path: () => "/patient-dashboard/patient-meetings", as: "patient" },
  { path: () => "/patient-dashboard/patient-profile", as: "patient" },
  { path: () => "/doctor-dashboard", as: "doctor" },
  { path: () => "/doctor-dashboard/doctor-Meetings", as: "doctor" },
  { path: () => "/doctor-dashboard/doctor-profile", as: "doctor" },
  { path: () => "/admin-dashboard", as: "admin" },
];

/** Whether every rule of `part` is a rule of `whole`, in the same order (an `@media` block's rules within the same block). */
function inSameOrder(part: string, whole: string): boolean {
  const flatten = (css: string) => parseStylesheet(css).flatMap((b) => ("open" in b ? b.rules.map((r) => `${b.open}${r.text}`) : [b.text]));
  const all = flatten(whole);
  let at = 0;
  for (const rule of flatten(part)) {
    at = all.indexOf(rule, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("base64");

/** The CSP as directive name -> sources. */
const directives = (csp: string) => new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

/** The page in `theme`, signed in as the page needs, uncompressed. */
const requestPage = (page: Page, theme: string) => {
  const cookies = [`theme=${theme}`, ...(page.as ? [`carebook_session=${tokens[page.as]}`] : [])];
  return h.app.request(page.path(), { headers: { cookie: cookies.join("; "), "accept-encoding": "identity" } });
};

describe("every page's inline stylesheet is allowed by its hash", () => {
  for (const page of PAGES) {
    for (const theme of ["light", "dark"]) {
      test(`${page.path()} (${theme}${page.as ? `, as ${page.as}` : ""})`, async () => {
        const res = await requestPage(page, theme);
        expect(res.status).toBe(page.status ?? 200);
        const html = await res.text();
        const csp = res.headers.get("content-security-policy") ?? "";

        const styles = [...html.matchAll(/<style(?: data-full="([^"]*)")?>([\s\S]*?)<\/style>/g)];
        expect(styles).toHaveLength(1);
        const [, full, style] = styles[0]!;
        expect(style!.length).toBeGreaterThan(1000);
        // The page's rules only (issue 29): a part of the whole stylesheet, in its order...
        expect(style!.length).toBeLessThan(inlineCss().text.length);
        expect(inSameOrder(style!, inlineCss().text)).toBe(true);
        // ...and a page whose islands may come alive names the whole one, for the client entry.
        expect(full).toBe(html.includes("<script>") ? clientManifest().css : undefined);
        const styleSrc = directives(csp).get("style-src") ?? [];
        expect(styleSrc).toContain(`'sha256-${sha256(style!)}'`);
        expect(styleSrc).toContain("'self'");
        expect(csp).not.toContain("unsafe-inline");
        expect(csp).not.toContain("unsafe-hashes");
        // Nothing to fetch before the first paint: no stylesheet link, no inline style attribute.
        expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
        expect(html).not.toMatch(/\sstyle="/);
      });

      test(`${page.path()} (${theme}) draws its symbols, not characters a text font may lack`, async () => {
        const html = await (await requestPage(page, theme)).text();
        // Arrows, technical and miscellaneous symbols, dingbats (U+2190-U+2BFF), as characters or
        // references: each would send the browser looking for a fallback font before the first
        // layout (islands/lib/icons.ts). The admin history's arrow sits in a closed <details>.
        const shown = html.replace(/<details class="history">[\s\S]*?<\/details>/g, "").replace(/<script[\s\S]*?<\/script>/g, "");
        const references = [...shown.matchAll(/&#(\d+);/g)].map((m) => String.fromCodePoint(Number(m[1])));
        const named = shown.match(/&(larr|rarr|uarr|darr|harr);/g) ?? [];
        expect([...shown, ...references].filter((ch) => ch.codePointAt(0)! >= 0x2190 && ch.codePointAt(0)! <= 0x2bff)).toEqual([]);
        expect(named).toEqual([]);
      });
    }
  }
});

describe("the build-time hash", () => {
  test("is the hash of the built stylesheet, and the same text is what pages inline", () => {
    const manifest = clientManifest();
    const built = readFileSync(join(STATIC_DIR, manifest.css.replace(/^\/static\//, "")), "utf8");
    expect(manifest.cssHash).toBe(sha256(built));
    expect(inlineCss()).toEqual({ text: built, hash: manifest.cssHash });
  });

  test("read as rules, it is the same text again", () => {
    const css = inlineCss().text;
    const blocks = parseStylesheet(css);
    expect(blocks.length).toBeGreaterThan(100);
    expect(blocks.map((b) => ("open" in b ? `${b.open}{${b.rules.map((r) => r.text).join("")}}` : b.text)).join("")).toBe(css.trim());
  });

  test("a page's subset keeps the rules its classes and ids can match, and no other", () => {
    const css = (html: string) => stylesheetFor(html).text;
    // Element, attribute and :root rules always; a class rule only with its class.
    const bare = css("<p>text</p>");
    expect(bare).toContain(":root{");
    expect(bare).toContain("[data-theme=dark]{");
    expect(bare).toContain("body{");
    expect(bare).not.toContain(".admin-table");
    expect(bare).not.toContain(".card{");
    const card = css('<div class="card meeting">x</div>');
    expect(card).toContain(".card{");
    expect(card).toContain(".meeting p{");
    expect(card).not.toContain(".meeting-head");
    // A selector naming two classes needs both; :not(...) and [...] need nothing.
    expect(css('<li class="card"><h3>x</h3></li>')).toContain(".card h1,.card h2,.card h3{");
    expect(css('<a class="menu-panel">x</a>')).toContain(".menu-panel a:not(.button)");
    // Inside @media: the block is kept with only the rules that apply, or left out.
    expect(css('<table class="admin-table"></table>')).toMatch(/@media \(max-width:37\.5rem\)\{[^}]*\.admin-table/);
    expect(bare).not.toContain("@media (max-width:37.5rem)");
    // The same subset is one object, hashed once.
    expect(stylesheetFor('<div class="card">y</div>')).toBe(stylesheetFor('<div class="card">z</div>'));
  });

  test("names two font families: the minifier does not widen system-ui into a ten-family stack", () => {
    // Bun's CSS minifier writes system-ui as system-ui,-apple-system,BlinkMacSystemFont,Segoe UI,
    // Roboto,Noto Sans,Ubuntu,Cantarell,Helvetica Neue,sans-serif; a character missing from the
    // first font is then looked for in each of them (docs/performance.md, issue 29).
    const css = inlineCss().text;
    expect(css).toContain("--sans:system-ui,sans-serif");
    expect(css).toContain("font:16px/1.55 var(--sans)");
    expect(css).not.toContain("BlinkMacSystemFont");
  });

  test("sets type from the scale: 0.9, 1, 1.15 and 1.3rem, h1's size, and two weights", () => {
    // Each size and weight a page uses is a font the first layout asks the system for and shapes
    // with: the meetings pages used eleven, now eight (docs/performance.md, issue 29).
    const css = inlineCss().text;
    const values = (property: string) => new Set([...css.matchAll(new RegExp(`[;{]${property}:([^;}]+)`, "g"))].map((m) => m[1]));
    expect(values("--small")).toEqual(new Set([".9rem"]));
    expect(values("--h3")).toEqual(new Set(["1.15rem"]));
    expect(values("--h2")).toEqual(new Set(["1.3rem"]));
    expect(values("--bold")).toEqual(new Set(["700"]));
    // 1rem for the feedback's headings, 2rem for the profile's large initials.
    expect(values("font-size")).toEqual(new Set(["clamp(1.6rem,4vw,2.2rem)", "var(--h2)", "var(--h3)", "var(--small)", "1rem", "2rem"]));
    expect(values("font-weight")).toEqual(new Set(["var(--bold)", "400"]));
    expect(values("font")).toEqual(new Set(["16px/1.55 var(--sans)", "inherit"]));
  });

  test("answers that are not pages allow the same style and nothing inline", async () => {
    const res = await h.call("GET", "/api/auth/patient-profile");
    expect(res.status).toBe(401);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(directives(csp).get("style-src")).toEqual(["'self'", `'sha256-${clientManifest().cssHash}'`]);
    expect(csp).not.toContain("unsafe-inline");
  });
});
