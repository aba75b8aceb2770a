import type en from "../en/calendar";

export default {
  "calendar.doctorTitle": "डॉ. {name}",
  "calendar.summary": "{name} के साथ अपॉइंटमेंट",
  "calendar.summaryFor": "{person} के लिए {name} के साथ अपॉइंटमेंट",
  "calendar.personOf": "{person} ({holder})",
  "calendar.description": "Carebook पर बुक किया गया अपॉइंटमेंट, वीडियो कॉल से।\nजुड़ने के लिए: {link}",
  "calendar.cancelled": "यह अपॉइंटमेंट रद्द कर दिया गया है।",
  "calendar.alarm": "{minutes, plural, one {# मिनट में अपॉइंटमेंट} other {# मिनट में अपॉइंटमेंट}}",
  "calendar.feedName": "Carebook अपॉइंटमेंट",
} satisfies Record<keyof typeof en, string>;
