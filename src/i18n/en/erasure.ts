/** Erasing one's account (issue 44): the profile's link, the two-step page, and how others see an erased person. */
export default {
  "erasure.link": "Delete my account",
  "erasure.title": "Delete my account",
  "erasure.intro": "This erases your Carebook account. It cannot be undone.",
  "erasure.goesTitle": "What goes",
  "erasure.goes": "Your name, email address and picture; {role, select, doctor {your registration, college and the details patients choose by} other {your family members and your places on waitlists}}; your mail choices, time zone and language; every device signed in and your calendar feed.",
  "erasure.openTitle": "Your open appointments",
  "erasure.open": "{role, select, doctor {You cannot erase your account while you have open appointments: cancel them or let them finish first.} other {Requests still waiting and appointments still ahead are cancelled, and each doctor is told.}}",
  "erasure.staysTitle": "What stays",
  "erasure.stays": "Your past appointments stay in {role, select, doctor {your patients' records} other {your doctors' records}}, with the reason given for each, because an appointment is part of a medical record. They show you as \u201c{role, select, doctor {Former doctor} other {Former patient}}\u201d, without your name.",
  "erasure.again": "Your email address is free again: you can sign up with it later as a new account.",
  "erasure.password": "Your password",
  "erasure.confirm": "I understand that my account is erased for good.",
  "erasure.submit": "Erase my account",
  "erasure.withdrawTitle": "Or withdraw your consent only",
  "erasure.withdrawIntro": "Your account and your appointments stay, reminders and notices stop, and your pages ask for your consent again. The record keeps when you withdrew it.",
  "erasure.withdrawSubmit": "Withdraw my consent",
  "erasure.withdrawn": "Your consent is withdrawn. Your account stays; you will be asked again.",
  "erasure.cancel": "Keep my account",
  "erasure.done": "Your account is erased. Your past appointments stay with your doctors, without your name.",
  // how an erased person is shown to those who keep their past visits
  "erasure.formerPatient": "Former patient",
  "erasure.formerDoctor": "Former doctor",
  // the form's refusals (the API's words: src/domain/erasure.ts, src/http/schemas/account-security.ts)
  "msg.erasure.doctorOpen": "You still have open appointments: cancel them or let them finish, then erase your account.",
  "msg.erasure.admin": "The admin account cannot be erased this way.",
  "msg.erasure.confirm": "Tick the box to confirm that you want your account erased",
  // an unsubscribe link of an erased account, or of one made before issue 44
  "account.unsubGoneTitle": "Link no longer valid",
  "account.unsubGone": "This unsubscribe link no longer works: its account is erased, or the link is an old one. If you still get mail from Carebook, change your choices on your profile page.",
} satisfies Record<string, string>;
