/** The frame of every doctor page: the doctor's navigation and the browser guard (approved only). */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { renderPage, themeOf } from "../../../components/Document";
import { Shell } from "../../../components/Shell";

export function doctorPage(c: Context, title: string, body: Child) {
  return renderPage(
    c,
    { title, guard: "doctor:approved" },
    <Shell area="doctor" path={c.req.path} theme={themeOf(c)}>
      <div class="page-wide">{body}</div>
    </Shell>,
  );
}
