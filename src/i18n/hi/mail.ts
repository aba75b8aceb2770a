import type en from "../en/mail";

export default {
} satisfies Record<keyof typeof en, string>;
