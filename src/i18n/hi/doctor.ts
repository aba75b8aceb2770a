import type en from "../en/doctor";

export default {
} satisfies Record<keyof typeof en, string>;
