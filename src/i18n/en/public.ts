/** The public area's messages (ICU MessageFormat, src/domain/i18n.ts). */
export default {
  // Home (/)
  "home.title": "Find a doctor and book an appointment",
  "home.description": "Find doctors by specialization and request an appointment online.",
  "home.heroTitle": "Care from the right doctor, booked in minutes",
  "home.heroLead": "Find doctors by specialization, tell them what is wrong, and meet them by video at a time they schedule for you.",
  "home.getStarted": "Get started",
  "home.joinAsDoctor": "Join as a doctor",
  "home.findTitle": "Find doctors",
  "home.findText": "Sixteen specializations, from cardiology to general practice.",
  "home.findFew": " A few of the doctors you can meet:",
  "home.loginToBook": "Login/Signup to book",
  "home.tipsTitle": "Health tips",
  "home.tip.move.title": "Move every day",
  "home.tip.move.text": "Thirty minutes of brisk walking most days lowers blood pressure and lifts your mood.",
  "home.tip.sleep.title": "Sleep on a schedule",
  "home.tip.sleep.text": "Going to bed and waking at the same times helps your body repair and your mind focus.",
  "home.tip.water.title": "Drink water first",
  "home.tip.water.text": "Start the day with a glass of water, and keep a bottle close while you work.",
  "home.tip.checkups.title": "Keep your check-ups",
  "home.tip.checkups.text": "Regular screenings find problems early, when they are easiest to treat.",
  "home.feedbackTitle": "What people say",
  "home.quote.priya.text": "I found a cardiologist and had an appointment by video call the same week. Simple and calm.",
  "home.quote.priya.author": "Priya S., patient",
  "home.quote.daniel.text": "Booking for my son took two minutes, and the video call link was waiting in my appointments.",
  "home.quote.daniel.author": "Daniel R., parent",
  "home.quote.chen.text": "Pending requests and scheduled appointments in one place: my clinic days are easier.",
  "home.quote.chen.author": "Dr. L. Chen, General Physician",
  // /about
  "about.title": "About Carebook",
  "about.description": "Who we are and why we built Carebook.",
  "about.p1":
    "Carebook connects patients with qualified doctors. Every doctor is reviewed by our team before they can see patients, and every appointment is confirmed by the doctor with a time and a private video link.",
  "about.p2": "We build for people on slow connections and small phones: pages are light, work before any script arrives, and keep what you type.",
  // /services
  "services.title": "Our services",
  "services.description": "Online appointments across sixteen specializations.",
  "services.find": "Find doctors by specialization and send an appointment request with your reason.",
  "services.video": "Appointments by video call: the doctor schedules a time and a private video call link.",
  "services.meetings": "Your appointments in one place: cancel a confirmed one, or leave feedback once it is done.",
  "services.doctors": "For doctors: review requests, schedule or decline them, and read patient feedback.",
  "services.specializations": "Specializations",
  // /privacy
  "privacy.title": "Privacy policy",
  "privacy.description": "What we keep, why, and who can see it.",
  "privacy.p1":
    "We keep only what the service needs: your name, email, profile picture, and your appointments with their reasons, times and feedback. Passwords are stored as one-way hashes and never shown to anyone.",
  "privacy.p2":
    "A doctor sees the appointments patients request with them. Patients see doctors' names, specializations and colleges, never their email. Cancelled appointments are kept for the record and shown to no one.",
  "privacy.p3": "We use no advertising or tracking, and we load nothing from other sites.",
} satisfies Record<string, string>;
