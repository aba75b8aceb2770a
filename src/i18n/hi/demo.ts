import type en from "../en/demo";

export default {
  "demo.refused": "इस डेटाबेस में {count, plural, one {# ऐसा खाता है जो डेमो खाता नहीं है} other {# ऐसे खाते हैं जो डेमो खाते नहीं हैं}}: डेमो इसे नहीं छूता।\nडेमो किसी नए डेटाबेस पर चलाएँ, जैसे DATABASE_URL=file:data/demo.db bun run demo",
  "demo.preparing": "डेमो तैयार हो रहा है (खाते, तस्वीरें, अपॉइंटमेंट)…",
  "demo.logins": "डेमो लॉगिन (सबका पासवर्ड: {password})",
  "demo.role.admin": "एडमिन",
  "demo.role.patient": "मरीज़",
  "demo.role.doctor": "डॉक्टर",
  "demo.patientNote": "{name}: हर स्थिति के अपॉइंटमेंट",
  "demo.doctorNote": "{name}, {specialization}",
  "demo.doctorNoteStatus": "{name}, {specialization}; स्थिति: {status}",
  "demo.mailPreview": "डेमो के भेजे सारे ईमेल: एडमिन के रूप में लॉगिन करें और /admin-dashboard/mail खोलें (ये कहीं भेजे नहीं जाते)।",
} satisfies Record<keyof typeof en, string>;
