import type en from "../en/states";

/** Each state's and action's one name in Hindi (see ../en/states.ts). */
export default {
  "state.requested": "अनुरोध भेजा",
  "state.scheduled": "समय तय",
  "state.moved": "समय बदला",
  "state.declined": "अस्वीकार",
  "state.withdrawn": "वापस लिया",
  "state.cancelled": "रद्द",
  "state.completed": "पूरा हुआ",
  "state.missed": "छूटी",
  "state.by": "{self, select, yes {आपने} other {{who} ने}} {word}{state, select, withdrawn {} other { किया}}",
  "act.schedule": "समय तय करें",
  "act.move": "समय बदलें",
  "act.decline": "अस्वीकार करें",
  "act.declineRequest": "अनुरोध अस्वीकार करें",
  "act.withdraw": "अनुरोध वापस लें",
  "act.cancel": "रद्द करें",
  "act.cancelMeeting": "अपॉइंटमेंट रद्द करें",
  "reason.visit": "मिलने का कारण:",
  "reason.ending": "वजह:",
} satisfies Record<keyof typeof en, string>;
