/** HTML text written outside JSX, escaped exactly as Hono's JSX escapes text and attribute values. */
import { escapeToBuffer, type StringBuffer } from "hono/utils/html";

/** `text` with & < > " ' escaped (for text and for a double-quoted attribute value). */
export function escapeHtml(text: string): string {
  const buffer: StringBuffer = [""];
  escapeToBuffer(text, buffer);
  return buffer[0] as string;
}
