/**
 * The built browser assets (static/build/manifest.json, written by src/build/client-build.ts) and the
 * tags a page needs to load them.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { STATIC_DIR } from "../config/assets";
import type { ClientManifest } from "../build/client-build";
import type { IslandName } from "../../islands/names";

const MANIFEST = join(STATIC_DIR, "build", "manifest.json");

let cached: ClientManifest | undefined;

/** The manifest of the last client build; run `bun run build:client` when it is missing. */
export function clientManifest(): ClientManifest {
  if (cached) return cached;
  if (!existsSync(MANIFEST)) throw new Error("static/build/manifest.json is missing: run `bun run build:client` first");
  cached = JSON.parse(readFileSync(MANIFEST, "utf8")) as ClientManifest;
  return cached;
}

/** The files to preload for the client entry and the given islands, the entry first. */
export function preloadsFor(manifest: ClientManifest, islands: Iterable<IslandName>): string[] {
  const files = new Set<string>(manifest.client.imports);
  for (const name of islands) {
    const island = manifest.islands[name];
    if (!island) continue;
    files.add(island.file);
    for (const dep of island.imports) files.add(dep);
  }
  files.delete(manifest.client.file);
  return [...files];
}

/**
 * A few hundred bytes that load the client entry at the first tap, key, focus or submit. Nothing
 * is held: every form posts to the server on its own, so a submit made before the islands are
 * live is the form's own post, carried out once by the server. A visitor with a pending doctor's
 * session stored (the waiting screen must show at once) gets the script straight away.
 */
export function interactionLoader(clientFile: string): string {
  return `(()=>{let p;const E=["pointerdown","keydown","focusin","touchstart"];const go=()=>{p=p||import(${JSON.stringify(
    clientFile,
  )})};E.forEach(t=>addEventListener(t,go,{capture:true,passive:true}));window.__islandsLive=()=>E.forEach(t=>removeEventListener(t,go,true));try{localStorage.getItem("status")==="pending"&&go()}catch{}})()`;
}
