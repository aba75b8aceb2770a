import type en from "../en/forms";

export default {
} satisfies Record<keyof typeof en, string>;
