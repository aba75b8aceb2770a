/**
 * The stylesheet inside every page's HTML (issue 15): on a slow link a `<link rel="stylesheet">`
 * costs a whole round trip before anything paints, while the stylesheet itself is about 2.6 KB
 * with brotli. So pages carry it in a `<style>` element, and the Content-Security-Policy allows
 * that one element by the SHA-256 of its text, computed when the client is built
 * (src/build/client-build.ts writes it to the manifest as `cssHash`). No 'unsafe-inline'.
 * Why always and not only on a first visit: docs/decisions.md, "Inline stylesheet".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { STATIC_DIR } from "../config/assets";
import { clientManifest } from "./client-assets";

export type InlineCss = { text: string; hash: string };

let cached: InlineCss | undefined;

/** The built stylesheet's text and its build-time hash; throws when the build is missing or stale. */
export function inlineCss(): InlineCss {
  if (cached) return cached;
  const manifest = clientManifest();
  const text = readFileSync(join(STATIC_DIR, manifest.css.replace(/^\/static\//, "")), "utf8");
  // A mismatch would leave every page unstyled under the CSP: fail loudly instead.
  const actual = new Bun.CryptoHasher("sha256").update(text).digest("base64");
  if (actual !== manifest.cssHash) throw new Error("static/build/manifest.json's cssHash does not match the stylesheet: run `bun run build:client`");
  // Minified CSS never holds "</"; if it ever did it could close the element early.
  if (text.includes("</")) throw new Error("the stylesheet contains '</' and cannot be inlined");
  cached = { text, hash: actual };
  return cached;
}

/** The style hashes every answer's CSP allows: the inline stylesheet's, or none before a client build. */
export function inlineStyleHashes(): string[] {
  try {
    return [inlineCss().hash];
  } catch {
    return [];
  }
}

/** The page's `<style>` element, for the document's head. */
export function inlineStylesheet(): string {
  return `<style>${inlineCss().text}</style>`;
}
