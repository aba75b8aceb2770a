/**
 * The stylesheet inside every page's HTML (issue 15): on a slow link a `<link rel="stylesheet">`
 * costs a whole round trip before anything paints, while the stylesheet itself is about 2.6 KB
 * with brotli. So pages carry it in a `<style>` element, and the Content-Security-Policy allows
 * that one element by the SHA-256 of its text, computed when the client is built
 * (src/build/client-build.ts writes it to the manifest as `cssHash`). No 'unsafe-inline'.
 * Why always and not only on a first visit: docs/decisions-operations.md, "Inline stylesheet".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { STATIC_DIR } from "../config/assets";
import { clientManifest } from "./client-assets";
import { keptIn } from "../domain/bounded";

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

/**
 * One rule of the stylesheet and what a page must hold for it to apply: for each selector of its
 * list, the classes (`.name`) and ids (`#name`) it names; `always` when some selector names none
 * (element, attribute and `:root` rules). An `@media` block holds its own rules.
 */
type Rule = { text: string; always: boolean; needs: string[][] };
type Block = Rule | { open: string; rules: Rule[] };

/**
 * The page's stylesheet: the rules of the built one that can apply to its HTML (issue 29). A
 * signed-in page used about a third of them (no admin table on the meetings page, no slot picker
 * on the dashboard): the rest was a kilobyte of brotli on the wire before the first paint, 20 ms
 * of a 400 kbit/s link on every page. A rule is kept when one of its selectors names no class or
 * id that the HTML lacks (what is inside `:not()`, `:has()` or `[...]` is not counted: it can
 * only keep more), so what the server sent is styled as by the whole stylesheet. What an island
 * draws later may need more: the client entry fetches the whole stylesheet (`data-full`) before
 * it brings an island to life (islands/client.tsx). Each distinct subset is made and hashed once.
 */
export function stylesheetFor(html: string): InlineCss {
  const blocks = (parsed ??= parseStylesheet(inlineCss().text));
  const present = tokensOf(html);
  const applies = (rule: Rule) => rule.always || rule.needs.some((tokens) => tokens.every((token) => present.has(token)));
  let key = "";
  for (const block of blocks) {
    if ("open" in block) for (const rule of block.rules) key += applies(rule) ? "1" : "0";
    else key += applies(block) ? "1" : "0";
  }
  return keptIn(subsets, 256, key, () => {
    let text = "";
    let at = 0;
    for (const block of blocks) {
      if ("open" in block) {
        const inner = block.rules.filter(() => key[at++] === "1").map((rule) => rule.text).join("");
        if (inner) text += `${block.open}{${inner}}`;
      } else if (key[at++] === "1") text += block.text;
    }
    return { text, hash: new Bun.CryptoHasher("sha256").update(text).digest("base64") };
  });
}

let parsed: Block[] | undefined;
const subsets = new Map<string, InlineCss>();

/** The classes and ids of `html`'s elements, as `.name` and `#name`. */
function tokensOf(html: string): Set<string> {
  const tokens = new Set<string>();
  for (const [, attribute, value] of html.matchAll(/\s(class|id)="([^"]*)"/g)) {
    const prefix = attribute === "id" ? "#" : ".";
    for (const name of value!.split(" ")) if (name) tokens.add(prefix + name);
  }
  return tokens;
}

/** The minified stylesheet as rules and `@media` blocks; any other at-rule is kept whole. */
export function parseStylesheet(css: string): Block[] {
  return blocksOf(css).map(({ prelude, body }) =>
    prelude.startsWith("@media") || prelude.startsWith("@supports")
      ? { open: prelude, rules: blocksOf(body).map(({ prelude: inner, body: declarations }) => ruleOf(inner, declarations)) }
      : prelude.startsWith("@")
        ? { text: `${prelude}{${body}}`, always: true, needs: [] }
        : ruleOf(prelude, body),
  );
}

function ruleOf(selectors: string, declarations: string): Rule {
  const needs = splitOutside(selectors, ",").map((selector) => {
    // What is inside brackets or parentheses is left out: :not(.x) needs no .x, [href="#x"] no #x.
    let bare = selector.replace(/\[[^\]]*\]/g, "");
    while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, "");
    return [...bare.matchAll(/[.#]-?[_a-zA-Z][\w-]*/g)].map((m) => m[0]);
  });
  return { text: `${selectors}{${declarations}}`, always: needs.some((tokens) => tokens.length === 0), needs };
}

/** `css` as its top-level `prelude{body}` pairs, braces inside quotes ignored. */
function blocksOf(css: string): { prelude: string; body: string }[] {
  const blocks: { prelude: string; body: string }[] = [];
  let start = 0;
  let open = -1;
  let depth = 0;
  let quote = "";
  for (let i = 0; i < css.length; i++) {
    const ch = css[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "{" && depth++ === 0) open = i;
    else if (ch === "}" && --depth === 0) {
      blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
      start = i + 1;
    }
  }
  if (css.slice(start).trim()) throw new Error(`the stylesheet ends outside a rule: ${css.slice(start, start + 40)}`);
  return blocks;
}

/** `text` split at `separator` where it is outside parentheses and brackets. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}
