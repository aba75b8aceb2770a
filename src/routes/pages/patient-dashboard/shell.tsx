/** The frame of every patient page: the patient's navigation and the browser guard. */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { renderPage, themeOf } from "../../../components/Document";
import { Shell } from "../../../components/Shell";

export function patientPage(c: Context, title: string, body: Child, status: 200 | 404 = 200) {
  return renderPage(
    c,
    { title, guard: "patient", status },
    <Shell area="patient" path={c.req.path} theme={themeOf(c)}>
      <div class="page-wide">{body}</div>
    </Shell>,
  );
}
