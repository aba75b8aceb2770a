/** Issue 56 item 4: the patient's reports on an appointment (src/routes/api/documents.ts). */
import { answers } from "../../http/answers";
import { documentForm, documentParams, meetingIdParam } from "../../http/schemas";
import type { Operation } from "../operation";
import { DOCTOR, PATIENT } from "./common";

const DOCUMENT = { _id: "5b2d8f10-3c4e-4a6b-9d7e-1f2a3b4c5d6e", title: "Blood test, November", type: "pdf", bytes: 184_320, uploadedAt: "2026-12-02T08:15:00.000Z" } as const;
const FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
const PATH = `${PATIENT}/appointments/{id}/documents`;
const HEADERS =
  "Served as an attachment with its real type, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox` and `Cache-Control: private, no-store`.";

export const documents = {
  uploadDocument: {
    method: "post", path: PATH, tag: "Patient", who: "patient",
    summary: "Upload a report (PDF, JPEG or PNG) to an open or past appointment (issue 56)",
    description:
      "Multipart `file` and `title` (1-80). The type is told by the file's first bytes, never its name or declared type: anything else is 415. " +
      "At most MAX_DOCUMENT_BYTES (default 10 MiB): 413. At most 10 per appointment, and not on a cancelled one: 409. A picture is stored re-encoded as JPEG without its metadata. Another patient's appointment: 404.",
    params: meetingIdParam,
    body: { kind: "form", schema: documentForm, example: { title: "Blood test, November", file: "(binary)" } },
    ok: { status: 201, schema: answers.documentUploaded, description: "Stored", example: { message: "Report uploaded", document: DOCUMENT } },
    errors: [404, 409, 413, 415, 429, 503],
  },
  listDocuments: {
    method: "get", path: PATH, tag: "Patient", who: "patient",
    summary: "The reports of the patient's appointment, oldest first",
    params: meetingIdParam,
    ok: { status: 200, schema: answers.documentList, description: "The reports", example: { documents: [DOCUMENT] } },
    errors: [404],
  },
  readDocument: {
    method: "get", path: `${PATH}/{docId}`, tag: "Patient", who: "patient",
    summary: "Download one of the patient's reports",
    description: HEADERS,
    params: documentParams,
    ok: { status: 200, schema: answers.documentFile, description: "The file", example: "(binary)", files: FILE_TYPES },
    errors: [404],
  },
  deleteDocument: {
    method: "delete", path: `${PATH}/{docId}`, tag: "Patient", who: "patient",
    summary: "Delete one of the patient's reports (and its file)",
    params: documentParams,
    ok: { status: 200, schema: answers.documentDeleted, description: "Deleted", example: { message: "Report deleted" } },
    errors: [404],
  },
  doctorDocuments: {
    method: "get", path: `${DOCTOR}/appointments/{id}/documents`, tag: "Doctor", who: "approved doctor",
    summary: "The reports the patient shared on the doctor's appointment, oldest first",
    params: meetingIdParam,
    ok: { status: 200, schema: answers.documentList, description: "The reports", example: { documents: [DOCUMENT] } },
    errors: [404],
  },
  doctorReadDocument: {
    method: "get", path: `${DOCTOR}/appointments/{id}/documents/{docId}`, tag: "Doctor", who: "approved doctor",
    summary: "Download a report the patient shared on the doctor's appointment; each read is in the audit trail",
    description: `${HEADERS} Another doctor's appointment: 404.`,
    params: documentParams,
    ok: { status: 200, schema: answers.documentFile, description: "The file", example: "(binary)", files: FILE_TYPES },
    errors: [404],
  },
} satisfies Record<string, Operation>;
