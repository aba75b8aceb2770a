/**
 * The HTTP side of device cookies (src/auth/device.ts), shared by the JSON API and the page forms:
 * who is asking (address and the verified device cookies) for login and signup, and the cookie
 * set after a successful login or signup.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Client } from "../actions/accounts";
import type { Asker } from "../actions/passwords";
import { deviceName } from "../domain/user-agent";
import { accountTag, newDeviceId, signDevice, verifyDevice } from "../auth/device";
import { clientAddress } from "../auth/throttle";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import { isHttps } from "../http/https";

const PREFIX = "cb_device_";
/** A browser used for a few accounts is normal; hundreds of cookies are not worth verifying. */
const MAX_READ = 16;
/** How long a browser stays trusted for an account after its last successful login. */
const DEVICE_DAYS = 180;

/** The client of a login or signup: its address, and the accounts this browser is trusted for. */
export function loginClient(c: Context, deps: Deps): Client {
  const devices = new Map<string, string>();
  let read = 0;
  for (const [name, value] of Object.entries(getCookie(c))) {
    if (!name.startsWith(PREFIX) || read++ >= MAX_READ) continue;
    const tag = name.slice(PREFIX.length);
    const deviceId = verifyDevice(deps.keys, tag, value);
    if (deviceId !== undefined) devices.set(tag, deviceId);
  }
  return { address: clientAddress(c, deps), devices };
}

/**
 * Marks this browser as trusted for the account (a new device id each time: OWASP's rotation),
 * under its current password: a new password revokes every device cookie given before it.
 */
export function rememberDevice(c: Context, deps: Deps, role: Role, account: { email: string; passwordHash: string }): void {
  const tag = accountTag(deps.keys, { role, email: account.email });
  setCookie(c, `${PREFIX}${tag}`, signDevice(deps.keys, tag, newDeviceId(deps.keys, account.passwordHash)), {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: isHttps(c, deps),
    maxAge: DEVICE_DAYS * 86_400,
  });
}

/** Who asks for a password reset or change: the address (limits) and the browser's coarse name (mails). */
export function askerOf(c: Context, deps: Deps): Asker {
  return { address: clientAddress(c, deps), device: deviceName(c.req.header("user-agent")) };
}
