import { describe, expect, test } from "bun:test";
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TRANSITIONS,
  applyAppointmentAction,
  consultationSlot,
  effectiveStatus,
  nextStatusChange,
  slotsOverlap,
  type AppointmentAction,
  type AppointmentActor,
} from "./appointment";

const ACTIONS = Object.keys(APPOINTMENT_TRANSITIONS) as AppointmentAction[];
const ACTORS: AppointmentActor[] = ["patient", "doctor", "server"];

// The whole table of SERVER-RULES §4, written out independently of the implementation.
const ALLOWED = new Set([
  "schedule pending doctor",
  "reschedule confirmed doctor",
  "reschedule confirmed patient",
  "cancel pending doctor",
  "cancel confirmed doctor",
  "cancel pending patient",
  "cancel confirmed patient",
  "complete confirmed server",
  "feedback completed patient",
  "attended confirmed doctor",
  "attended completed doctor",
  "attended noshow doctor",
  "noshow confirmed doctor",
  "noshow completed doctor",
  "noshow noshow doctor",
]);

describe("appointment state machine", () => {
  for (const action of ACTIONS)
    for (const status of APPOINTMENT_STATUSES)
      for (const actor of ACTORS) {
        const key = `${action} ${status} ${actor}`;
        test(`${actor} ${action} on ${status}: ${ALLOWED.has(key) ? "allowed" : "refused"}`, () => {
          const result = applyAppointmentAction(status, action, actor);
          expect(result.ok).toBe(ALLOWED.has(key));
          if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
        });
      }

  test("each allowed transition lands where the rules say", () => {
    expect(applyAppointmentAction("pending", "schedule", "doctor")).toEqual({ ok: true, to: "confirmed" });
    expect(applyAppointmentAction("confirmed", "cancel", "patient")).toEqual({ ok: true, to: "cancelled" });
    expect(applyAppointmentAction("confirmed", "complete", "server")).toEqual({ ok: true, to: "completed" });
    expect(applyAppointmentAction("completed", "feedback", "patient")).toEqual({ ok: true, to: "completed" });
  });
});

describe("completion by time", () => {
  const now = new Date("2026-11-21T10:00:00Z");
  test("a confirmed appointment whose slot has ended reads as completed", () => {
    expect(effectiveStatus("confirmed", new Date("2026-11-21T10:00:00Z"), now)).toBe("completed");
    expect(effectiveStatus("confirmed", new Date("2026-11-21T09:59:59Z"), now)).toBe("completed");
  });
  test("a confirmed appointment still running or ahead stays confirmed", () => {
    expect(effectiveStatus("confirmed", new Date("2026-11-21T10:00:01Z"), now)).toBe("confirmed");
  });
  test("other statuses are never changed by time", () => {
    const past = new Date("2020-01-01T00:00:00Z");
    expect(effectiveStatus("pending", null, now)).toBe("pending");
    expect(effectiveStatus("cancelled", past, now)).toBe("cancelled");
  });
  test("a list's statuses hold until the earliest confirmed appointment ends", () => {
    const at = (iso: string) => new Date(`2026-11-21T${iso}Z`);
    const list = [
      { status: "pending" as const, endsAt: null },
      { status: "confirmed" as const, endsAt: at("11:30:00") },
      { status: "completed" as const, endsAt: at("09:30:00") },
      { status: "confirmed" as const, endsAt: at("10:30:00") },
      { status: "cancelled" as const, endsAt: at("10:10:00") },
    ];
    expect(nextStatusChange(list, now)).toBe(at("10:30:00").getTime());
    expect(nextStatusChange(list.slice(2), now)).toBe(at("10:30:00").getTime());
    expect(nextStatusChange([{ status: "pending" as const, endsAt: null }], now)).toBe(Infinity);
    expect(nextStatusChange([], now)).toBe(Infinity);
  });
});

describe("slots", () => {
  const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
  test("a consultation occupies [start, start + minutes)", () => {
    const slot = consultationSlot(at("10:00"), 30);
    expect(slot.end.toISOString()).toBe("2026-12-01T10:30:00.000Z");
  });
  test("back-to-back slots do not overlap; any shared minute does", () => {
    const a = consultationSlot(at("10:00"), 30);
    expect(slotsOverlap(a, consultationSlot(at("10:30"), 30))).toBe(false);
    expect(slotsOverlap(a, consultationSlot(at("09:30"), 30))).toBe(false);
    expect(slotsOverlap(a, consultationSlot(at("10:29"), 30))).toBe(true);
    expect(slotsOverlap(a, consultationSlot(at("09:31"), 30))).toBe(true);
    expect(slotsOverlap(a, consultationSlot(at("10:10"), 5))).toBe(true);
    expect(slotsOverlap(consultationSlot(at("10:10"), 5), a)).toBe(true);
  });
});
