/**
 * POST /doctor-dashboard/undo (issue 39): the Undo in the notice after a doctor's schedule,
 * cancel or reschedule, without script. It calls the same use case as the API's twin
 * (POST /api/auth/doctor-dashboard/undo) and goes back to the page it came from (the dashboard or
 * the meetings page) with the outcome on top: undone, or why not (too late, nothing to undo).
 */
import type { Context } from "hono";
import { undoChange } from "../../../actions/undo";
import type { Deps } from "../../../config/deps";
import { Refusal } from "../../../domain/refusal";
import { doneThen, pageMessage, refusalWords } from "../../../http/forms";
import { undoBody } from "../../../http/schemas";
import { tOf } from "../../../i18n/request";
import { pageAccount } from "../../../middleware/page-guard";

/** The pages an undo is offered on: anything else posted as `back` goes to the dashboard. */
const BACK = ["/doctor-dashboard", "/doctor-dashboard/doctor-Meetings"];

export function doctorUndoPost(deps: Deps) {
  return async (c: Context) => {
    const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
    const back = BACK.find((path) => path === body.back) ?? BACK[0]!;
    const parsed = undoBody.safeParse(body);
    if (!parsed.success) return doneThen(c, back, { text: pageMessage(c, "There is nothing to undo for this appointment"), tone: "error" });
    try {
      await undoChange(deps, pageAccount(c, "doctor").id, parsed.data.appointmentId);
      return doneThen(c, back, { text: tOf(c)("undo.done"), tone: "success" });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return doneThen(c, back, { text: refusalWords(error, tOf(c)), tone: "error" });
    }
  };
}
