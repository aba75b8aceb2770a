import type en from "../en/patient";

export default {
} satisfies Record<keyof typeof en, string>;
