/**
 * `bun run bench:lcp`: only the first-paint part of the benchmark (bench/first-paint.ts). Starts
 * the real server on a fresh database (127.0.0.1 only), makes the page-weight fixtures through
 * the API, measures cold FCP and LCP of every SPEC §2 route on Slow 3G and Slow 4G, prints the
 * table and writes it into the "First paint" section of docs/performance.md.
 *
 *   bun bench/lcp.ts [runs=3]
 *
 * For a quick reading of a few routes: LCP_ROUTES=<a pattern of paths> and LCP_PROFILES=<profile
 * names, separated by commas with no space after them, since "Slow 3G, CPU 1x" holds one> measure
 * only those, skip the repeat visits and leave the docs alone.
 *
 * Builds side by side: `bun bench/lcp.ts --root DIR --root DIR [runs]` (a worktree of an older
 * commit with its node_modules, and this checkout, say) runs each build's server on a database
 * of its own with the same fixtures; every route's every run visits each build in turn, the order
 * alternating (ABBA), each visit paired with a floor load just before it. It prints each build's
 * "LCP over the floor" per route (median of its pairs) and leaves the docs alone: the figures
 * for a before and after measured in the same minutes of a shared machine. LCP_ROUTES and
 * LCP_PROFILES apply (default: Slow 3G only).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import { floorServer, launchBrowser, measurePaints, median, paintFailures, paintOnce, paintTable, PROFILES, type RoutePaint } from "./first-paint";
import { createFixtures, specRoutes, type Route } from "./page-weight";
import { ADMIN, ROOT, startServer, stopServer, type Server } from "./server";

const START = "<!-- first-paint -->";
const END = "<!-- /first-paint -->";

/** The pages measured again on a repeat visit: a prerendered one (revalidated by ETag) and a signed-in one. */
export const REPEAT_PATHS = ["/", "/about", "/patient-dashboard"];

/** The "First paint" section of docs/performance.md, between markers so that bench:lcp can replace it alone. */
export function paintSection(paints: RoutePaint[], repeats: RoutePaint[], runs: number, note = ""): string {
  const failures = paintFailures(paints);
  const referenceFailures = paintFailures(paints, true);
  const floor = paints.find((p) => p.route.path === "/floor" && p.profile === "Slow 3G");
  return `${START}
## First paint

Cold visits (a fresh browser context: empty cache, no cookies but the session of a signed-in
route) in Chromium with the Chrome DevTools protocol's \`Network.emulateNetworkConditions\` and
\`Emulation.setCPUThrottlingRate\`: Slow 3G = 400 ms latency, 400 kbit/s down and up, 4x slower
CPU; Slow 4G = 150 ms latency, 1.44 Mbit/s down, 675 kbit/s up (the profiles and their source
are in bench/first-paint.ts: DevTools' presets, whose latency DevTools
also multiplies by 5 and 3.75; the issue states its figures without that factor, and so do we). Median of ${runs} loads, in seconds from navigation start. Same
fixtures as the page weights. \`bun run bench:lcp\` refreshes this section alone.

"Blocking done" is when the document and every render-blocking request (Resource Timing's
\`renderBlockingStatus\`) had arrived: what the network makes the first paint wait for, driven by
the emulation's timers and so far steadier than the paint times. Everything after it is the
renderer's work, which the CPU slowdown and the shared machine's load stretch.

The *floor* row is a bare page (a heading and a sentence, no stylesheet) from a plain Bun.serve:
no page can paint sooner on this machine at this moment${floor ? ` (${(floor.lcp / 1000).toFixed(2)} s on Slow 3G in this run, median of all its loads)` : ""}.
The floor is loaded right before every load of every route, under the same profile, so each
route has its own paired floor loads; "LCP over the floor" is the median of the pairs'
differences: what the page itself costs, read in the same moment of the machine's load. The
issue puts the floor at about 0.45 s on its machine (one round trip plus the bytes) and the Slow
3G target at 0.7 s, that is 0.25 s over it; the 4x CPU slowdown multiplies this shared 2-core
machine's own speed and load, so the floor here is slower and the absolute column can fail
while the page's own cost is within that margin. The floor alone on Slow 3G, 7 loads each
(2026-11-23, load under 1): with no CPU slowdown 0.49 s (its document had arrived at 0.43 s),
2x 0.55 s, 4x 0.65 s: the slowdown alone puts this machine's floor 0.16 s above the issue's,
which leaves a page 0.05 s of its own within the 0.7 s target.

So the table has a third profile, *Slow 3G, CPU 1x*: the same network, the CPU not slowed. It is
not the issue's condition but the nearest this machine comes to it: the issue's machine painted
the bare page in about 0.45 s with its CPU slowed 4x, this one needs more than that (about 0.49
to 0.50 s) with its CPU as it is, so a route within 0.7 s here would be within it there too. It
has its own "over target" list and is left out of the "ok" column, which reads the issue's two
conditions as written.

Each visit starts with the tab already on the site's origin (a 175-byte file of it), as a
DevTools reload with the cache disabled does, not on about:blank: from about:blank, our
\`Cross-Origin-Opener-Policy: same-origin\` makes Chromium switch browsing-context groups, a
process swap measured at about 35 to 40 ms on Slow 4G (the meetings page served byte for byte
by a bare server: 0.34 s without the header, 0.38 s with it, median of 9) and more under the 4x
CPU slowdown. A visit from another site or from the new-tab page swaps processes anyway, so the
header stays (it keeps other sites' windows away from ours).

Where a signed-in page's own time goes, on Slow 4G with no CPU slowdown (2026-11-23, the doctor's
dashboard with one pending request, its HTML served by a proxy in variants, 7 loads each, medians
of three such runs; the floor 0.22-0.25 s): the page as sent 0.36-0.41 s; without its module
scripts and preloads 0.32-0.39 s (they cost 0 to 0.08 s, run to run); without the script and with
the request's two \`<input type="date">\`/\`type="time"\` fields as text 0.31-0.33 s: Chromium
builds a date and a time field's parts (and the locale's formats) when the element is made, not
when it is shown (the form \`hidden\`: no gain). Since issue 29 the page sends neither: no script
on arrival (island code loads on intent), and the fields as text fields that the inline loader
makes date and time once the page has painted (with \`Save-Data: on\`, no script, they are date
and time from the start). The page reduced to its heading, with the stylesheet: 0.24 s, the
floor's time: the rest is the frame and the list, at parse, style and layout. And the fonts: the
brand's cross, the theme's sun and moon and the back links' arrow were characters no text font
had, each sending Chromium through the whole font stack (ten families, as Bun's minifier wrote
\`system-ui\`) and then to the system's fallback in the first layout; since issue 29's last round
they are SVG and the stack is two families.
${note ? `\n${note}\n` : ""}
${paintTable(paints)}
${failures.length ? `\nOver target:\n\n- ${failures.join("\n- ")}\n` : ""}
${referenceFailures.length ? `Over 0.7 s on Slow 3G, CPU 1x:\n\n- ${referenceFailures.join("\n- ")}\n` : "Slow 3G, CPU 1x: every route within 0.7 s.\n"}
Repeat visits (the same page loaded once unthrottled in the same context, then measured): the
cost of carrying the stylesheet in every HTML instead of taking it from the cache.

${paintTable(repeats, false)}
${END}`;
}

/** Replaces (or adds, before the throughput section) the first-paint section of `doc`. */
export function withPaintSection(doc: string, section: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start >= 0 && end > start) return doc.slice(0, start) + section + doc.slice(end + END.length);
  const at = doc.indexOf("## Throughput and latency");
  return at >= 0 ? `${doc.slice(0, at)}${section}\n\n${doc.slice(at)}` : `${doc}\n${section}\n`;
}

/** One build under comparison: its checkout, its server and its routes (ids are its database's). */
type Build = { root: string; server: Server; routes: Route[]; dir: string };

/**
 * Each build's LCP over the floor, per profile and route, visits in turn (ABBA), each paired with
 * a floor load right before it. Returns the markdown table; logs each route's pairs as it goes.
 */
export async function sideBySide(browser: Browser, builds: Build[], runs: number, profiles: string[]): Promise<string> {
  const floor = floorServer();
  const lines = [`| profile | route | ${builds.map((b) => b.root).join(" | ")} |`, `|---|---|${builds.map(() => "---:").join("|")}|`];
  try {
    for (const profile of PROFILES.filter((p) => profiles.includes(p.name))) {
      for (let r = 0; r < builds[0]!.routes.length; r++) {
        const over: number[][] = builds.map(() => []);
        for (let i = 0; i < runs; i++) {
          const order = builds.map((_, b) => b);
          if (i % 2) order.reverse();
          for (const b of order) {
            const base = await paintOnce(browser, floor.url, floor.route, profile, false, 300);
            const paint = await paintOnce(browser, builds[b]!.server.url, builds[b]!.routes[r]!, profile);
            over[b]!.push(paint.lcp - base.lcp);
          }
        }
        const route = builds[0]!.routes[r]!;
        const label = route.label ?? route.path;
        console.log(`${profile.name} ${label}: ${over.map((o, b) => `${median(o).toFixed(0)} ms (${o.map((x) => x.toFixed(0)).join(", ")}) ${builds[b]!.root}`).join("; ")}`);
        lines.push(`| ${profile.name} | ${label} | ${over.map((o) => `+${(median(o) / 1000).toFixed(2)}`).join(" | ")} |`);
      }
    }
  } finally {
    floor.stop();
  }
  return lines.join("\n");
}

/** LCP_ROUTES as a pattern of paths, if given. */
const routePattern = () => (process.env.LCP_ROUTES ? new RegExp(process.env.LCP_ROUTES) : undefined);

/** LCP_PROFILES as names: split at commas not followed by a space ("Slow 3G, CPU 1x" is one name). */
function profileNames(): string[] | undefined {
  const names = process.env.LCP_PROFILES?.split(/,(?! )/).map((name) => name.trim());
  const unknown = names?.filter((name) => !PROFILES.some((p) => p.name === name));
  if (unknown?.length) throw new Error(`LCP_PROFILES: no profile named ${unknown.map((n) => JSON.stringify(n)).join(", ")}; the profiles are ${PROFILES.map((p) => JSON.stringify(p.name)).join(", ")}`);
  return names;
}

/** Starts `root`'s server (its client built first) on a fresh database, with the fixtures. */
async function startBuild(root: string, routeFilter?: RegExp): Promise<Build> {
  if (!existsSync(join(root, "src", "index.ts"))) throw new Error(`--root ${root} is not a Carebook checkout (no src/index.ts)`);
  const build = Bun.spawnSync(["bun", "src/build/client-build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error(`client build failed in ${root}`);
  const dir = mkdtempSync(join(tmpdir(), "carebook-lcp-"));
  const server = await startServer(
    { DATABASE_URL: `file:${join(dir, "app.db")}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "lcp-bench-secret-that-is-at-least-32-bytes-long" },
    20_000,
    root,
  );
  const routes = specRoutes(await createFixtures(server.url, ADMIN)).filter((r) => !routeFilter || routeFilter.test(r.path));
  return { root, server, routes, dir };
}

if (import.meta.main && Bun.argv.includes("--root")) {
  const { values, positionals } = parseArgs({ args: Bun.argv.slice(2), options: { root: { type: "string", multiple: true } }, allowPositionals: true });
  const runs = Number(positionals[0] ?? 5);
  const profiles = profileNames() ?? ["Slow 3G"];
  const routes = routePattern();
  const builds: Build[] = [];
  try {
    for (const root of values.root!) builds.push(await startBuild(resolve(root), routes));
    const browser = await launchBrowser();
    try {
      console.log(`\n${await sideBySide(browser, builds, runs, profiles)}`);
    } finally {
      await browser.close();
    }
  } finally {
    for (const b of builds) {
      await stopServer(b.server, "SIGTERM");
      rmSync(b.dir, { recursive: true, force: true });
    }
  }
} else if (import.meta.main) {
  const runs = Number(process.argv[2] ?? 3);
  const ONLY_ROUTES = routePattern();
  const ONLY_PROFILES = profileNames();
  const partial = ONLY_ROUTES !== undefined || ONLY_PROFILES !== undefined;
  const { server, routes, dir } = await startBuild(ROOT, ONLY_ROUTES);
  try {
    const browser = await launchBrowser();
    let paints: RoutePaint[];
    let repeats: RoutePaint[];
    try {
      paints = await measurePaints(browser, server.url, routes, runs, console.log, false, ONLY_PROFILES);
      repeats = partial ? [] : await measurePaints(browser, server.url, routes.filter((r) => REPEAT_PATHS.includes(r.path)), runs, (l) => console.log(`repeat: ${l}`), true);
    } finally {
      await browser.close();
    }
    console.log(`\n${paintTable(paints)}\n\nRepeat visits:\n${paintTable(repeats, false)}`);
    // A partial reading leaves the docs alone (and, unlike an exit here, stops the server below).
    if (!partial) {
      const path = join(ROOT, "docs", "performance.md");
      writeFileSync(path, withPaintSection(readFileSync(path, "utf8"), paintSection(paints, repeats, runs)));
      console.log("\nWrote the First paint section of docs/performance.md.");
      const failures = paintFailures(paints);
      if (failures.length) console.log(`Over target:\n- ${failures.join("\n- ")}`);
    }
  } finally {
    await stopServer(server, "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}
