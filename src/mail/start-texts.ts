/** The server's texts at start (issue 55): the SMS and WhatsApp channels the settings name, their senders, and a line each saying how. */
import type { Deps } from "../config/deps";
import { startOutboxSender, type Channel, type MailSender } from "./sender";
import { channelOn, smsMode } from "./texts";
import { TEXT_BACKOFF_SECONDS, twilioChannel } from "./twilio";
import { whatsappChannel } from "./whatsapp";

/** MAIL_PREVIEW: a text is "sent" nowhere and kept whole, for the admin's mail page and the demo. */
const previewChannel = (name: "sms" | "whatsapp"): Channel => ({
  name,
  backoff: TEXT_BACKOFF_SECONDS,
  send: async () => undefined,
  finishedBody: () => undefined,
});

/** Starts sending texts (unless off) and says in one line each how SMS and WhatsApp go. */
export function startTexts(deps: Pick<Deps, "database" | "config" | "now" | "observe">): MailSender[] {
  const sms = smsMode(deps.config);
  const senders: MailSender[] = [];
  // WhatsApp (issue 55, item 5): through the Cloud API when its settings are there, one line either way.
  if (deps.config.whatsapp !== undefined) {
    console.log(`WhatsApp is on: through the Cloud API (${deps.config.whatsapp.apiUrl}), template messages.`);
    senders.push(startOutboxSender(deps, whatsappChannel(deps.config)));
  } else if (!channelOn(deps.config, "whatsapp")) {
    console.log("WhatsApp is off: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_VERIFY_TOKEN and WHATSAPP_APP_SECRET are not set.");
  }
  if (sms === "off") {
    console.log("SMS is off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set, so no phone can be verified and no text is sent.");
    return senders;
  }
  if (sms === "twilio") console.log(`SMS is on: through Twilio (${deps.config.twilio!.apiUrl}), from ${deps.config.twilio!.from}.`);
  else console.log("SMS preview (MAIL_PREVIEW): texts are written to the outbox and shown on the admin's mail page, sent nowhere.");
  senders.push(startOutboxSender(deps, sms === "twilio" ? twilioChannel(deps.config) : previewChannel("sms")));
  if (deps.config.whatsapp === undefined && channelOn(deps.config, "whatsapp")) senders.push(startOutboxSender(deps, previewChannel("whatsapp")));
  return senders;
}
