/** The calendar area's messages (ICU MessageFormat, src/domain/i18n.ts): the text of calendar files and feeds (src/calendar/ics.ts), in the account's language. */
export default {
  // A doctor's name as mails and calendars write it ("Dr " once, whatever the doctor typed).
  "calendar.doctorTitle": "Dr {name}",
  "calendar.summary": "Appointment with {name}",
  // Issue 42: a visit for a family member names the person (never the reason).
  "calendar.summaryFor": "Appointment with {name} for {person}",
  "calendar.personOf": "{person} ({holder})",
  "calendar.description": "Appointment by video call, booked on Carebook.\nJoin: {link}",
  "calendar.cancelled": "This appointment was cancelled.",
  "calendar.alarm": "{minutes, plural, one {Appointment in # minute} other {Appointment in # minutes}}",
  // The subscription feed's name in the calendar app.
  "calendar.feedName": "Carebook appointments",
} satisfies Record<string, string>;
