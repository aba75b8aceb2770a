/**
 * WhatsApp through the Cloud API (issue 55, item 5), over its real HTTP shape: a JSON POST to
 * `{WHATSAPP_API_URL}/{phone number id}/messages` with `Authorization: Bearer {token}`, a
 * `template` message named `carebook_{template}` in the reader's language (`en` or `hi`), its body
 * parameters in the order docs/messages.md gives. Codes never go by WhatsApp (SMS only). Retries
 * as SMS's (./twilio.ts). Delivery reports come to `/hooks/whatsapp`, signed (X-Hub-Signature-256,
 * HMAC-SHA256 of the raw body keyed by the app secret); its GET answers the verify-token challenge.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config/env";
import type { OutboxRow } from "../db/queries/mail";
import { SendFailure, type Channel } from "./sender";
import { retryable, TEXT_BACKOFF_SECONDS } from "./twilio";

export const WHATSAPP_HOOK_PATH = "/hooks/whatsapp";
const TIMEOUT_MS = 20_000;

/** The Cloud API's request body for an outbox row (its values kept as JSON in `html`, ./texts.ts). */
export function whatsappMessage(row: Pick<OutboxRow, "toAddress" | "template" | "html">) {
  const { lang, values } = JSON.parse(row.html) as { lang: "en" | "hi"; values: string[] };
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: row.toAddress.replace(/^\+/, ""),
    type: "template",
    template: {
      name: `carebook_${row.template}`,
      language: { code: lang },
      components: [{ type: "body", parameters: values.map((text) => ({ type: "text", text })) }],
    },
  };
}

/** The WhatsApp channel through the Cloud API. */
export function whatsappChannel(config: Config): Channel {
  const whatsapp = config.whatsapp!;
  const url = `${whatsapp.apiUrl}/${encodeURIComponent(whatsapp.phoneNumberId)}/messages`;
  return {
    name: "whatsapp",
    backoff: TEXT_BACKOFF_SECONDS,
    finishedBody: () => undefined,
    async send(row) {
      if (row.template === "code") throw new SendFailure("a code goes by SMS only", false);
      const answer = await fetch(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${whatsapp.token}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(whatsappMessage(row)),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json = (await answer.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { message?: string } };
      if (!answer.ok) throw new SendFailure(`WhatsApp answered ${answer.status}${json.error?.message ? `: ${json.error.message}` : ""}`, retryable(answer.status));
      return json.messages?.[0]?.id;
    },
  };
}

/** `sha256=<hex>` of the raw body, keyed by the app secret. */
export const whatsappSignature = (appSecret: string, raw: string) => `sha256=${createHmac("sha256", appSecret).update(raw, "utf8").digest("hex")}`;

/** Whether `given` (X-Hub-Signature-256) signs `raw`; false when missing. */
export function whatsappSigned(appSecret: string, raw: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const want = Buffer.from(whatsappSignature(appSecret, raw));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The statuses a webhook's body reports: each message id with delivered or failed (sent and the like are on the way). */
export function whatsappStatuses(body: unknown): { id: string; outcome: "delivered" | "failed"; error: string | null }[] {
  const found: { id: string; outcome: "delivered" | "failed"; error: string | null }[] = [];
  const entries = (body as { entry?: { changes?: { value?: { statuses?: unknown[] } }[] }[] })?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      for (const raw of Array.isArray(change?.value?.statuses) ? change.value.statuses : []) {
        const s = raw as { id?: unknown; status?: unknown; errors?: { code?: number; title?: string }[] };
        if (typeof s.id !== "string") continue;
        if (s.status === "delivered" || s.status === "read") found.push({ id: s.id, outcome: "delivered", error: null });
        else if (s.status === "failed") {
          const e = Array.isArray(s.errors) ? s.errors[0] : undefined;
          found.push({ id: s.id, outcome: "failed", error: `WhatsApp: failed${e?.code !== undefined ? ` (${e.code}${e.title ? ` ${e.title}` : ""})` : ""}` });
        }
      }
    }
  }
  return found;
}
