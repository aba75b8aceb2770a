/**
 * The doctor's day (issue 54 item 6): its confirmed appointments and the pending requests with a
 * preferred time in it. One statement each, served by appointments_doctor_status_scheduled and
 * appointments_doctor_status_created (the request's preferred times are read from its own row).
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Reader } from "../client";
import { appointments } from "../schema";
import { toView, viewQuery, type AppointmentView } from "./appointments";

/** The doctor's confirmed appointments starting in [from, to), in time order. */
export async function dayMeetings(r: Reader, doctorId: string, from: Date, to: Date, now: Date): Promise<AppointmentView[]> {
  return (await dayMeetingsQuery(r, doctorId, from, to).all()).map((row) => toView(row, now));
}
export const dayMeetingsQuery = (r: Reader, doctorId: string, from: Date, to: Date) =>
  viewQuery(r)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.status, "confirmed"), gte(appointments.scheduledAt, from), lt(appointments.scheduledAt, to)))
    .orderBy(asc(appointments.scheduledAt));

/** The doctor's pending requests with a preferred time in [from, to), oldest request first. */
export async function dayRequests(r: Reader, doctorId: string, from: Date, to: Date, now: Date): Promise<AppointmentView[]> {
  return (await dayRequestsQuery(r, doctorId, from, to).all()).map((row) => toView(row, now));
}
export const dayRequestsQuery = (r: Reader, doctorId: string, from: Date, to: Date) =>
  viewQuery(r)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.status, "pending"),
        sql`exists (select 1 from json_each(${appointments.preferredTimes}) p where p.value >= ${from.toISOString()} and p.value < ${to.toISOString()})`,
      ),
    )
    .orderBy(asc(appointments.createdAt));
