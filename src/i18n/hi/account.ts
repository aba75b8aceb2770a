import type en from "../en/account";

export default {
} satisfies Record<keyof typeof en, string>;
