import type en from "../en/auth";

export default {
} satisfies Record<keyof typeof en, string>;
