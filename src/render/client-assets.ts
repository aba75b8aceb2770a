/**
 * The built browser assets (static/build/manifest.json, written by src/build/client-build.ts) and the
 * tags a page needs to load them.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { STATIC_DIR } from "../config/assets";
import type { ClientManifest } from "../build/client-build";
import { ISLANDS_CACHED_KEY } from "../../islands/names";

const MANIFEST = join(STATIC_DIR, "build", "manifest.json");

let cached: ClientManifest | undefined;

/** The manifest of the last client build; run `bun run build:client` when it is missing. */
export function clientManifest(): ClientManifest {
  if (cached) return cached;
  if (!existsSync(MANIFEST)) throw new Error("static/build/manifest.json is missing: run `bun run build:client` first");
  cached = JSON.parse(readFileSync(MANIFEST, "utf8")) as ClientManifest;
  return cached;
}

/**
 * The loader: the only script a page sends, inline at the end of its body (about 1.2 KB, 0.6 KB
 * brotli). It loads the client entry `clientFile` and hands it an island's root when the
 * person shows intent to use that island: a pointer pressed, focus or a key inside it, or, on a
 * device with a mouse, the pointer over it. Until that island is live its server-rendered form
 * does the work: nothing is held, so a submit made before the code arrives is the form's own post,
 * which the server carries out once. `passive` islands (a plain form that needs no script, e.g.
 * the theme toggle) never call for the code themselves: they come alive once it is there.
 *
 * Nothing is preloaded on a first visit. On a later page, the islands whose code this browser
 * fetched before for this same build (the client notes them in localStorage, islands/client.tsx)
 * hydrate when the browser is idle: their code comes from its cache. It also keeps the `tz`
 * cookie (the viewer's time zone, for the server's dates) as the client entry would (a page whose
 * times only the server writes, in a zone that was a guess, `data-zone-rendered` (the zone and its
 * other names: Chrome says Asia/Calcutta for Asia/Kolkata, issue 52), is loaded again
 * once in the browser's zone: the booking page's free times, issue 39; whether or not this page
 * set the cookie: the page before it may have set it while this one was on its way, and once the
 * cookie holds the zone, only once per address and zone in the tab, so a server that keeps
 * drawing another zone is not asked forever), and brings a
 * pending doctor's waiting screen to life. (Date and time fields are sent as their real type:
 * a page without script has them too, issue 39.) Only the listeners are added while the page parses:
 * the rest waits for the first frame (`requestAnimationFrame`, then a task), since the cookie and
 * localStorage are synchronous calls out of the renderer that, run as the parser reached the
 * script, held the frame with the end of the page (the meetings pages' largest paragraph) by tens
 * of milliseconds on a slow CPU (docs/performance.md, issue 29).
 */
export function islandLoader(clientFile: string, passive: readonly string[]): string {
  const json = JSON.stringify;
  return (
    `(()=>{let m;const C=${json(clientFile)},P=${json(passive)},S=new WeakSet,D=document,A="[data-island]",` +
    `L=r=>{S.has(r)||(S.add(r),(m||=import(C).then(c=>(D.querySelectorAll(A).forEach(x=>P.includes(x.dataset.island)&&L(x)),c))).then(c=>c.hydrate(r,C)))},` +
    `I=r=>r&&!P.includes(r.dataset.island)&&L(r),` +
    `E=e=>I(e.target.closest?.(A)),o={capture:!0,passive:!0},Q=window.requestIdleCallback||setTimeout;` +
    `["pointerdown","focusin","keydown","input"].forEach(t=>addEventListener(t,E,o));` +
    `matchMedia("(hover:hover) and (pointer:fine)").matches&&addEventListener("pointerover",e=>e.pointerType=="mouse"&&E(e),o);` +
    `requestAnimationFrame(()=>setTimeout(()=>{try{const Z=Intl.DateTimeFormat().resolvedOptions().timeZone||"",z=encodeURIComponent(Z);` +
    `const t=()=>D.cookie.split("; ").includes("tz="+z);` +
    `z&&(t()||(D.cookie="tz="+z+"; Path=/; Max-Age=31536000; SameSite=Lax"),` +
    `(r=>r&&!r.dataset.zoneRendered.split(" ").includes(Z)&&t()&&sessionStorage.zr!=(r=Z+location.href)&&(sessionStorage.zr=r,location.reload()))(D.querySelector("[data-zone-rendered]")));` +
    `localStorage.getItem("status")=="pending"&&D.querySelectorAll(A).forEach(I);` +
    `const k=(localStorage.getItem(${json(ISLANDS_CACHED_KEY)})||"").split("|");` +
    `k[0]==C&&Q(()=>D.querySelectorAll(A).forEach(r=>(k[1]||"").split(",").includes(r.dataset.island)&&L(r)))` +
    `}catch{}}))})()`
  );
}
