/** The doctor area's messages (ICU MessageFormat, src/domain/i18n.ts). */
export default {
  // The doctor's pages (src/routes/pages/doctor-dashboard): titles and the notices their forms leave.
  "doctorPage.pendingTitle": "Pending appointments",
  "doctorPage.meetingsTitle": "Meetings",
  "doctorPage.profileTitle": "My profile",
  "doctorPage.scheduled": "Appointment scheduled successfully",
  "doctorPage.scheduledOutside": "Appointment scheduled successfully. That time is outside your hours.",
  "doctorPage.cancelled": "Appointment cancelled successfully",
  "doctorPage.declined": "Request declined. The patient sees your reason.",
  "doctorPage.rescheduled": "Appointment rescheduled successfully",
  // Issue 40: the note of a meeting the patient moved, on the doctor's page (said by the server).
  "doctorPage.movedByPatient": "{moved} by the patient from {time}.",
  // Issue 40: the attendance form of a past meeting (said by the server).
  "doctorPage.attendance.question": "Did the patient attend?",
  "doctorPage.attendance.yes": "Attended",
  "doctorPage.attendance.no": "Did not attend",
  "doctorPage.attendance.marked": "Attendance marked",
  "doctorPage.hoursSaved": "Hours saved successfully",
  "doctorPage.profileUpdated": "Profile updated successfully!",
  // An approved doctor's change waiting for the admin; {changes} is the list of the parts below.
  "doctorPage.pendingChange": "Your change of {changes} is waiting for the admin's review.",
  "doctorPage.pendingSpecialization": "specialization to {pending} (patients see {current} until then)",
  "doctorPage.pendingCollege": "college to {pending} (patients see {current} until then)",
  // Issue 39: an approved doctor's first steps (each gone once done) and today's meetings on the dashboard.
  "doctorPage.firstTitle": "What to do next",
  "doctorPage.firstHours": "Set your hours, so patients can pick a free time",
  "doctorPage.firstPhoto": "Add a photo, so patients know whom they will meet",
  "doctorPage.firstProfile": "Check your profile and save it",
  "doctorPage.todayTitle": "Today, {day}",
  "doctorPage.todayNone": "No meetings today.",
  "doctorPage.todayZone": "Times in {zone}.",
  "doctorPage.todayAll": "All meetings",

  // The hours form (src/components/HoursForm.tsx); the weekdays come from Intl.
  "hoursForm.title": "Hours",
  "hoursForm.intro":
    "Patients see your free times inside these hours and can tick the ones that suit them. Leave every day empty to take requests without times (by request).",
  "hoursForm.zone": "Time zone of your hours",
  "hoursForm.zonePlaceholder": "Europe/Berlin",
  "hoursForm.daysOff": "Days off",
  // A range of days off as the form writes it back (the form reads "to", "–" or "..").
  "hoursForm.range": "{from} to {to}",
  "hoursForm.daysOffPlaceholder": "2026-12-24 to 2026-12-26",
  "hoursForm.daysOffHint": "One date, or a range \"from to to\", a line.",
  "hoursForm.save": "Save hours",
  "hoursForm.instant": "Instant booking: patients book my free times themselves",
  "hoursForm.instantHint": "A patient who picks one of your free times has it at once, confirmed, and you get a mail. Without it, patients send a request and you choose the time.",

  // The meetings pages' calendar card (src/routes/pages/calendar-panel.tsx) and the calendar routes.
  "calendarPanel.title": "Meetings in your calendar",
  "calendarPanel.intro":
    "Subscribe your phone's calendar to your meetings: it updates itself and reminds you {minutes, plural, one {# minute} other {# minutes}} before each one, even offline. The link is private. Whoever has it sees when your meetings are and with whom, never why: share it with no one.",
  "calendarPanel.ready": "Your calendar link is ready. It is shown only this once: subscribe now, or copy it into your calendar app.",
  "calendarPanel.subscribe": "Subscribe in my calendar app",
  "calendarPanel.url": "Calendar link (for apps that ask for a URL)",
  "calendarPanel.made":
    "You made a calendar link on {date}. It is shown only when it is made. If you lost it, or someone else may have it, reset it: the old link stops working at once.",
  "calendarPanel.reset": "Reset calendar link",
  "calendarPanel.get": "Get calendar link",
  "calendarPanel.noTimeYet": "This appointment has no time yet",

  // The pending requests island (islands/PendingAppointments.tsx).
  "PendingAppointments.overlap": "You already have {name} at {start} to {end} on {day}.",
  "PendingAppointments.scheduled": "Scheduled {name}. The meet link is in your meetings.",
  "PendingAppointments.cancelled": "Declined {name}'s request.",
  "PendingAppointments.empty": "No pending appointments.",
  "PendingAppointments.requested": "requested",
  "PendingAppointments.date": "Date",
  "PendingAppointments.time": "Time ({zone})",
  "undo.button": "Undo",
  "undo.note": "(for a few seconds; the patient is told after that)",
  "undo.done": "Undone. Nothing was sent to the patient.",
  "undo.failed": "This can no longer be undone.",
  "PendingAppointments.schedule": "Schedule",
  "PendingAppointments.cancelLabel": "Reason for declining",
  "PendingAppointments.cancelAria": "Decline {name}'s request",
  "PendingAppointments.cancelNote": "You can undo it for a few seconds; then the patient is told, with your reason.",
  "PendingAppointments.reasonEmpty": "Please say why you are declining.",

  // The doctor's meetings island (islands/DoctorMeetings.tsx); its badges are common.ts's status.*.
  "DoctorMeetings.cancelled": "Appointment cancelled successfully",
  "DoctorMeetings.empty": "No appointments found.",
  "DoctorMeetings.when": "When:",
  "DoctorMeetings.upcoming": "Upcoming",
  "DoctorMeetings.next": "Next meeting",
  "DoctorMeetings.cancelAria": "Cancel the meeting with {name}",
  "DoctorMeetings.cancelAsk": "Cancel the appointment with {name} on {time}? The patient will be told, with your reason.",
  "DoctorMeetings.cancelLabel": "Reason for cancelling",
  "DoctorMeetings.waiting": "Requests waiting",
  "DoctorMeetings.toDashboard": "Schedule on your dashboard",
  "DoctorMeetings.past": "Past and cancelled",
  // The other side, in "Cancelled by the patient" (islands/lib/story.tsx's CancelledLine).
  "DoctorMeetings.patient": "the patient",
  "DoctorMeetings.feedback": "Feedback",
  "DoctorMeetings.noFeedback": "No feedback received yet.",
  // issue 41: the feedback's rating, publishing, hiding and the doctor's answer (islands/lib/FeedbackCard.tsx, given as props: the island's share of the catalog stays small)
  "doctorPage.review.rating": "Rating: {n} out of 5",
  "doctorPage.review.noRating": "No rating",
  "doctorPage.review.published": "Published as a review",
  "doctorPage.review.private": "Private: only you see these words",
  "doctorPage.review.hidden": "Hidden by the admin: {reason}",
  "doctorPage.review.yourReply": "Your answer",
  "doctorPage.review.replyLabel": "Answer publicly (you can answer once)",
  "doctorPage.review.replySubmit": "Post answer",
  "doctorPage.review.replied": "Your answer is posted.",
  // Issue 41: the doctor's details and the registration the admin checks.
  "doctorPage.details": "Details patients choose by",
  "doctorPage.registrationNumber": "Medical registration number",
  "doctorPage.registrationCouncil": "Registering council (e.g. Delhi Medical Council)",
  "doctorPage.experienceYears": "Years of practice",
  "doctorPage.languages": "Languages you consult in (1 to 8)",
  "doctorPage.fee": "Consultation fee in rupees (0 for free)",
  "doctorPage.about": "About you (up to 600 characters, plain text)",
  "doctorPage.registrationVerified": "Your registration {number}, {council} is verified.",
  "doctorPage.registrationWaiting": "Your registration {number}, {council} is waiting for the admin's check.",
  "doctorPage.registrationKept": "Patients are shown {number}, {council} until then.",
  "doctorPage.registrationRefused": "The admin did not verify your registration {number}, {council}: {reason} Please correct it and save again.",
} satisfies Record<string, string>;
