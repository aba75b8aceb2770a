/**
 * The mail a person may turn off (issue 25): reminders before a meeting, and notices of changes.
 * Mail about the account and its security is always sent, so it has no switch here.
 */
export type MailPreferences = { reminders: boolean; notices: boolean; sms: boolean; whatsapp: boolean };

/**
 * Until a person chooses, every mail is on; texts to a verified phone go by SMS, not WhatsApp
 * (issue 55: `sms` and `whatsapp` say where reminders and notices also go, both: both).
 */
export const MAIL_ON: MailPreferences = { reminders: true, notices: true, sms: true, whatsapp: false };
