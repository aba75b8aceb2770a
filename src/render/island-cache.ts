/**
 * Island HTML kept per island and props. An island's server HTML is a pure function of its
 * props (React renders no effects on the server, and nothing in an island reads the clock or
 * chance while rendering), so the same props give the same HTML: a signed-in page rendered again
 * for the same data skips React entirely (renderToString was most of a page's cost,
 * docs/performance.md). Bounded by characters held, oldest entries first out.
 */
import { escapeHtml, flat } from "./html";

/** Characters of keys and HTML kept at most (1 or 2 bytes each): at most about 16 MB. */
const MAX_CHARS = 8_000_000;
/** An island larger than this is rendered each time rather than push everything else out. */
const MAX_ENTRY_CHARS = 4_000_000;

const kept = new Map<string, string>();
let held = 0;

/**
 * The island's props and HTML for `name` and its serialized `json` props: the props in a JSON
 * data block right before the island's root, `<script type="application/json">` (never run, so
 * no Content-Security-Policy applies to it), then `<div data-island={name}>` around the HTML;
 * `render` makes the HTML when it is not kept. In an attribute the props were escaped, every `"`
 * six bytes: a list page's props were half as long again (29 KB against 19 KB for 40 meetings).
 * In the data block only `<` is written as `\u003c`, so nothing in the props can end the element.
 */
export function islandHtml(name: string, json: string, render: () => string, messages?: { lang: string; url: string }): string {
  if (messages === undefined) return keptHtml(`${name}\u0000${json}`, () => `${propsBlock(json)}<div data-island="${escapeHtml(name)}">${render()}</div>`);
  // The island's messages (issue 31) are a function of its name and the language: the props name
  // the built file that holds them (the client entry fetches it with the code, issue 29), and the
  // language, not the key.
  return keptHtml(`${name}\u0000${messages.lang}\u0000${json}`, () => {
    const full = `${json.slice(0, -1)}${json.length > 2 ? "," : ""}"$lang":"${messages.lang}","$m":${JSON.stringify(messages.url)}}`;
    return `${propsBlock(full)}<div data-island="${escapeHtml(name)}">${render()}</div>`;
  });
}

/** `json` as a data block: the same JSON once parsed, with no `<` that could close the element. */
export function propsBlock(json: string): string {
  return `<script type="application/json">${json.replaceAll("<", "\\u003c")}</script>`;
}

/** HTML that is a pure function of `key` (an island's name and props), rendered by `render` only when it is not kept. */
function keptHtml(key: string, render: () => string): string {
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  // Kept flat: see flat() in src/render/html.ts.
  const html = flat(render());
  const size = key.length + html.length;
  if (size > MAX_ENTRY_CHARS) return html;
  while (held + size > MAX_CHARS && kept.size > 0) {
    const [oldKey, oldHtml] = kept.entries().next().value!;
    kept.delete(oldKey);
    held -= oldKey.length + oldHtml.length;
  }
  kept.set(key, html);
  held += size;
  return html;
}
