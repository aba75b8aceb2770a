/** Issue 56 item 4: the patient's reports on an appointment (src/routes/api/documents.ts, the appointments pages). */
import { z } from "zod";
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from "../../domain/documents";
import { id, text } from "./common";

/** The multipart upload: the file (its type told by its bytes) and a title. An empty part means none was chosen. */
export const documentForm = z.object({
  title: text("title", DOCUMENT_LIMITS.title),
  file: z
    .union([z.instanceof(File), z.string()], { error: DOCUMENT_MESSAGES.noFile })
    .refine((v): v is File => v instanceof File && v.size > 0, DOCUMENT_MESSAGES.noFile)
    .meta({ description: "The report: a PDF, JPEG or PNG file (the type is told by its first bytes, never its name)" }),
});

/** An appointment and one of its reports, in the path. */
export const documentParams = z.object({ id: id("id"), docId: id("docId") });

/** The page's delete form: which appointment, which report. */
export const documentDeleteForm = z.object({ appointmentId: id("appointmentId"), documentId: id("documentId") });

/** The appointments page's upload form: the same fields and which appointment. */
export const documentUploadForm = documentForm.extend({ appointmentId: id("appointmentId") });
