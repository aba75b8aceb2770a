/**
 * Issue 44's JSON calls about the account's data: the consent notice (GET /consent, POST
 * /consent: a client that signed up without it, or whose notice changed, accepts it later) and
 * the data export (GET /account/export). The rules live in src/actions/consent.ts and
 * src/actions/export.ts; the pages' consent form and download call the same functions.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono, type Context } from "hono";
import { acceptConsent, CONSENT_RECORDED, CONSENT_WITHDRAWN, consentStateOf, withdrawConsent } from "../../actions/consent";
import { exportAccount, type Exporter } from "../../actions/export";
import type { Deps } from "../../config/deps";
import { CONSENTING_ROLES } from "../../domain/consent";
import { consentBody } from "../../http/schemas";
import { onInvalid } from "../../http/validate";
import { requireRole, requireSignedIn, signedInUser, type SessionUser } from "../../middleware/session";

type ConsentingUser = Extract<SessionUser, { role: "patient" | "doctor" }>;

/** The export as a download: `carebook-<YYYY-MM-DD>.json` (the UTC date), never kept by a cache. */
export async function exportAnswer(c: Context, deps: Deps, user: SessionUser): Promise<Response> {
  const document = await exportAccount(deps, user as Exporter);
  const day = deps.now().toISOString().slice(0, 10);
  c.header("Content-Disposition", `attachment; filename="carebook-${day}.json"`);
  c.header("Cache-Control", "no-store");
  return c.json(document);
}

export function accountDataApi(deps: Deps) {
  const api = new Hono();

  api.get("/consent", requireSignedIn(deps), (c) => {
    const user = signedInUser(c);
    const state = consentStateOf(deps, user.role, user.account);
    c.header("Cache-Control", "no-store");
    return c.json({
      version: state.version,
      accepted: state.accepted && { version: state.accepted.version, at: state.accepted.at.toISOString() },
      due: state.due,
      withdrawnAt: state.withdrawnAt?.toISOString() ?? null,
    });
  });

  // A doctor of any status: a pending one signed up too.
  api.post("/consent", requireRole(deps, CONSENTING_ROLES, { anyStatus: true }), zValidator("json", consentBody, onInvalid), async (c) => {
    const user = signedInUser(c) as ConsentingUser;
    const accepted = await acceptConsent(deps, user.role, user.account.id, c.req.valid("json").version);
    return c.json({ message: CONSENT_RECORDED, version: accepted.version, at: accepted.at.toISOString() });
  });

  // Issue 51: withdrawing consent, without erasing the account.
  api.delete("/consent", requireRole(deps, CONSENTING_ROLES, { anyStatus: true }), async (c) => {
    const user = signedInUser(c) as ConsentingUser;
    const at = await withdrawConsent(deps, user.role, user.account.id);
    return c.json({ message: CONSENT_WITHDRAWN, withdrawnAt: at.toISOString() });
  });

  api.get("/account/export", requireSignedIn(deps), (c) => exportAnswer(c, deps, signedInUser(c)));

  return api;
}
