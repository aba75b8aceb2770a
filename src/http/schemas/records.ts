/** Issue 56's visit note and prescription (src/routes/api/records.ts, the doctor's record page). */
import { z } from "zod";
import { isDate } from "../../domain/availability";
import { MEDICINE_FORMS, NOTE_SECTIONS, RECORD_LIMITS as L, type NoteSection, type RecordInput, type RecordNote } from "../../domain/records";
import { text, meetingIdParam } from "./common";

const section = (field: NoteSection) =>
  text(field, L.section, { multiline: true }).optional().default("").meta({ description: `The note's ${field}, 0-${L.section.max} characters; "" when not written` });

const lineField = (field: string, limit: { min: number; max: number }) => text(field, limit);

export const medicine = z
  .object({
    name: lineField("name", L.name).meta({ description: "The generic name (printed in capitals)", example: "Paracetamol" }),
    brand: lineField("brand", L.brand).optional().default(""),
    strength: lineField("strength", L.strength).optional().default(""),
    form: z.enum(MEDICINE_FORMS, { error: `form must be one of: ${MEDICINE_FORMS.join(", ")}` }),
    dose: lineField("dose", L.dose).meta({ example: "1 tablet" }),
    frequency: lineField("frequency", L.frequency).meta({ example: "Twice a day" }),
    durationDays: z
      .number({ error: `durationDays must be a whole number from ${L.durationDays.min} to ${L.durationDays.max}` })
      .int(`durationDays must be a whole number from ${L.durationDays.min} to ${L.durationDays.max}`)
      .min(L.durationDays.min, `durationDays must be a whole number from ${L.durationDays.min} to ${L.durationDays.max}`)
      .max(L.durationDays.max, `durationDays must be a whole number from ${L.durationDays.min} to ${L.durationDays.max}`),
    instructions: lineField("instructions", L.instructions).optional().default(""),
  })
  .meta({ id: "Medicine" });

const sections = Object.fromEntries(NOTE_SECTIONS.map((s) => [s, section(s)])) as { [K in NoteSection]: ReturnType<typeof section> };

/** PUT .../record and POST .../record/amend: the whole note and prescription. */
export const recordBody = z.object({
  ...sections,
  followUp: z
    .string({ error: "followUp must be a date YYYY-MM-DD" })
    .trim()
    .refine(isDate, "followUp must be a date YYYY-MM-DD")
    .nullable()
    .optional()
    .meta({ description: "The follow-up date, YYYY-MM-DD; omitted or null: none", example: "2026-12-20" }),
  medicines: z
    .array(medicine, { error: "medicines must be a list" })
    .max(L.medicines.max, `medicines may hold at most ${L.medicines.max} lines`)
    .optional()
    .default([]),
});

/** The appointment whose record it is, in the path. */
export const recordAppointmentParam = meetingIdParam;
/** A patient's record, in the path. */
export const recordIdParam = meetingIdParam;

/** How many medicine lines the page's form shows (the filled ones and two empty, up to the limit). */
export const formLines = (filled: number) => Math.min(L.medicines.max, filled + 2);
export const LINE_FIELDS = ["name", "brand", "strength", "form", "dose", "frequency", "durationDays", "instructions"] as const;

/** The fields the page's form has (what a refused post echoes back, each cut to its own limit): the sections, the date, every line's. */
const formShape: Record<string, z.ZodType> = {
  ...Object.fromEntries(NOTE_SECTIONS.map((s) => [s, z.string().max(L.section.max).optional()])),
  followUp: z.string().max(10).optional(),
};
for (let i = 0; i < L.medicines.max; i++) for (const f of LINE_FIELDS) formShape[`m${i}.${f}`] = z.string().max(f === "instructions" ? L.instructions.max : L.name.max).optional();

/** The form's body as the use case takes it: the sections as one note. */
export function recordInput(body: z.output<typeof recordBody>): RecordInput {
  return {
    note: Object.fromEntries(NOTE_SECTIONS.map((s) => [s, body[s]])) as RecordNote,
    medicines: body.medicines,
    followUp: body.followUp ?? null,
  };
}

/**
 * The doctor's record form (works without script): the sections, `followUp` ("" none), and the
 * medicine lines as `m<i>.<field>`; a line with nothing typed but its form is left out.
 */
export const recordForm = z
  .object(formShape)
  .loose()
  .transform((b: Record<string, unknown>) => {
    const medicines: Record<string, unknown>[] = [];
    for (let i = 0; i < L.medicines.max; i++) {
      const line = Object.fromEntries(LINE_FIELDS.map((f) => [f, b[`m${i}.${f}`]]));
      if (LINE_FIELDS.every((f) => f === "form" || line[f] === undefined || String(line[f]).trim() === "")) continue;
      const days = String(line.durationDays ?? "").trim();
      medicines.push({ ...line, durationDays: /^\d+$/.test(days) ? Number(days) : days === "" ? undefined : days });
    }
    const note = Object.fromEntries(NOTE_SECTIONS.map((s) => [s, b[s] ?? ""]));
    const followUp = typeof b.followUp === "string" && b.followUp.trim() !== "" ? b.followUp : null;
    return { ...note, followUp, medicines } as Record<string, unknown>;
  })
  .pipe(recordBody);
