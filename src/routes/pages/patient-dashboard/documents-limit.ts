/**
 * Issue 56: the body limit of the appointments page's report form (MAX_DOCUMENT_BYTES and the
 * form around it). A larger post, or one the upload gate refused before reading it (its line
 * full), shows the page again with the message at the top of the reports (the appointment is
 * not known: the body was never read).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Deps } from "../../../config/deps";
import { pageMessage, showRefused, type FormState } from "../../../http/forms";
import { pictureBodyLimit } from "../../../http/upload-gate";
import { reportsTarget } from "../../../components/ReportsSection";
import { tOf } from "../../../i18n/request";

export function documentFormLimit(deps: Deps, again: (c: Context, form: FormState) => Promise<Response>) {
  const show = (c: Context, message: string, status: ContentfulStatusCode, headers: Record<string, string>) =>
    showRefused(c, { form: { message, values: {}, target: reportsTarget("") }, status, headers }, (form) => again(c, form));
  const mb = Math.floor(deps.config.maxDocumentBytes / 1024 / 1024);
  return pictureBodyLimit(
    deps.config.maxDocumentBytes,
    (c) => show(c, tOf(c)("documents.tooLarge", { size: mb }), 413, { Connection: "close" }),
    (c, refusal) => show(c, pageMessage(c, refusal.message), refusal.status, refusal.headers),
  );
}
