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
 * The island's marker and HTML for `name` and its serialized `json` props, exactly as the JSX
 * `<div data-island={name} data-props={json}>{raw(html)}</div>` writes them; `render` makes the
 * HTML when it is not kept. The escaped props are kept too: escaping them was another tenth.
 */
export function islandHtml(name: string, json: string, render: () => string): string {
  return keptHtml(`${name}\u0000${json}`, () => `<div data-island="${name}" data-props="${escapeHtml(json)}">${render()}</div>`);
}

/**
 * HTML that is a pure function of `key` (a name and the data it shows, serialized), rendered by
 * `render` only when it is not kept: server-rendered lists such as a specialization's doctors.
 */
export function keptHtml(key: string, render: () => string): string {
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  // Kept flat: see flat() in src/html.ts.
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
