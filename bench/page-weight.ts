/**
 * Page weight as a real browser sees it: Chromium loads every route of SPEC §2 and the Chrome
 * DevTools protocol reports each response's bytes on the wire (headers + compressed body; 0 for
 * what came from the cache). A first visit is what a fresh browser context sends (its cache, cookies
 * and storage as new: `weighRoutes`); a repeat visit is a second navigation to the same URL after
 * it. Shared by the CI test (tests/e2e/page-weight.spec.ts) and the benchmark (bench/run.ts).
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { jsonClient } from "../tests/support/http";
import { inlineCssOnWire } from "./inline-css-weight";
import { planningWeek } from "./plan";

export type Kind = "html" | "css" | "js" | "img" | "other";
export type Weight = Record<Kind, number> & { total: number; scripts: number; requests: number; acceptEncoding: string };
export type RouteGroup = "public" | "auth" | "app";
/**
 * `lang`: the page in that language (the switch's cookie, issue 31); English otherwise.
 * `firstVisitOnly`: weigh the first visit (and its Save-Data twin) only, not the repeat visit or the
 * first intent: a language's own cost is its first visit's messages, and the later visits are the
 * same mechanism as English (weighed there).
 */
export type Route = { path: string; group: RouteGroup; label?: string; as?: Account; lang?: "hi"; htmlBudget?: number; firstVisitOnly?: true };
/**
 * `inlineCss`: the bytes on the wire the document's inline `<style>` adds (counted in its HTML).
 * `saveData`: a first visit sending `Save-Data: on`, with the `<script` tags its HTML holds.
 */
export type RouteWeight = {
  route: Route;
  first: Weight;
  /** Absent for a route weighed on its first visit only. */
  repeat?: Weight;
  afterInteraction?: Weight;
  inlineCss: number;
  saveData: Weight & { scriptTags: number; vary: string };
};

export type Account = { role: "patient" | "doctor" | "admin"; token: string; name: string; id: string; status?: string };

/**
 * The budgets of issue 4, in bytes on the wire (compressed bodies plus response headers), the
 * signed-in pages' brought down by issue 29: island code loads on intent, so a first visit with no
 * interaction fetches no script file at all (the inline loader is counted in the HTML).
 */
export const BUDGETS: Record<RouteGroup, { js: number; total: number }> = {
  public: { js: 0, total: 20 * 1024 },
  auth: { js: 0, total: 30 * 1024 },
  app: { js: 0, total: 20 * 1024 },
};
/** The public directory's pages (issue 41): their HTML within 12 KB on the wire, brotli, on a first visit. */
export const DIRECTORY_HTML_BUDGET = 12 * 1024;
/** Repeat visit: no script bytes, and nothing but the HTML document. */
export const REPEAT_HTML_BUDGET = 15 * 1024;

const emptyWeight = (): Weight => ({ html: 0, css: 0, js: 0, img: 0, other: 0, total: 0, scripts: 0, requests: 0, acceptEncoding: "" });

function kindOf(type: string | undefined, mime: string): Kind {
  if (type === "Document") return "html";
  if (type === "Stylesheet" || mime.startsWith("text/css")) return "css";
  if (type === "Script" || mime.includes("javascript")) return "js";
  if (type === "Image" || mime.startsWith("image/")) return "img";
  return "other";
}

/** Records every response of `page` until `stop` is called; the byte counts come from CDP. */
async function recordNetwork(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  const seen = new Map<string, { type?: string; mime: string; url: string }>();
  const inFlight = new Set<string>();
  let lastEvent = Date.now();
  let weight = emptyWeight();
  cdp.on("Network.requestWillBeSent", (e: any) => {
    inFlight.add(e.requestId);
    lastEvent = Date.now();
  });
  // Chromium asks for the page's icon late, after load: it is waited for so it counts in the visit that asked.
  let iconSettled = false;
  const urls = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", (e: any) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.loadingFailed", (e: any) => {
    inFlight.delete(e.requestId);
    lastEvent = Date.now();
    if (/favicon/.test(urls.get(e.requestId) ?? "")) iconSettled = true;
  });
  cdp.on("Network.requestWillBeSentExtraInfo", (e: any) => {
    const header = Object.entries(e.headers ?? {}).find(([k]) => k.toLowerCase() === "accept-encoding");
    if (header && weight.acceptEncoding === "") weight.acceptEncoding = String(header[1]);
  });
  cdp.on("Network.responseReceived", (e: any) => {
    seen.set(e.requestId, { type: e.type, mime: e.response.mimeType ?? "", url: e.response.url });
  });
  cdp.on("Network.loadingFinished", (e: any) => {
    inFlight.delete(e.requestId);
    lastEvent = Date.now();
    if (/favicon/.test(urls.get(e.requestId) ?? "")) iconSettled = true;
    const response = seen.get(e.requestId);
    if (response === undefined || response.url.startsWith("data:")) return;
    const kind = kindOf(response.type, response.mime);
    const bytes = Math.max(0, Math.round(e.encodedDataLength));
    weight[kind] += bytes;
    weight.total += bytes;
    if (bytes > 0) weight.requests += 1;
    if (kind === "js" && bytes > 0) weight.scripts += 1;
  });
  return {
    /** The weight so far, and a fresh count from here on (the page's icon awaited anew). */
    take(): Weight {
      const taken = weight;
      weight = emptyWeight();
      iconSettled = false;
      weight.acceptEncoding = taken.acceptEncoding;
      return taken;
    },
    /**
     * Resolves once no request is in flight and none started for `quietMs` (at most 10 s), and,
     * with `icon`, once the page's icon has been fetched (at most 3 s: it is not fetched at all
     * when cached).
     */
    async quiet(quietMs = 400, icon = false) {
      const start = Date.now();
      const waiting = () =>
        inFlight.size > 0 || Date.now() - lastEvent < quietMs || (icon && !iconSettled && Date.now() - start < 3_000);
      while (Date.now() - start < 10_000 && waiting()) await new Promise((resolve) => setTimeout(resolve, 25));
    },
    detach: () => cdp.detach().catch(() => undefined),
    /** The page's CDP session (to empty the browser's cache). */
    cdp,
  };
}


/** What a browser signed in as `account` (and reading `lang`) holds: its cookies and its origin's local storage. */
export function signedInState(baseURL: string, account?: Account, lang?: "hi") {
  const { origin, hostname } = new URL(baseURL);
  const cookie = (name: string, value: string, httpOnly: boolean) => ({ name, value, domain: hostname, path: "/", expires: -1, httpOnly, secure: false, sameSite: "Lax" as const });
  const language = lang === undefined ? [] : [cookie("lang", lang, false)];
  return {
    cookies: [...(account ? [cookie("carebook_session", account.token, true)] : []), ...language],
    origins: account === undefined ? [] : [
      {
        origin,
        localStorage: [
          { name: "token", value: account.token },
          { name: "role", value: account.role },
          { name: "name", value: account.name },
          ...(account.status ? [{ name: "status", value: account.status }] : []),
        ],
      },
    ],
  };
}

/** A fresh context (empty cache, no connections), signed in as `account` when given: cookie and storage. */
export function coldContext(browser: Browser, baseURL: string, account?: Account, headers?: Record<string, string>, lang?: "hi"): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    // A visitor in India, the deployment's default zone (issue 52): a page whose times the server
    // guessed is not loaded again (a browser elsewhere loads a public page twice, once).
    timezoneId: "Asia/Kolkata",
    extraHTTPHeaders: headers,
    storageState: account !== undefined || lang !== undefined ? signedInState(baseURL, account, lang) : undefined,
  });
}

/** Every route of SPEC §2, signed in where the route needs it. */
export function specRoutes(f: Fixtures): Route[] {
  return [
    { path: "/", group: "public" },
    { path: "/about", group: "public" },
    { path: "/services", group: "public" },
    { path: "/privacy", group: "public" },
    { path: "/no-such-page", group: "public", label: "404 (/no-such-page)" },
    { path: "/doctors", group: "public", htmlBudget: DIRECTORY_HTML_BUDGET },
    { path: `/doctors/${f.doctor.id}`, group: "public", label: "/doctors/{id}", htmlBudget: DIRECTORY_HTML_BUDGET },
    { path: "/loginPatient", group: "auth" },
    { path: "/signupPatient", group: "auth" },
    { path: "/loginDoctor", group: "auth" },
    { path: "/signupDoctor", group: "auth" },
    { path: "/loginAdmin", group: "auth" },
    { path: "/patient-dashboard", group: "app", as: f.patient },
    { path: "/patient-dashboard/specialization/Cardiologist", group: "app", as: f.patient },
    { path: `/patient-dashboard/bookAppointment/${f.doctor.id}`, group: "app", as: f.patient, label: "/patient-dashboard/bookAppointment/{id}" },
    { path: "/patient-dashboard/patient-meetings", group: "app", as: f.patient },
    { path: "/patient-dashboard/patient-profile", group: "app", as: f.patient },
    { path: "/doctor-dashboard", group: "app", as: f.doctor },
    { path: "/doctor-dashboard/doctor-Meetings", group: "app", as: f.doctor },
    { path: "/doctor-dashboard/doctor-profile", group: "app", as: f.doctor },
    { path: "/admin-dashboard", group: "app", as: f.admin },
    { path: "/admin-dashboard/overview", group: "app", as: f.admin },
  ];
}

/**
 * The budget lines a route's weights break (empty when within budget). `picturesApart`: the
 * pictures a page shows are its content (ten doctors with photos, issue 11), weighed apart from
 * the budget of the page itself.
 */
export function budgetFailures(w: RouteWeight, options: { picturesApart?: boolean } = {}): string[] {
  const name = w.route.label ?? w.route.path;
  const budget = BUDGETS[w.route.group];
  const apart = (weight: Weight) => (options.picturesApart === true ? weight.img : 0);
  const failures: string[] = [];
  // Issue 15: nothing render-blocking on a first visit, so the stylesheet comes inside the HTML.
  if (w.first.css > 0) failures.push(`${name}: first visit fetches ${w.first.css} B of stylesheet before it can paint`);
  if (w.inlineCss <= 0) failures.push(`${name}: the HTML carries no inline stylesheet`);
  if (w.route.htmlBudget !== undefined && w.first.html > w.route.htmlBudget) failures.push(`${name}: first visit HTML is ${w.first.html} B (budget ${w.route.htmlBudget})`);
  if (w.first.js > budget.js) failures.push(`${name}: first visit loads ${w.first.js} B of JavaScript (budget ${budget.js})`);
  if (w.first.scripts > 0) failures.push(`${name}: ${w.first.scripts} script requests before any interaction`);
  if (w.first.total - apart(w.first) > budget.total) failures.push(`${name}: first visit weighs ${w.first.total - apart(w.first)} B (budget ${budget.total})`);
  if (w.repeat && w.repeat.js > 0) failures.push(`${name}: repeat visit loads ${w.repeat.js} B of JavaScript (budget 0)`);
  if (w.repeat && w.repeat.total !== w.repeat.html) failures.push(`${name}: repeat visit fetches ${w.repeat.total - w.repeat.html} B besides the HTML`);
  if (w.repeat && w.repeat.html > REPEAT_HTML_BUDGET) failures.push(`${name}: repeat visit HTML is ${w.repeat.html} B (budget ${REPEAT_HTML_BUDGET})`);
  // Issue 29: Save-Data: on, no script at all: none fetched, none in the HTML, and the answer says it varies on it.
  if (w.saveData.js > 0 || w.saveData.scripts > 0) failures.push(`${name}: with Save-Data, ${w.saveData.js} B of JavaScript in ${w.saveData.scripts} requests`);
  if (w.saveData.scriptTags > 0) failures.push(`${name}: with Save-Data, the HTML holds ${w.saveData.scriptTags} <script> tags`);
  if (!/\bsave-data\b/i.test(w.saveData.vary)) failures.push(`${name}: the page does not say it varies on Save-Data (Vary: ${w.saveData.vary})`);
  if (w.saveData.total - apart(w.saveData) > budget.total) failures.push(`${name}: with Save-Data, a first visit weighs ${w.saveData.total - apart(w.saveData)} B (budget ${budget.total})`);
  if (!/\bbr\b/.test(w.first.acceptEncoding)) failures.push(`${name}: the browser did not offer brotli (${w.first.acceptEncoding})`);
  return failures;
}

export type Fixtures = { patient: Account; doctor: Account; pendingDoctor: Account; admin: Account };

const PASSWORD = "correct-horse-1";

/**
 * Accounts and data for the signed-in routes, made through the HTTP API: an approved doctor with
 * pending and confirmed appointments, a patient with meetings, a pending doctor, the admin
 * (whose credentials the server was started with).
 */
export async function createFixtures(baseURL: string, admin: { email: string; password: string }): Promise<Fixtures> {
  const stamp = `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  const call = jsonClient(baseURL.replace(/\/$/, ""));
  const adminLogin = await call("POST", "/loginAdmin", admin);
  const adminAccount: Account = { role: "admin", token: adminLogin.token, name: adminLogin.admin.name, id: adminLogin.admin._id };
  const doctor = async (name: string, approve: boolean): Promise<Account> => {
    const email = `weight-doctor.${approve}.${stamp}@example.com`;
    const res = await call("POST", "/signupDoctor", {
      name,
      email,
      password: PASSWORD,
      specialization: "Cardiologist",
      collegeName: "City Medical College",
    });
    if (!approve) return { role: "doctor", token: res.token, name: res.doctor.name, id: res.doctor._id, status: "pending" };
    await call("PATCH", `/admin-dashboard/doctor-status/${res.doctor._id}`, { status: "approved" }, adminAccount.token);
    // A change of status ends the doctor's sessions: log in again, as the doctor would.
    const login = await call("POST", "/loginDoctor", { email, password: PASSWORD });
    await publicDetails(baseURL, login.token, name);
    // In the public directory (issue 41): the registration verified by the admin.
    await call("PATCH", `/admin-dashboard/doctor-registration/${res.doctor._id}`, { verified: true }, adminAccount.token);
    return { role: "doctor", token: login.token, name: login.doctor.name, id: login.doctor._id, status: "approved" };
  };
  const [approved, pending] = await Promise.all([doctor("Dr. Weigh Approved", true), doctor("Dr. Weigh Pending", false)]);
  const patient = async (name: string, i: number): Promise<Account> => {
    const email = `weight-patient.${i}.${stamp}@example.com`;
    const res = await call("POST", "/signupPatient", { name, email, password: PASSWORD });
    const profile = await call("GET", "/patient-profile", undefined, res.token);
    return { role: "patient", token: res.token, name, id: profile.patient._id };
  };
  const patients = await Promise.all(["Pat Weigh", "Sam Weigh", "Ana Weigh"].map(patient));
  // Each patient books the approved doctor; the doctor confirms two (at 10:00 on the planning
  // week's first days, bench/plan.ts), one stays pending.
  const week = planningWeek(Date.now());
  for (const [i, p] of patients.entries()) {
    const booked = await call("POST", "/patient-dashboard/bookAppointment", { doctorId: approved.id, reason: `Recurring headaches, visit ${i + 1}` }, p.token);
    if (i < 2) {
      const at = new Date(week.at(i, "10:00"));
      await call(
        "POST",
        "/doctor-dashboard/scheduleAppointments",
        { doctorName: approved.name, patientId: p.id, appointmentId: booked.appointment._id, scheduledDateTime: at.toISOString() },
        approved.token,
      );
    }
  }
  return { patient: patients[0]!, doctor: approved, pendingDoctor: pending, admin: adminAccount };
}

/** What patients choose by (issue 41), through the profile form's multipart call, as the doctor would give it. */
async function publicDetails(baseURL: string, token: string, name: string): Promise<void> {
  const form = new FormData();
  const fields = {
    name, specialization: "Cardiologist", collegeName: "City Medical College", registrationNumber: "DMC/R/12345", registrationCouncil: "Delhi Medical Council",
    experienceYears: "12", languages: "hi,en", fee: "500", about: "Heart and blood pressure; twelve years in Delhi, in Hindi or English.",
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await fetch(`${baseURL.replace(/\/$/, "")}/api/auth/doctor-profile`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 200) throw new Error(`PUT /doctor-profile: ${res.status} ${await res.text()}`);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A markdown table of the weights, in KB on the wire. */
export function weightTable(weights: RouteWeight[], options: { picturesApart?: boolean } = {}): string {
  const lines = [
    "| route | HTML | of which inline CSS | CSS files | JS | images | other | total | budget (JS / total) | repeat visit | after first intent | Save-Data: total (JS) | ok |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|",
  ];
  for (const w of weights) {
    const b = BUDGETS[w.route.group];
    const ok = budgetFailures(w, options).length === 0 ? "yes" : "NO";
    lines.push(
      `| ${w.route.label ?? w.route.path} | ${kb(w.first.html)} | ${kb(w.inlineCss)} | ${kb(w.first.css)} | ${kb(w.first.js)} | ${kb(w.first.img)} | ${kb(w.first.other)} | **${kb(w.first.total)}** | ${kb(b.js)} / ${kb(b.total)} | ${w.repeat ? `${kb(w.repeat.total)} (JS ${kb(w.repeat.js)})` : "-"} | ${w.afterInteraction ? `+${kb(w.afterInteraction.total)}` : ""} | ${kb(w.saveData.total)} (${kb(w.saveData.js)}) | ${ok} |`,
    );
  }
  return lines.join("\n");
}

/**
 * Weighs `routes`, `parallel` at a time. Routes with the same account and language share a context
 * and a page, a few routes each: before each first visit the browser's cache is emptied (CDP
 * `Network.clearBrowserCache`, which empties the renderer's memory cache too: page-weight.spec.ts
 * weighs one page twice so) and the cookies and the origin's storage are put back as a fresh context
 * holds them. The bytes are a fresh context's (compared route by route on 5 December 2026: the same
 * but for a few bytes of HTML that moved with the minutes), without a renderer's start per visit:
 * 86 CPU-seconds of the two tests of every route became 50.
 */
export async function weighRoutes(browser: Browser, baseURL: string, routes: Route[], parallel = 4): Promise<RouteWeight[]> {
  const groups = new Map<string, number[]>();
  routes.forEach((route, i) => {
    const key = `${route.as?.token ?? ""}|${route.lang ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  // Pieces of three routes or more, so the lanes end together (the visitor's twelve public and auth
  // pages in one would hold a lane to the end).
  const size = Math.max(3, Math.ceil(routes.length / (parallel * 2)));
  const pieces = [...groups.values()].flatMap((g) => Array.from({ length: Math.ceil(g.length / size) }, (_, k) => g.slice(k * size, (k + 1) * size)));
  const results: RouteWeight[] = new Array(routes.length);
  const lane = async () => {
    for (let piece = pieces.shift(); piece !== undefined; piece = pieces.shift()) {
      const first = routes[piece[0]!]!;
      const context = await coldContext(browser, baseURL, first.as, undefined, first.lang);
      try {
        const page = await context.newPage();
        const net = await recordNetwork(context, page);
        const { cookies, origins } = signedInState(baseURL, first.as, first.lang);
        const fresh = async (headers: Record<string, string>) => {
          await net.cdp.send("Network.clearBrowserCache");
          await context.clearCookies();
          await context.addCookies(cookies);
          await page.setExtraHTTPHeaders(headers);
          // The page is on the site after its first visit; before it, the context is as made.
          if (page.url().startsWith("http")) {
            await page.evaluate((items) => {
              localStorage.clear();
              sessionStorage.clear();
              for (const { name, value } of items) localStorage.setItem(name, value);
            }, origins[0]?.localStorage ?? []);
          }
        };
        for (const i of piece) results[i] = await weighOn(page, net, routes[i]!, fresh);
        await net.detach();
      } finally {
        await context.close();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, pieces.length) }, lane));
  return results;
}

/**
 * A first visit to `route`, then (unless first-visit-only) a repeat and the first sign of intent,
 * then a first visit sending `Save-Data: on`: `fresh` empties the cache and puts back the cookies
 * and storage before each first visit.
 */
async function weighOn(page: Page, net: Awaited<ReturnType<typeof recordNetwork>>, route: Route, fresh: (headers: Record<string, string>) => Promise<void>): Promise<RouteWeight> {
  await fresh({});
  net.take();
  const document = await page.goto(route.path, { waitUntil: "load" });
  await net.quiet(400, true);
  const first = net.take();
  const inlineCss = document ? inlineCssOnWire(await document.text(), document.headers()["content-encoding"]) : 0;
  if (new URL(page.url()).pathname !== route.path) throw new Error(`${route.path}: ended at ${page.url()} (signed out?)`);
  let repeat: Weight | undefined;
  let afterInteraction: Weight | undefined;
  if (!route.firstVisitOnly) {
    await page.goto(route.path, { waitUntil: "load" });
    await net.quiet();
    repeat = net.take();
    const island = page.locator("main [data-island]").first();
    if (route.group !== "public" && (await island.count()) > 0) {
      // The first sign of intent loads the island's code: weigh what that costs. The auth forms:
      // a tap into the first field; the signed-in pages: the mouse over the page's first island.
      await page.goto(route.path, { waitUntil: "load" });
      await net.quiet();
      net.take();
      if (route.group === "auth") await page.locator("main input:visible").first().click();
      else await island.hover();
      await net.quiet();
      afterInteraction = net.take();
    }
  }
  await fresh({ "Save-Data": "on" });
  net.take();
  const saved = await page.goto(route.path, { waitUntil: "load" });
  await net.quiet(400, true);
  const html = saved ? await saved.text() : "";
  const saveData = { ...net.take(), scriptTags: html.match(/<script\b/gi)?.length ?? 0, vary: saved?.headers()["vary"] ?? "" };
  return { route, first, repeat, afterInteraction, inlineCss, saveData };
}
