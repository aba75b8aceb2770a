/**
 * The symbols in the first screen of our pages, as inline SVG drawn in the text's colour (`.icon`
 * in static/app.css sizes them to the text), hidden from screen readers: the words beside them say it.
 * Not characters: ✚ ☀ ☾ ← are in neither Noto Sans nor Roboto, so a browser drawing one looks
 * through every family of the stack, then asks the system for a fallback font and loads it: the
 * dearest part of a cold page's first layout (docs/performance.md, issue 29). The admin history's
 * → stays a character: it is read aloud ("pending to approved") and sits in a closed <details>,
 * which is not laid out until opened.
 * Plain strings, so that the server's pages (`raw()`) and the islands (`dangerouslySetInnerHTML`)
 * send the same bytes; ASCII, so a page stays a one-byte-per-character string (issue 12).
 */
const icon = (body: string) => `<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">${body}</svg>`;

export const ICON = {
  /** The brand's cross. */
  cross: icon('<path d="M6 1h4v5h5v4h-5v5H6v-5H1V6h5z"/>'),
  /** Switch to the light theme. */
  sun: icon('<circle cx="8" cy="8" r="3.5"/><path d="M8 0v3M8 13v3M0 8h3M13 8h3M2.3 2.3l2.1 2.1M11.6 11.6l2.1 2.1M2.3 13.7l2.1-2.1M11.6 4.4l2.1-2.1" stroke="currentColor" stroke-width="1.6"/>'),
  /** Switch to the dark theme. */
  moon: icon('<path d="M10.5 1A7 7 0 1 0 15 12.5 6 6 0 0 1 10.5 1z"/>'),
  /** Back. */
  back: icon('<path d="M7 3 2 8l5 5M2 8h13" fill="none" stroke="currentColor" stroke-width="1.8"/>'),
} as const;
