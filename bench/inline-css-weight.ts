/**
 * What a page's inline stylesheet costs on the wire. It travels inside the HTML's compressed
 * stream, so DevTools counts it as HTML; to report it honestly beside the HTML, the document is
 * compressed as the server sent it (same encoding) with and without its `<style>` elements, and
 * the difference is the stylesheet's share.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The compressed size of `text` in `encoding` (brotli at the server's prerender quality). */
function compressedSize(text: string, encoding: string | undefined): number {
  const bytes = new TextEncoder().encode(text);
  if (encoding === "br") return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  if (encoding === "gzip") return gzipSync(bytes, { level: 6 }).length;
  return bytes.length;
}

/** The bytes the inline `<style>` elements add to `html` as sent with `encoding`. */
export function inlineCssOnWire(html: string, encoding: string | undefined): number {
  const without = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");
  if (without === html) return 0;
  return Math.max(0, compressedSize(html, encoding) - compressedSize(without, encoding));
}
