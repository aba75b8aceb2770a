/** A family member (issue 42). */
import { z } from "zod";
import { RELATIONS, SEXES } from "../../domain/family";
import { id } from "./common";

/** A family member (issue 42): one of the people the account holder books for. */
export const FamilyMember = z
  .object({
    _id: id,
    name: z.string(),
    relation: z.enum(RELATIONS),
    dateOfBirth: z.string().meta({ description: "YYYY-MM-DD", example: "2020-05-14" }),
    sex: z.enum(SEXES).nullable().meta({ description: "null when not said" }),
  })
  .meta({ id: "FamilyMember" });
