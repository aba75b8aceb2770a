/**
 * A server-rendered page's one-time notice or refusal: the page's #notice (src/domain/notice.ts),
 * where a form's redirect opens the page and what the page focuses as it loads (issue 39). The
 * islands' own is islands/lib/ui.tsx's Notice.
 */
import { NOTICE_ID } from "../domain/notice";
import type { Notice } from "../http/forms";

export function NoticeLine({ notice }: { notice?: Notice }) {
  if (notice === undefined) return null;
  return (
    <p id={NOTICE_ID} tabindex={-1} class={`notice notice-${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      {notice.text}
    </p>
  );
}
