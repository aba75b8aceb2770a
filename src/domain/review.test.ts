import { expect, test } from "bun:test";
import { ratingDelta, reviewerName } from "./review";

test("a published review names its writer by first name and initial", () => {
  expect(reviewerName("Pat Patient")).toBe("Pat P.");
  expect(reviewerName("  Asha  Devi   Rao ")).toBe("Asha R.");
  expect(reviewerName("Madonna")).toBe("Madonna");
  expect(reviewerName("pat patel")).toBe("pat P.");
  expect(reviewerName("राम शर्मा")).toBe("राम श.");
  expect(reviewerName("")).toBe("");
});

test("a rating counts while visible: giving adds it, hiding takes it away, showing adds it again", () => {
  expect(ratingDelta(4, false, true)).toEqual({ count: 1, total: 4 });
  expect(ratingDelta(4, true, false)).toEqual({ count: -1, total: -4 });
  expect(ratingDelta(4, true, true)).toEqual({ count: 0, total: 0 });
  expect(ratingDelta(null, false, true)).toEqual({ count: 0, total: 0 });
});
