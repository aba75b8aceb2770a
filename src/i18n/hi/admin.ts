import type en from "../en/admin";

export default {
} satisfies Record<keyof typeof en, string>;
