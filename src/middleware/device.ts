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
import { accountTag, DEVICE_DAYS, newDeviceId, signDevice, verifyDevice } from "../auth/device";
import { replaceDevice } from "../db/queries/devices";
import type { Tx } from "../db/client";
import { clientAddress } from "../auth/throttle";
import type { Deps } from "../config/deps";
import type { Role } from "../domain/fields";
import { hostCookie } from "../http/https";

const PREFIX = "cb_device_";
/** A browser used for a few accounts is normal; hundreds of cookies are not worth verifying. */
const MAX_READ = 16;

/** The client of a login or signup: its address, and the accounts this browser is trusted for. */
export function loginClient(c: Context, deps: Deps): Client {
  const devices = new Map<string, string>();
  let read = 0;
  // Over HTTPS only `__Host-cb_device_…` cookies are read: a sibling subdomain cannot plant those.
  const prefix = hostCookie(c, PREFIX);
  for (const [name, value] of Object.entries(getCookie(c))) {
    if (!name.startsWith(prefix) || read++ >= MAX_READ) continue;
    const tag = name.slice(prefix.length);
    const deviceId = verifyDevice(deps.keys, tag, value);
    if (deviceId !== undefined) devices.set(tag, deviceId);
  }
  return { address: clientAddress(c, deps), devices };
}

/**
 * Marks this browser as trusted for the account: a new device id each time (OWASP's rotation),
 * recorded as live, and the browser's previous id for the account retired with it. The id carries a
 * mark of the current password: a new password revokes every device cookie given before it.
 */
export async function rememberDevice(c: Context, deps: Deps, role: Role, account: { email: string; passwordHash: string }): Promise<void> {
  const device = newTrustedDevice(c, deps, role, account);
  await deps.database.write(async (tx) => device.save(tx));
  device.setCookie();
}

/**
 * rememberDevice in two steps, for a caller with a transaction of its own (a login's session):
 * `save` records the device in it, then `setCookie` hands it to the browser.
 */
export function newTrustedDevice(c: Context, deps: Deps, role: Role, account: { email: string; passwordHash: string }) {
  const tag = accountTag(deps.keys, { role, email: account.email });
  const name = hostCookie(c, `${PREFIX}${tag}`);
  const old = getCookie(c, name);
  const previous = old === undefined ? undefined : verifyDevice(deps.keys, tag, old);
  const deviceId = newDeviceId(deps.keys, account.passwordHash);
  return {
    save: (tx: Tx) => replaceDevice(tx, tag, deviceId, deps.now(), previous),
    setCookie: () =>
      setCookie(c, name, signDevice(deps.keys, tag, deviceId), {
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        secure: name !== `${PREFIX}${tag}`,
        maxAge: DEVICE_DAYS * 86_400,
      }),
  };
}

/** Who asks for a password reset or change: the address (limits) and the browser's coarse name (mails). */
export function askerOf(c: Context, deps: Deps): Asker {
  return { address: clientAddress(c, deps), device: deviceName(c.req.header("user-agent")) };
}
