/** Issue 28: forgot, reset and change password; sessions; issue 44: erasing the account (src/routes/api/account-security.ts). */
import { z } from "zod";
import { LIMITS, ROLES } from "../../domain/fields";
import { text, emailField, newPassword, newPasswordNamed } from "./common";

export const forgotPasswordBody = z.object({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }),
  email: emailField,
});

export const resetPasswordBody = z.object({
  // Any shape is looked up (and not found): one answer for every bad link.
  token: z.string({ error: "token is required" }).min(1, "token is required").max(200, "token is not valid"),
  password: newPassword,
});

/** The reset page's form: the link's token is in its path. */
export const resetPasswordForm = resetPasswordBody.pick({ password: true });

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: "currentPassword is required" })
    .min(1, "currentPassword is required")
    .max(LIMITS.password.max, `currentPassword must be at most ${LIMITS.password.max} characters`),
  newPassword: newPasswordNamed("newPassword"),
  // Issue 51: with two-factor sign-in on, a code too (the app's or a recovery code), as turning it off asks.
  code: text("code", { min: 1, max: 40 }).optional(),
});

/** POST /api/auth/account/delete (issue 44): the account's password, checked as a password change checks it. */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: "password is required" })
    .min(1, "password is required")
    .max(LIMITS.password.max, `password must be at most ${LIMITS.password.max} characters`),
  // Issue 51: with two-factor sign-in on, a code too.
  code: text("code", { min: 1, max: 40 }).optional(),
});

/** The message of the erasure page's tick box left empty. */
export const CONFIRM_ERASURE = "Tick the box to confirm that you want your account erased";

/** The erasure page's form: the password, and the tick box that says the person means it. */
export const deleteAccountForm = deleteAccountBody.extend({
  confirm: z.literal("on", { error: CONFIRM_ERASURE }),
});

export const sessionIdParam = z.object({ id: z.string().trim().min(1, "id is required").max(64, "id is not valid") });
