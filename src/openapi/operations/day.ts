/** The doctor's day (issue 54 item 6; src/routes/api/day.ts). */
import { answers } from "../../http/answers";
import { dayQuery } from "../../http/schemas";
import type { Operation } from "../operation";
import { DOCTOR } from "./common";

const patient = { _id: "2b9e4c1a-7d3f-4e8a-9c5b-0a1b2c3d4e5f", name: "Asha Rao", email: "asha@example.com" };
const doctor = { _id: "5c8d2e1f-3a4b-4c6d-8e9f-0a1b2c3d4e5f", name: "Dr. Meera Iyer", specialization: "Orthopedist" };
const place = { _id: "6a1f3c2e-5b7d-4e9a-8c0f-1d2e3f4a5b6c", name: "Sunrise Clinic", address: "12 Karve Road", locality: "Kothrud", city: "Pune", pinCode: "411038", phone: "+919822012345", mapUrl: null };

export const day = {
  show: {
    method: "get", path: `${DOCTOR}/day`, tag: "Doctor", who: "approved doctor",
    summary: "The doctor's day: its appointments, free gaps and requests (issue 54)",
    description:
      "One day in the doctor's zone (their account's, else their hours', else DEFAULT_TIME_ZONE), today there without `date`; a date that is not a real YYYY-MM-DD is 400. " +
      "The confirmed appointments starting that day in time order, the free gaps of that day's hours, and the pending requests with a preferred time that day.",
    query: dayQuery,
    ok: {
      status: 200, schema: answers.doctorDay, description: "The day",
      example: {
        date: "2026-12-07", timeZone: "Asia/Kolkata", previous: "2026-12-06", next: "2026-12-08",
        appointments: [
          {
            _id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a", status: "confirmed", reason: "Knee pain after a fall", createdAt: "2026-12-01T05:00:00.000Z", scheduledAt: "2026-12-07T04:30:00.000Z", meetLink: null,
            patient, doctor, preferredTimes: [], rescheduled: null, for: null, visit: { type: "clinic", place },
          },
        ],
        gaps: [{ start: "2026-12-07T05:00:00.000Z", end: "2026-12-07T07:30:00.000Z", visit: "clinic", place: { _id: place._id, name: place.name, locality: place.locality, city: place.city } }],
        requests: [],
      },
    },
  },
} satisfies Record<string, Operation>;
