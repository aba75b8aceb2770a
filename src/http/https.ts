import type { Context } from "hono";
import { forwardedProto } from "../auth/throttle";
import type { Deps } from "../config/deps";

/** Whether the request came over HTTPS (directly, or through a trusted proxy). */
export function isHttps(c: Context, deps: Deps): boolean {
  if (c.req.url.startsWith("https:")) return true;
  return forwardedProto(c, deps) === "https";
}
