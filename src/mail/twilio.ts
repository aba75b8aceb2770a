/**
 * SMS through Twilio's Messages API (issue 55), over its real HTTP shape: a form POST to
 * `{TWILIO_API_URL}/2010-04-01/Accounts/{sid}/Messages.json` with Basic auth (the account SID and
 * the auth token), fields To, From, Body and StatusCallback. A 429 or 5xx or a network error is
 * tried again (at most 5 tries in all); any other 4xx ends the message at once. Delivery reports
 * come back to `/hooks/twilio/status`, signed (X-Twilio-Signature) with the auth token.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { siteUrl, type Config } from "../config/env";
import type { OutboxRow } from "../db/queries/mail";
import { SendFailure, type Channel } from "./sender";

/** Waits after the 1st to 4th failure: the 5th try is the last. */
export const TEXT_BACKOFF_SECONDS = [10, 30, 60, 120] as const;
export const TWILIO_STATUS_PATH = "/hooks/twilio/status";
/** Well inside the sender's claim (CLAIM_MS). */
const TIMEOUT_MS = 20_000;

/** What is kept of a sent code: not its digits (the admin's page, a backup never hold a live code). */
export function textFinishedBody(row: OutboxRow): { text: string; html: string } | undefined {
  if (row.template !== "code") return undefined;
  return { text: row.text.replace(/\d{6}/g, "••••••"), html: row.html.replace(/\d{6}/g, "••••••") };
}

/** Whether an answer's status is worth another try. */
export const retryable = (status: number) => status === 429 || status >= 500;

/** The SMS channel through Twilio. */
export function twilioChannel(config: Config): Channel {
  const twilio = config.twilio!;
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`;
  const callback = siteUrl(config) + TWILIO_STATUS_PATH;
  return {
    name: "sms",
    backoff: TEXT_BACKOFF_SECONDS,
    finishedBody: textFinishedBody,
    async send(row) {
      const body = new URLSearchParams({ To: row.toAddress, From: twilio.from, Body: row.text, StatusCallback: callback });
      const answer = await fetch(url, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const json = (await answer.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!answer.ok) throw new SendFailure(`Twilio answered ${answer.status}${json.message ? `: ${json.message}` : ""}`, retryable(answer.status));
      return json.sid;
    },
  };
}

/** Twilio's signature of a form POST to `url`: HMAC-SHA1 of the URL and the sorted fields (name then value), base64. */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = url + Object.keys(fields).sort().map((name) => name + fields[name]).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether `given` is the signature of this request; false when missing. */
export function twilioSigned(authToken: string, url: string, fields: Record<string, string>, given: string | undefined): boolean {
  if (given === undefined) return false;
  const want = Buffer.from(twilioSignature(authToken, url, fields));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** A Twilio MessageStatus as the outbox keeps it; undefined for the states on the way (queued, sent, …). */
export function twilioOutcome(status: string | undefined): "delivered" | "failed" | undefined {
  if (status === "delivered") return "delivered";
  if (status === "undelivered" || status === "failed") return "failed";
  return undefined;
}
