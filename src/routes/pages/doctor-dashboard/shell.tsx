/** The frame of every doctor page: the doctor's navigation and the browser guard (approved only). */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { renderPage, themeOf, type PageOptions } from "../../../render/Document";
import { Shell } from "../../../components/Shell";
import { ConsentPrompt } from "../../../components/ConsentNotice";

/** `path` is the page's own, also when a form posted elsewhere shows it again; `paint`: see PageOptions. */
export function doctorPage(c: Context, title: string, body: Child, path = c.req.path, paint: Pick<PageOptions, "firstPaintAfter" | "status"> = {}) {
  return renderPage(
    c,
    { title, guard: "doctor:approved", ...paint },
    <Shell area="doctor" path={path} theme={themeOf(c)}>
      <div class="page-wide">
        {c.get("consentAsked") === true && <ConsentPrompt back={path} />}
        {body}
      </div>
    </Shell>,
  );
}
