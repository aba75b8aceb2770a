/** How the pages name an erased patient or doctor (issue 44), in the page's language, with no address shown. */
import type { FormerWords } from "../../domain/erasure";
import type { T } from "../../i18n/catalog";

export const formerWords = (t: T): FormerWords => ({ patient: t("erasure.formerPatient"), doctor: t("erasure.formerDoctor"), email: "" });
