import type en from "../en/calendar";

export default {
} satisfies Record<keyof typeof en, string>;
