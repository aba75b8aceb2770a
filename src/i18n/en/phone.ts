/**
 * The phone area (issue 55): the profile's phone form, the login page's code form, and the texts
 * (SMS, WhatsApp) as sent. Each `text.*` is a template of docs/messages.md, registered in DLT form
 * ({#var#} for each value); English texts stay within GSM-7 and 2 segments.
 */
export default {
  "phone.title": "Mobile phone",
  "phone.intro": "Add your mobile number to get texts about your appointments. We send a 6-digit code by SMS to check it is yours.",
  "phone.number": "Mobile number",
  "phone.hint": "With + and the country code, or a 10-digit Indian mobile.",
  "phone.send": "Send code",
  "phone.code": "Code from the SMS",
  "phone.verify": "Verify",
  "phone.remove": "Remove number",
  "phone.change": "Use another number",
  "phone.verifiedAs": "{number} is verified.",
  "phone.waiting": "{number} is not verified yet. Enter the code we sent by SMS.",
  "phone.off": "This Carebook sends no texts at the moment, so a number cannot be verified.",
  "phone.sent": "A 6-digit code is on its way by SMS.",
  "phone.verified": "Your phone number is verified.",
  "phone.removed": "Your phone number is removed.",
  "phone.bySms": "Reminders and notices also by SMS to my verified phone",
  "phone.byWhatsapp": "Reminders and notices also by WhatsApp to my verified phone",
  // Sign in with a code (the patient's login page, issue 55 item 6).
  "phone.login.link": "Sign in with a code sent to your phone",
  "phone.login.title": "Sign in with a code",
  "phone.login.intro": "Enter the mobile number verified on your patient account. We send a 6-digit code to it by SMS.",
  "phone.login.sentTo": "If {number} is verified on a patient account, a 6-digit code is on its way by SMS. It works for {minutes} minutes.",
  "phone.login.signIn": "Sign in",
  "phone.login.again": "Send a new code",
  "phone.login.password": "Sign in with your password instead",
  "phone.err.invalid": "Enter a mobile number with + and the country code, or a 10-digit Indian mobile.",
  "phone.err.badCode": "That code is not right, or it has expired. Ask for a new one if it has.",
  "phone.err.noCode": "There is no code to check. Ask for a new one.",
  "phone.err.tooSoon": "A code was sent less than a minute ago. Wait a moment, then ask again.",
  "phone.err.tooMany": "Too many codes went to this number in the last hour. Try again later.",
  "phone.err.noPhone": "There is no phone number on this account.",
  // The texts (SMS and WhatsApp), short: at most 2 GSM-7 segments once filled in.
  "text.code": "Carebook code: {code}. It works for {minutes} minutes. Do not share it with anyone.",
  "text.confirmed": "Carebook: your appointment with {doctor} is confirmed for {when}. Details: {link}",
  "text.changed": "Carebook: your appointment with {doctor} is moved to {when}. Details: {link}",
  "text.cancelled": "Carebook: your appointment with {doctor} on {when} is cancelled. Details: {link}",
  "text.reminder": "Carebook reminder: your appointment with {doctor} is at {when}. Details: {link}",
  "text.offer": "Carebook: a time with {doctor} is free at {when}. It is held for you for a short while: {link}",
};
