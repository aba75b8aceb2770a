/** The people a patient books for (issue 42; src/routes/api/family.ts). */
import { answers } from "../../http/answers";
import { familyBody, familyIdParam } from "../../http/schemas";
import { MAX_FAMILY } from "../../domain/family";
import { EXAMPLES } from "../examples";
import type { Operation } from "../operation";
import { PATIENT } from "./common";

export const family = {
  list: {
    method: "get", path: `${PATIENT}/family`, tag: "Patient", who: "patient",
    summary: "The people the patient books for (issue 42)",
    ok: { status: 200, schema: answers.family, description: "The family members, in the order they were added", example: { members: [EXAMPLES.member] } },
  },
  add: {
    method: "post", path: `${PATIENT}/family`, tag: "Patient", who: "patient",
    summary: "Add a family member",
    description: `At most ${MAX_FAMILY} members: a ninth is 409. \`dateOfBirth\` is YYYY-MM-DD, not in the future, not before 1900.`,
    body: { kind: "json", schema: familyBody, example: EXAMPLES.memberBody },
    ok: { status: 201, schema: answers.familyMember, description: "Added", example: { message: "Family member added", member: EXAMPLES.member } },
    errors: [409],
  },
  change: {
    method: "put", path: `${PATIENT}/family/{id}`, tag: "Patient", who: "patient",
    summary: "Change a family member",
    description: "Appointments already made keep the person as booked. Another patient's member is 404.",
    params: familyIdParam,
    body: { kind: "json", schema: familyBody, example: EXAMPLES.memberBody },
    ok: { status: 200, schema: answers.familyMember, description: "Changed", example: { message: "Family member updated", member: EXAMPLES.member } },
    errors: [404],
  },
  remove: {
    method: "delete", path: `${PATIENT}/family/{id}`, tag: "Patient", who: "patient",
    summary: "Remove a family member",
    description: "409 while the person has an open appointment (pending, or confirmed and not over); past appointments keep the person as booked. Another patient's member is 404.",
    params: familyIdParam,
    ok: { status: 200, schema: answers.message, description: "Removed", example: { message: "Family member removed" } },
    errors: [404, 409],
  },
} satisfies Record<string, Operation>;
