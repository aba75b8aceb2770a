/**
 * Issue 56 item 4: the patient's reports on an appointment. The limits, the refusals and the
 * type told by a file's first bytes (never its name or its declared type). Pure: no I/O.
 */

/** What a report may be, as stored and answered: the type its bytes show. */
export const DOCUMENT_TYPES = ["pdf", "jpeg", "png"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_LIMITS = {
  title: { min: 1, max: 80 },
  /** Reports per appointment. */
  perAppointment: 10,
} as const;

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * The report's type from its first bytes, or undefined: a PDF starts with "%PDF-" at byte 0 (a
 * file with anything before it, HTML included, is refused), a PNG with its signature, a JPEG
 * with FF D8 FF.
 */
export function sniffDocument(bytes: Uint8Array): DocumentType | undefined {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpeg";
  return undefined;
}

export const DOCUMENT_MESSAGES = {
  uploaded: "Report uploaded",
  deleted: "Report deleted",
  type: "A report must be a PDF, JPEG or PNG file",
  noFile: "Choose a file to upload",
  empty: "This file is empty",
  tooMany: `An appointment holds at most ${DOCUMENT_LIMITS.perAppointment} reports: delete one before adding another`,
  cancelled: "This appointment is cancelled: reports can no longer be added to it",
  picture: "This picture could not be read: send it as a PDF, or as an ordinary JPEG or PNG photo",
} as const;

/** The refusal of a report over MAX_DOCUMENT_BYTES. */
export const documentTooLargeMessage = (maxBytes: number) =>
  maxBytes >= 1024 * 1024 ? `A report must be at most ${Math.floor(maxBytes / 1024 / 1024)} MB` : `A report must be at most ${Math.floor(maxBytes / 1024)} KB`;

/** The name a download is saved under: the title made safe for a header, and the type's extension. */
export function downloadName(title: string, type: DocumentType): string {
  const base = title.replace(/[^A-Za-z0-9 ._-]+/g, "_").replace(/\s+/g, " ").trim().slice(0, 80) || "report";
  return `${base}.${type === "jpeg" ? "jpg" : type}`;
}

/** What the appointments page says beside the reports' form for each refusal (src/domain/messages.ts). */
export const DOCUMENT_WORDS: Readonly<Record<string, { key: string; plain: string }>> = {
  [DOCUMENT_MESSAGES.type]: { key: "msg.documents.type", plain: "Choose a PDF, JPEG or PNG file." },
  [DOCUMENT_MESSAGES.noFile]: { key: "msg.documents.noFile", plain: "Choose a file to upload." },
  [DOCUMENT_MESSAGES.empty]: { key: "msg.documents.empty", plain: "This file is empty: choose another." },
  [DOCUMENT_MESSAGES.tooMany]: { key: "msg.documents.tooMany", plain: "This appointment already has 10 reports: delete one before adding another." },
  [DOCUMENT_MESSAGES.cancelled]: { key: "msg.documents.cancelled", plain: "This appointment is cancelled, so reports can no longer be added to it." },
  [DOCUMENT_MESSAGES.picture]: { key: "msg.documents.picture", plain: "This picture could not be read: send it as a PDF, or as an ordinary JPEG or PNG photo." },
  "title is required": { key: "msg.documents.title", plain: "Please give the report a title." },
  [`title must be at most ${DOCUMENT_LIMITS.title.max} characters`]: { key: "msg.documents.titleLong", plain: `The title can be at most ${DOCUMENT_LIMITS.title.max} characters.` },
};
