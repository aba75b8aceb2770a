/** The frame of every patient page: the patient's navigation and the browser guard. */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { renderPage, themeOf, type PageOptions } from "../../../render/Document";
import { Shell } from "../../../components/Shell";
import { ConsentPrompt } from "../../../components/ConsentNotice";

/** `path` is the page's own, also when a form posted elsewhere shows it again; `paint`: see PageOptions. */
export function patientPage(c: Context, title: string, body: Child, path = c.req.path, paint: Pick<PageOptions, "firstPaintAfter"> = {}) {
  return renderPage(
    c,
    { title, guard: "patient", ...paint },
    <Shell area="patient" path={path} theme={themeOf(c)}>
      <div class="page-wide">
        {c.get("consentAsked") === true && <ConsentPrompt back={path} />}
        {body}
      </div>
    </Shell>,
  );
}
