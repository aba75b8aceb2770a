/** The people: a patient, a doctor (with the registration and the rating), the admin. */
import { z } from "zod";
import { SEXES } from "../../domain/family";
import { LANGUAGE_CODES } from "../../domain/doctor-details";
import { id, time, email, picture, specialization, doctorStatus } from "./common";
import { PhoneJson } from "./phone";

export const Patient = z
  .object({
    _id: id,
    name: z.string(),
    email,
    profileImage: picture,
    phone: PhoneJson.nullable(),
    dateOfBirth: z.string().optional().meta({ description: "Issue 56: YYYY-MM-DD, for the age on a prescription; omitted when not given" }),
    sex: z.enum(SEXES).optional().meta({ description: "Issue 56: for a prescription; omitted when not given" }),
  })
  .meta({ id: "Patient" });

/** The doctor's medical registration (issue 41) as it stands. */
const Registration = z
  .object({
    number: z.string().nullable().meta({ example: "DMC/R/12345" }),
    council: z.string().nullable().meta({ example: "Delhi Medical Council" }),
    verified: z.boolean().meta({ description: "The admin checked this pair; false while a new or changed pair waits (the last verified pair stays what patients see)" }),
    reason: z.string().nullable().meta({ description: "Why the admin did not verify the waiting pair; null unless refused" }),
  })
  .meta({ id: "Registration", description: "The pair waiting for the admin's check when there is one, else the last verified pair; numbers null when none was given" });

/** A doctor's public rating (issue 41): counted anonymously over visible ratings. */
export const Rating = z
  .object({
    average: z.number().nullable().meta({ description: "The average of the visible ratings to one decimal; null below 3 ratings", example: 4.3 }),
    count: z.number().int().meta({ description: "How many visible ratings (a hidden review's rating does not count)", example: 12 }),
  })
  .meta({ id: "Rating", description: "Issue 41, an addition: ratings from completed visits, 1-5" });

export const Doctor = z
  .object({
    _id: id,
    name: z.string(),
    email,
    specialization,
    collegeName: z.string(),
    status: doctorStatus,
    profileImage: picture,
    createdAt: time,
    pendingChange: z
      .object({ specialization: specialization.nullable(), collegeName: z.string().nullable() })
      .nullable()
      .meta({ description: "An approved doctor's change of specialization or college waiting for the admin's review; the other fields keep the approved values until then" }),
    experienceYears: z.number().int().nullable().meta({ description: "Years of practice (0-70); null until the doctor says", example: 12 }),
    languages: z.array(z.enum(LANGUAGE_CODES)).meta({ description: "The languages the doctor speaks, as codes; empty until the doctor says", example: ["en", "hi"] }),
    fee: z.number().int().nullable().meta({ description: "The consultation fee in whole rupees (0: free); null until the doctor says", example: 500 }),
    about: z.string().nullable().meta({ description: "Plain text about the doctor (up to 600 characters); null until the doctor says" }),
    registration: Registration,
    rating: Rating,
    phone: PhoneJson.nullable(),
  })
  .meta({ id: "Doctor" });

export const Admin = z.object({ _id: id, name: z.string(), email }).meta({ id: "Admin" });
