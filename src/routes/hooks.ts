/**
 * The providers' delivery reports (issue 55). POST /hooks/twilio/status: Twilio's StatusCallback,
 * checked by X-Twilio-Signature (HMAC-SHA1 of PUBLIC_URL + the path and the sorted form fields,
 * keyed by the auth token); a bad or missing signature is 403 and changes nothing.
 * GET /hooks/whatsapp answers the Cloud API's verify-token challenge; POST /hooks/whatsapp checks
 * X-Hub-Signature-256 (HMAC-SHA256 of the raw body, keyed by the app secret) likewise.
 */
import { Hono } from "hono";
import { recordDelivery } from "../actions/phone";
import type { Deps } from "../config/deps";
import { siteUrl } from "../config/env";
import { TWILIO_STATUS_PATH, twilioOutcome, twilioSigned } from "../mail/twilio";
import { WHATSAPP_HOOK_PATH, whatsappSigned, whatsappStatuses } from "../mail/whatsapp";

export function hookRoutes(deps: Deps) {
  const routes = new Hono();
  routes.post(TWILIO_STATUS_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const twilio = deps.config.twilio;
    if (twilio === undefined) return c.json({ message: "Not found" }, 404);
    const form = await c.req.parseBody().catch(() => undefined);
    if (form === undefined) return c.json({ message: "Bad request" }, 400);
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) if (typeof value === "string") fields[name] = value;
    // The URL Twilio signed is the one it was given: PUBLIC_URL's, never the Host header.
    if (!twilioSigned(twilio.authToken, siteUrl(deps.config) + TWILIO_STATUS_PATH, fields, c.req.header("x-twilio-signature"))) {
      return c.json({ message: "Bad signature" }, 403);
    }
    const outcome = twilioOutcome(fields.MessageStatus);
    if (outcome !== undefined && fields.MessageSid) {
      const error = outcome === "failed" ? `Twilio: ${fields.MessageStatus}${fields.ErrorCode ? ` (${fields.ErrorCode})` : ""}` : null;
      await recordDelivery(deps, "sms", fields.MessageSid, outcome, error);
    }
    return c.body(null, 204);
  });

  routes.get(WHATSAPP_HOOK_PATH, (c) => {
    c.header("Cache-Control", "no-store");
    const whatsapp = deps.config.whatsapp;
    if (whatsapp === undefined) return c.json({ message: "Not found" }, 404);
    const given = c.req.query("hub.verify_token");
    const ok = c.req.query("hub.mode") === "subscribe" && given !== undefined && given === whatsapp.verifyToken;
    if (!ok) return c.json({ message: "Bad verify token" }, 403);
    return c.text(c.req.query("hub.challenge") ?? "");
  });
  routes.post(WHATSAPP_HOOK_PATH, async (c) => {
    c.header("Cache-Control", "no-store");
    const whatsapp = deps.config.whatsapp;
    if (whatsapp === undefined) return c.json({ message: "Not found" }, 404);
    const raw = await c.req.text();
    if (!whatsappSigned(whatsapp.appSecret, raw, c.req.header("x-hub-signature-256"))) return c.json({ message: "Bad signature" }, 403);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.json({ message: "Bad request" }, 400);
    }
    for (const status of whatsappStatuses(body)) await recordDelivery(deps, "whatsapp", status.id, status.outcome, status.error);
    return c.body(null, 200);
  });
  return routes;
}
