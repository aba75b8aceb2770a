import type en from "../en/day";

export default {
  "day.title": "मेरा दिन",
  "day.heading": "मेरा दिन: {day}",
  "day.link": "मेरा दिन, प्रिंट के लिए",
  "day.previous": "पिछला दिन",
  "day.next": "अगला दिन",
  "day.today": "आज",
  "day.date": "दिन",
  "day.show": "दिखाएँ",
  "day.badDate": "कृपया एक दिन चुनें, जैसे 2026-12-07।",
  "day.appointments": "अपॉइंटमेंट",
  "day.noAppointments": "इस दिन कोई अपॉइंटमेंट नहीं है।",
  "day.gaps": "खाली समय",
  "day.noGaps": "इस दिन आपके समय में कोई खाली समय नहीं है।",
  "day.requests": "इस दिन के अनुरोध",
  "day.requestsNote": "इन्हें अपने डैशबोर्ड पर तय करें या मना करें।",
  "day.prefers": "पसंद का समय: {times}",
  "day.video": "वीडियो कॉल",
  "day.clinic": "आमने-सामने, {place} पर",
  "day.clinicLater": "आमने-सामने, जगह अभी तय नहीं",
  "day.print": "यह पेज प्रिंट करने के लिए अपने ब्राउज़र का प्रिंट इस्तेमाल करें।",
} satisfies Record<keyof typeof en, string>;
