import { describe, expect, test } from "bun:test";
import { changeDoctorStatus, doctorActions } from "./doctor-status";
import { DOCTOR_STATUSES } from "./fields";

// SERVER-RULES §5, written out independently of the implementation.
const ALLOWED: Record<string, string> = {
  "pending approved": "Approve",
  "pending rejected": "Reject",
  "approved blocked": "Block",
  "rejected approved": "Reactivate",
  "blocked approved": "Reactivate",
};

describe("doctor status machine", () => {
  for (const from of DOCTOR_STATUSES)
    for (const to of DOCTOR_STATUSES) {
      const action = ALLOWED[`${from} ${to}`];
      test(`${from} -> ${to}: ${action ?? "refused"}`, () => {
        const result = changeDoctorStatus(from, to);
        expect(result).toEqual(action ? { ok: true, action } : { ok: false, reason: `A ${from} doctor cannot become ${to}` });
      });
    }

  test("the actions offered match the table", () => {
    expect(doctorActions("pending")).toEqual([
      { to: "approved", action: "Approve" },
      { to: "rejected", action: "Reject" },
    ]);
    expect(doctorActions("approved")).toEqual([{ to: "blocked", action: "Block" }]);
    expect(doctorActions("blocked")).toEqual([{ to: "approved", action: "Reactivate" }]);
  });
});
