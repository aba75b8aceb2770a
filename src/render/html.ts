/** HTML text written outside JSX, escaped exactly as Hono's JSX escapes text and attribute values. */
import { escapeToBuffer, type StringBuffer } from "hono/utils/html";

/** `text` with & < > " ' escaped (for text and for a double-quoted attribute value). */
export function escapeHtml(text: string): string {
  const buffer: StringBuffer = [""];
  escapeToBuffer(text, buffer);
  return buffer[0] as string;
}

/**
 * `text` made one contiguous string, in place. JavaScriptCore keeps a string built by
 * concatenation as a tree of its pieces (a rope) until something reads it whole; a rope that is
 * kept and then written into a new page on every request is walked piece by piece every time,
 * since flattening the page copies out of it without flattening it (a 70 KB meetings island of
 * thousands of pieces: about 150 µs a page; flat, about 6 µs: docs/performance.md). Searching it
 * reads it whole and flattens it for good, so HTML that is kept goes through here once.
 */
export function flat(text: string): string {
  text.indexOf("\u0000");
  return text;
}
