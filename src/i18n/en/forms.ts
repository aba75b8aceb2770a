/**
 * The forms area's messages (ICU MessageFormat, src/domain/i18n.ts): what a page or an island
 * shows when something is refused or goes wrong ("msg.*", said by humanMessage in
 * src/domain/messages.ts). The English is the text the pages showed before (the API's words stay
 * as they are in every language); each island carries only its prefixes (ISLAND_SHARED).
 */
export default {
  // Shown beside a field, naming it (msg.rule.a/.the name a field the catalog has no words for).
  "msg.rule.a": "a {field}",
  "msg.rule.the": "{field}",
  "msg.rule.required": "Please enter {what}.",
  "msg.rule.max": "{what} can be at most {max} characters.",
  "msg.rule.min": "{what} must be at least {min} characters.",
  "msg.rule.control": "{what} contains characters that cannot be shown. Please remove them.",
  "msg.rule.email": "Please enter a valid email address, such as name@example.com.",
  "msg.rule.specialization": "Please choose a specialization from the list.",

  // Each field's words in those sentences: .a as in "Please enter a reason.", .the as in "The reason can be ...".
  "msg.field.name.a": "your name",
  "msg.field.name.the": "Your name",
  "msg.field.email.a": "your email address",
  "msg.field.email.the": "Your email address",
  "msg.field.password.a": "a password",
  "msg.field.password.the": "The password",
  "msg.field.reason.a": "a reason",
  "msg.field.reason.the": "The reason",
  "msg.field.code.a": "the code",
  "msg.field.code.the": "The code",
  "msg.field.message.a": "your feedback",
  "msg.field.message.the": "Your feedback",
  "msg.field.text.a": "your answer",
  "msg.field.text.the": "Your answer",
  "msg.field.collegeName.a": "the name of your college",
  "msg.field.collegeName.the": "The college name",
  "msg.field.specialization.a": "a specialization",
  "msg.field.specialization.the": "The specialization",
  "msg.field.date.a": "a date",
  "msg.field.date.the": "The date",
  "msg.field.time.a": "a time",
  "msg.field.time.the": "The time",
  "msg.field.currentPassword.a": "a currentPassword",
  "msg.field.currentPassword.the": "currentPassword",
  "msg.field.newPassword.a": "a newPassword",
  "msg.field.newPassword.the": "newPassword",

  // Signing in and signing up (AuthForm).
  "msg.auth.badLogin": "Invalid email or password",
  "msg.auth.emailTaken": "An account with this email already exists",
  "msg.auth.tooManyLogins": "Too many failed login attempts. Please try again later.",
  "msg.auth.tooManyAttempts": "Too many attempts from this address. Please wait a minute and try again.",
  "msg.auth.tooManySignups": "Too many signups from this address. Please try again later.",
  "msg.auth.loginFailed": "Login failed. Please try again.",
  "msg.auth.signupFailed": "Registration failed. Please try again.",
  "msg.auth.consentUnticked": "Please tick the box to give your consent.",
  "msg.auth.statusReason": "Your account status is: {status}. Reason: {reason}",

  // A doctor's account status (AuthForm).
  "msg.status.account": "Your account status is: {status}",

  // Any signed-in call whose session is gone.
  "msg.session.required": "Authentication required",
  "msg.session.expired": "Invalid or expired token",

  // Pages only: a wrong role, a failure of the server.
  "msg.server.role": "This action is only for {role}s",
  "msg.server.error": "Something went wrong. Please try again.",
  "msg.server.errorRef": "Something went wrong. Please try again. Reference: {ref}",

  // A doctor looked up (BookingForm).
  "msg.doctor.notFound": "Doctor not found",

  // Booking (BookingForm).
  "msg.booking.open": "You already have an open appointment with this doctor",
  "msg.booking.failed": "Something went wrong",
  "msg.booking.notFree": "preferredTimes must be free times of this doctor: one of them is not (or no longer) free, please choose again",
  "msg.booking.sent": "Appointment request sent. The doctor will schedule it soon.",
  "msg.booking.booked": "Appointment booked.",
  "msg.booking.tickAtMost": "Please tick at most {max} times",
  "msg.booking.slotNotFree": "This time is not free: please choose another",
  "msg.booking.notInstant": "This doctor no longer takes bookings at once. Please send a request instead.",
  "msg.booking.chooseTime": "Please choose one of the free times",

  // Any island's meetings and requests.
  "msg.meeting.notFound": "Appointment not found",
  "msg.meeting.loadFailed": "Failed to fetch appointments",
  "msg.meeting.cancelFailed": "Failed to cancel appointment.",
  "msg.change.tooLate": "This appointment starts too soon to change online: contact the doctor",
  "msg.move.overlapsYours": "This time overlaps another of your confirmed appointments",
  "msg.attendance.tooEarly": "This appointment has not started: attendance can be marked from its start",
  "msg.attendance.tooLate": "Attendance can be marked only until 7 days after the appointment",
  "msg.booking.noShows": "You missed 2 or more appointments in the last 90 days, so you cannot book a time instantly: send a request and the doctor will choose a time",
  // The waitlist (issue 40; server only: its forms post without script).
  "msg.waitlist.notInstant": "The waitlist is only for doctors with instant booking",
  "msg.waitlist.already": "You are already on this doctor's waitlist",
  "msg.waitlist.noOffer": "This time is no longer held for you: the offer ran out or was taken back",
  "msg.waitlist.untilPast": "Choose today or a later day.",
  "msg.waitlist.untilFar": "Choose a day within the next 31 days.",
  "msg.waitlist.untilShape": "Choose a real date.",
  "msg.waitlist.notFound": "This waitlist entry is no longer yours or no longer open",
  "msg.meeting.cancelReasonEmpty": "Please say why you are cancelling.",

  // The patient's meetings (PatientMeetings).
  "msg.patient.feedbackFailed": "Failed to submit feedback.",
  "msg.patient.feedbackSent": "Feedback submitted successfully!",
  "msg.patient.feedbackGiven": "Feedback has already been given for this appointment",
  "msg.patient.feedbackEmpty": "Please write your feedback before sending it.",

  // The doctor scheduling and moving meetings (PendingAppointments, DoctorMeetings).
  "msg.schedule.failed": "Failed to schedule appointment.",
  "msg.schedule.overlaps": "This time overlaps another confirmed appointment",
  "msg.schedule.overlap": "You already have {name} at {start} to {end} on {day}.",
  "msg.schedule.started": "This appointment has started and can no longer be rescheduled",
  "msg.schedule.timeInPast": "Choose a time in the future.",
  // Not under msg.schedule.: the doctor's island has no room for it (its 1 KB share); the island says this rare refusal in English; the form without script, in the page's language.
  "msg.bounds.timeTooFar": "Choose a time within the next two years.",
  "msg.schedule.realDateAndTime": "Choose a real date and time.",
  "msg.schedule.dateAndTime": "Please select both date and time!",
  "msg.undo.nothing": "There is nothing to undo for this appointment.",
  "msg.undo.closed": "The time to undo this has passed: the patient has been told.",
  "msg.undo.taken": "This time has been given to another appointment since, so the change cannot be undone.",
  "msg.limits.perDoctor": "Your account already holds {max} instant bookings with this doctor, the most it may. You can still send a request and the doctor will choose a time.",
  "msg.limits.perAccount": "Your account already holds {max} instant bookings, the most it may. You can still send a request and the doctor will choose a time.",
  "msg.limits.perDay": "Your account has made {max} bookings, moves and cancels today, the most it may. Please try again later; you can still cancel.",
  "msg.limits.moves": "This appointment has been moved {max} times, the most you may. Cancel it, or contact the doctor.",
  "msg.auth.codesVoided": "Too many wrong codes: this sign-in has ended. Please log in again.",
  "msg.auth.codesHeld": "Too many wrong codes for this account. Sign in with a recovery code, or try again in {minutes} minutes.",
  "msg.undo.openAgain": "The patient has booked with you again since, so the change cannot be undone.",
  "msg.undo.patientBusy": "The patient has another appointment at that time since, so the change cannot be undone.",

  // Pages only: an appointment no longer in the state the page showed.
  "msg.state.scheduled": "Only a pending appointment can be scheduled; this one is {status}",
  "msg.state.rescheduled": "Only a confirmed appointment can be rescheduled; this one is {status}",
  "msg.state.cancelled": "Only a pending or confirmed appointment can be cancelled; this one is {status}",
  "msg.state.feedback": "Feedback can be given only on a completed appointment; this one is {status}",
  "msg.state.attendance": "Attendance can be marked only on a confirmed appointment; this one is {status}",

  // The profile (ProfileForm).
  "msg.profile.loadFailed": "Failed to load profile. Please try again.",
  "msg.profile.updateFailed": "Failed to update profile. Please try again.",
  "msg.profile.updated": "Profile updated successfully!",
  "msg.profile.imageType": "Profile picture must be a JPEG or PNG image",
  "msg.profile.tooLarge": "Profile picture must be at most {size}",

  // Pages only: a profile picture refused.
  "msg.picture.tooManyPixels": "Profile picture must be at most {max} megapixels (this one is {width} x {height})",
  "msg.picture.notPhoto":
    "Profile picture must be an ordinary photo: this file's structure is not one a camera makes{kind, select, animation { (it is an animation)} frames { (it holds {count} frames)} scans { (it holds {count} scans; at most {max})} other {}}",
  "msg.picture.tooSlow": "This picture takes too long to process, so it was refused. Please upload an ordinary JPEG or PNG photo.",
  "msg.picture.failed": "This picture could not be processed. Please upload an ordinary JPEG or PNG photo.",
  "msg.picture.busy": "The server is busy with other pictures. Please try again in a moment.",
  "msg.picture.oneUpload": "Another picture upload of yours is still in progress. Please wait for it to finish.",
  "msg.picture.uploadSlow": "The upload arrived too slowly and was stopped. Please try again on a better connection.",
  "msg.picture.bodyTooLarge": "Request body is too large",

  // The admin's table (AdminTable).
  "msg.admin.loadFailed": "Failed to fetch doctors. Please try again.",
  "msg.admin.updateFailed": "Failed to update doctor status. Please try again.",
  "msg.admin.changed": "{action}: {name} is now {status}",
  "msg.admin.blockReasonEmpty": "Please say why this doctor is blocked.",
  "msg.admin.rejectReasonEmpty": "Please say why this doctor is rejected.",
  "msg.admin.registrationReasonEmpty": "Please say why this registration is not verified.",

  // Reviews (issue 41), pages only: the rating (the live form's radio buttons cannot send a bad one), the doctor's answer and the admin's hiding.
  "msg.reviews.ratingRange": "Choose from 1 to 5 stars.",
  "msg.reviews.notFound": "This review was not found.",
  "msg.reviews.replied": "This review has already been answered.",
  "msg.reviews.alreadyHidden": "This review is already hidden.",
  "msg.reviews.notHidden": "This review is not hidden.",
  "msg.reviews.hideReasonEmpty": "Please say why this review is hidden.",

  // Pages only: the admin's review of a doctor's status or change.
  "msg.review.noChange": "This doctor has no change waiting for review",
  "msg.review.chooseDecision": "Choose Approve change or Decline change.",
  "msg.review.cannotBecome": "A {from} doctor cannot become {to}",

  // Pages only: passwords, devices, mail links, the time zone.
  "msg.account.tooManyResets": "Too many password reset requests. Please try again later.",
  "msg.account.resetInvalid": "This reset link is not valid any more. Please ask for a new one.",
  "msg.account.wrongPassword": "Your current password is not correct",
  "msg.account.notFound": "Account not found",
  "msg.account.sessionNotFound": "Session not found",
  "msg.account.linkNotFound": "Link not found",
  // Two-factor sign-in (issue 44).
  "msg.twoFactor.wrongCode": "The code is not correct",
  "msg.twoFactor.expired": "This sign-in has expired. Please log in again.",
  "msg.twoFactor.wrongPassword": "Your password is not correct",
  "msg.twoFactor.alreadyOn": "Two-factor sign-in is already on",
  "msg.twoFactor.notOn": "Two-factor sign-in is not on",
  "msg.twoFactor.noSetup": "Set up two-factor sign-in first",
  "msg.account.unknownZone": "Choose a time zone from the list.",

  // Pages only: the doctor's hours form (msg.hours.day names a weekday).
  "msg.hours.day": "{day}",
  "msg.hours.zone": "The time zone of your hours must be a name such as Europe/Berlin or America/New_York",
  "msg.hours.dayTooLong": "Your hours for one day are too long",
  "msg.hours.tooManyDaysOff": "Your days off are too many for one form",
  "msg.hours.dayShape": "Your hours for {day} must read like 09:00-12:00, 14:00-17:00",
  "msg.hours.dayOverlap": "Your hours for {day} overlap",
  "msg.hours.dayOrder": "Your hours for {day} must be times of day, each range ending after it starts",
  "msg.hours.daysOffShape": "Days off in your hours must read like 24/12/2026, or 24/12/2026 to 26/12/2026, one a line",
  "msg.hours.daysOffReal": "Days off in your hours must be real dates, each range ending on or after it starts",
} satisfies Record<string, string>;
