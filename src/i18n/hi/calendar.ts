import type en from "../en/calendar";

export default {
  "calendar.doctorTitle": "डॉ. {name}",
  "calendar.summary": "{name} के साथ परामर्श",
  "calendar.summaryFor": "{person} के लिए {name} के साथ परामर्श",
  "calendar.personOf": "{person} ({holder})",
  "calendar.description": "Carebook पर बुक किया गया वीडियो परामर्श।\nजुड़ने के लिए: {link}",
  "calendar.cancelled": "यह परामर्श रद्द कर दिया गया है।",
  "calendar.alarm": "{minutes, plural, one {# मिनट में परामर्श} other {# मिनट में परामर्श}}",
  "calendar.feedName": "Carebook परामर्श",
} satisfies Record<keyof typeof en, string>;
