import type en from "../en/demo";

export default {
} satisfies Record<keyof typeof en, string>;
