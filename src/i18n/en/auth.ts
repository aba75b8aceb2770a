/** The auth area's messages (ICU MessageFormat, src/domain/i18n.ts). */
export default {
} satisfies Record<string, string>;
