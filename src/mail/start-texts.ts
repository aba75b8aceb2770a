/** The server's texts at start (issue 55): the SMS channel the settings name, its sender, and one line saying which. */
import type { Deps } from "../config/deps";
import { startOutboxSender, type Channel, type MailSender } from "./sender";
import { channelOn, smsMode } from "./texts";
import { TEXT_BACKOFF_SECONDS, twilioChannel } from "./twilio";

/** MAIL_PREVIEW: a text is "sent" nowhere and kept whole, for the admin's mail page and the demo. */
const previewChannel = (name: "sms" | "whatsapp"): Channel => ({
  name,
  backoff: TEXT_BACKOFF_SECONDS,
  send: async () => undefined,
  finishedBody: () => undefined,
});

/** Starts sending texts (unless off) and says in one line how SMS goes. */
export function startTexts(deps: Pick<Deps, "database" | "config" | "now" | "observe">): MailSender[] {
  const sms = smsMode(deps.config);
  if (sms === "off") {
    console.log("SMS is off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set, so no phone can be verified and no text is sent.");
    return [];
  }
  if (sms === "twilio") console.log(`SMS is on: through Twilio (${deps.config.twilio!.apiUrl}), from ${deps.config.twilio!.from}.`);
  else console.log("SMS preview (MAIL_PREVIEW): texts are written to the outbox and shown on the admin's mail page, sent nowhere.");
  const senders = [startOutboxSender(deps, sms === "twilio" ? twilioChannel(deps.config) : previewChannel("sms"))];
  if (channelOn(deps.config, "whatsapp")) senders.push(startOutboxSender(deps, previewChannel("whatsapp")));
  return senders;
}
