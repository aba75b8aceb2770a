/** Issue 56 item 4: a patient's report as the API lists it (never the file's stored name). */
import { z } from "zod";
import { DOCUMENT_TYPES } from "../../domain/documents";
import { id, time } from "./common";

export const PatientDocument = z
  .object({
    _id: id,
    title: z.string(),
    type: z.enum(DOCUMENT_TYPES).meta({ description: "Told by the file's first bytes; a picture is stored re-encoded as JPEG, without its metadata" }),
    bytes: z.number().int().meta({ description: "The stored file's size" }),
    uploadedAt: time,
  })
  .meta({ id: "PatientDocument" });

export type DocumentRowLike = { id: string; title: string; type: (typeof DOCUMENT_TYPES)[number]; bytes: number; uploadedAt: Date };

export const documentJson = (d: DocumentRowLike): z.output<typeof PatientDocument> => ({
  _id: d.id,
  title: d.title,
  type: d.type,
  bytes: d.bytes,
  uploadedAt: d.uploadedAt.toISOString(),
});

export const documentAnswers = {
  documentUploaded: z.object({ message: z.string(), document: PatientDocument }),
  documentList: z.object({ documents: z.array(PatientDocument) }),
  documentDeleted: z.object({ message: z.string() }),
  documentFile: z.string().meta({ format: "binary", description: "The report's bytes" }),
};
