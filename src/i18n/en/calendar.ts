/** The calendar area's messages (ICU MessageFormat, src/domain/i18n.ts): the text of calendar files and feeds (src/calendar/ics.ts), in the account's language. */
export default {
  // A doctor's name as mails and calendars write it ("Dr " once, whatever the doctor typed).
  "calendar.doctorTitle": "Dr {name}",
  "calendar.summary": "Consultation with {name}",
  // Issue 42: a visit for a family member names the person (never the reason).
  "calendar.summaryFor": "Consultation with {name} for {person}",
  "calendar.personOf": "{person} ({holder})",
  "calendar.description": "Video consultation booked on Carebook.\nJoin: {link}",
  "calendar.cancelled": "This consultation was cancelled.",
  "calendar.alarm": "{minutes, plural, one {Consultation in # minute} other {Consultation in # minutes}}",
  // The subscription feed's name in the calendar app.
  "calendar.feedName": "Carebook consultations",
} satisfies Record<string, string>;
