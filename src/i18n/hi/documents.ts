/** Issue 56: अपॉइंटमेंट पर मरीज़ की रिपोर्ट, मरीज़ और डॉक्टर के अपॉइंटमेंट पेज पर। */
import type en from "../en/documents";

export default {
  "documents.heading": "डॉक्टर के लिए रिपोर्ट",
  "documents.intro": "किसी अपॉइंटमेंट के डॉक्टर को लैब रिपोर्ट और स्कैन भेजें: PDF, JPEG या PNG, हर एक ज़्यादा से ज़्यादा {size} MB, एक अपॉइंटमेंट पर 10 तक। इन्हें सिर्फ़ आप और वही डॉक्टर खोल सकते हैं।",
  "documents.for": "{doctor}, {time}",
  "documents.none": "अभी कोई रिपोर्ट नहीं।",
  "documents.titleField": "नाम",
  "documents.fileField": "फ़ाइल",
  "documents.upload": "रिपोर्ट अपलोड करें",
  "documents.delete": "हटाएँ",
  "documents.uploaded": "रिपोर्ट अपलोड हो गई।",
  "documents.deleted": "रिपोर्ट हटा दी गई।",
  "documents.tooLarge": "रिपोर्ट ज़्यादा से ज़्यादा {size} MB की हो सकती है।",
  "documents.one": "1 रिपोर्ट",
  "documents.many": "{n} रिपोर्ट",
  "documents.size": "{type}, {kb} KB",
  "msg.documents.type": "PDF, JPEG या PNG फ़ाइल चुनें।",
  "msg.documents.noFile": "अपलोड करने के लिए फ़ाइल चुनें।",
  "msg.documents.empty": "यह फ़ाइल खाली है: कोई दूसरी चुनें।",
  "msg.documents.tooMany": "इस अपॉइंटमेंट पर पहले से 10 रिपोर्ट हैं: नई जोड़ने से पहले एक हटाएँ।",
  "msg.documents.cancelled": "यह अपॉइंटमेंट रद्द हो चुका है, इसलिए इसमें अब रिपोर्ट नहीं जोड़ी जा सकती।",
  "msg.documents.picture": "यह तस्वीर पढ़ी नहीं जा सकी: इसे PDF के रूप में, या साधारण JPEG या PNG फ़ोटो के रूप में भेजें।",
  "msg.documents.title": "कृपया रिपोर्ट का नाम लिखें।",
  "msg.documents.titleLong": "नाम ज़्यादा से ज़्यादा 80 अक्षरों का हो सकता है।",
} as const satisfies Record<keyof typeof en, string>;
