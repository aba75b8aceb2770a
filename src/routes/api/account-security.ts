/**
 * Issue 28's JSON calls: forgot and reset password, change password, and the account's sessions;
 * issue 44's erasure of one's own account.
 * The rules live in src/actions/passwords.ts and src/actions/sessions.ts; the page forms call
 * the same use cases (src/routes/pages/account-security.tsx).
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { changePassword, PASSWORD_CHANGED, PASSWORD_RESET, requestPasswordReset, RESET_SENT, resetPassword } from "../../actions/passwords";
import { endOtherSessions, endSession, FEED_ENDED, FEED_ENTRY, listSessions, OTHERS_ENDED, SESSION_ENDED } from "../../actions/sessions";
import type { Deps } from "../../config/deps";
import { changePasswordBody, deleteAccountBody, forgotPasswordBody, resetPasswordBody, sessionIdParam } from "../../http/schemas";
import { eraseAccount } from "../../actions/erasure";
import { ACCOUNT_ERASED } from "../../domain/erasure";
import { onInvalid } from "../../http/validate";
import { askerOf, rememberDevice } from "../../middleware/device";
import { requireSignedIn, signedInUser, startSession } from "../../middleware/session";
import { crossSiteApiRefused } from "../../middleware/same-origin";
/** Issue 51: open to an admin's password-only session under ADMIN_2FA_REQUIRED. */
const SETUP_ONLY = { beforeTwoFactor: true };

export function accountSecurityApi(deps: Deps) {
  const api = new Hono();

  // The same answer, at once, whether or not the account exists (enumeration-safe).
  api.post("/forgotPassword", zValidator("json", forgotPasswordBody, onInvalid), async (c) => {
    const { role, email } = c.req.valid("json");
    await requestPasswordReset(deps, role, email, askerOf(c, deps));
    return c.json({ message: RESET_SENT }, 202);
  });

  // Issue 51: it sets the session cookie, so a browser's post from another site is refused, as a login's is.
  api.use("/resetPassword", crossSiteApiRefused(deps.config.corsOrigins));
  api.post("/resetPassword", zValidator("json", resetPasswordBody, onInvalid), async (c) => {
    const { token, password } = c.req.valid("json");
    const { role, account } = await resetPassword(deps, token, password, askerOf(c, deps));
    const session = await startSession(c, deps, role, account);
    return c.json({ message: PASSWORD_RESET, token: session, role, name: account.name });
  });

  api.post("/changePassword", requireSignedIn(deps), zValidator("json", changePasswordBody, onInvalid), async (c) => {
    const user = signedInUser(c);
    const updated = await changePassword(deps, user, c.req.valid("json"), askerOf(c, deps));
    // The new password revoked every device cookie; this browser stays trusted.
    await rememberDevice(c, deps, user.role, updated);
    return c.json({ message: PASSWORD_CHANGED });
  });

  api.get("/sessions", requireSignedIn(deps, SETUP_ONLY), async (c) => {
    const user = signedInUser(c);
    const sessions = await listSessions(deps, user.role, user.account.id, user.sessionId);
    c.header("Cache-Control", "no-store");
    return c.json({ sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })) });
  });

  api.post("/sessions/revokeOthers", requireSignedIn(deps, SETUP_ONLY), async (c) => {
    const user = signedInUser(c);
    await endOtherSessions(deps, user.role, user.account.id, user.sessionId);
    return c.json({ message: OTHERS_ENDED });
  });

  api.delete("/sessions/:id", requireSignedIn(deps, SETUP_ONLY), zValidator("param", sessionIdParam, onInvalid), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid("param");
    await endSession(deps, user.role, user.account.id, id);
    return c.json({ message: id === FEED_ENTRY ? FEED_ENDED : SESSION_ENDED });
  });

  // Issue 44: erasing one's own account (the page's form: src/routes/pages/account-delete.tsx).
  api.post("/account/delete", requireSignedIn(deps), zValidator("json", deleteAccountBody, onInvalid), async (c) => {
    await eraseAccount(deps, signedInUser(c), c.req.valid("json"), askerOf(c, deps));
    return c.json({ message: ACCOUNT_ERASED });
  });

  return api;
}
