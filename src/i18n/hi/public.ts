import type en from "../en/public";

export default {
} satisfies Record<keyof typeof en, string>;
