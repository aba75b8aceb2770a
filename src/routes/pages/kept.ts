/**
 * The signed-in pages' GET answers, kept whole per page and viewer (src/http/cached.ts, keptPage).
 * A page is what it is made of: the viewer's account as the session read it on this request (its
 * lists version moves with every change its lists or calendar link show, drizzle/0006 and 0007),
 * the theme and time zone cookies, the address with its query, Save-Data, and for pages that show
 * doctors (`directory`) the directory version the session's read saw (drizzle/0003), and what else
 * the caller read for it (`extra`: e.g. another doctor's free slots, issue 26). A page made of
 * anything else must not use this.
 */
import type { Context } from "hono";
import { savesData, themeOf } from "../../render/Document";
import { langOf } from "../../i18n/request";
import type { Deps } from "../../config/deps";
import { keptPage } from "../../http/cached";
import { viewerTimeZone } from "../../middleware/page-guard";
import { preparedSecurityHeaders } from "../../middleware/security";

export function keptViewerPage(
  c: Context,
  deps: Deps,
  render: () => Promise<Response>,
  options: { directory?: boolean; once?: boolean; extra?: string } = {},
): Promise<Response> {
  const user = c.get("user");
  if (user === undefined) return render();
  const url = c.req.url;
  return keptPage(
    c,
    deps.database,
    {
      key: `${user.role}:${user.account.id}\u0000${url.slice(url.indexOf("/", url.indexOf("//") + 2))}${savesData(c) ? "\u0000save-data" : ""}\u0000${langOf(c)}`,
      // (whether the consent notice is asked moves with the account's row, and with the notice in force)
      state: `${accountState(user.account)}\u0000${c.get("consentAsked") === true}\u0000${themeOf(c)}\u0000${viewerTimeZone(c)}\u0000${options.directory === true ? user.directoryVersion : ""}\u0000${options.extra ?? ""}`,
      now: deps.now(),
      once: options.once,
    },
    render,
    preparedSecurityHeaders,
  );
}

/** Every value of the account's row, as text (JSON.stringify was a tenth of a kept page's CPU, its dates most of it). */
function accountState(account: object): string {
  let state = "";
  for (const value of Object.values(account)) state += `${value instanceof Date ? value.getTime() : value}\u0001`;
  return state;
}
