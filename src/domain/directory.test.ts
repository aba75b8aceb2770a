/** The public directory's pure rules (issue 41): reviewers' names, the way back after signup, the page's reviews, the sorts. */
import { describe, expect, test } from "bun:test";
import { DIRECTORY_PAGE_SIZE, pageOf, patientReturnPath, reviewsWithin, sortedEntries, type DirectoryEntry } from "./directory";
import { reviewerName } from "./review";

test("a reviewer is their first name and the last name's initial", () => {
  expect(reviewerName("Pat Patel")).toBe("Pat P.");
  expect(reviewerName("  Ravi Kumar singh ")).toBe("Ravi S.");
  expect(reviewerName("Zed")).toBe("Zed");
  expect(reviewerName("प्रिया शर्मा")).toBe("प्रिया श.");
});

test("the way back after login or signup is a path inside the patient's pages, nothing else", () => {
  for (const ok of ["/patient-dashboard", "/patient-dashboard/bookAppointment/3f2c9a4e-8b1d-4c55-9a0e-2b7f1c6d8e90", "/m/abcdEFGHp"]) expect(patientReturnPath(ok)).toBe(ok);
  // A text's short link: a patient's only, exactly its shape.
  for (const bad of ["/m/abcdEFGHd", "/m/abcdEFGp", "/m/abcdEFGHp/x", "/m/abcd.FGHp", "/m//evil.example"]) expect(patientReturnPath(bad)).toBeUndefined();
  for (const bad of ["//evil.example", "https://evil.example/patient-dashboard", "/admin-dashboard", "/patient-dashboard/../admin", "/patient-dashboard/%2e%2e/x", "/patient-dashboardx", "/patient-dashboard?x=1", 42, undefined, `/patient-dashboard/${"a".repeat(200)}`]) {
    expect(patientReturnPath(bad)).toBeUndefined();
  }
});

test("a profile shows the newest reviews whose text fits, and always the newest one", () => {
  const review = (n: number, reply = 0) => ({ message: "m".repeat(n), reply: reply ? { text: "r".repeat(reply) } : null });
  expect(reviewsWithin([review(3000, 1000), review(10)], 1000)).toHaveLength(1);
  expect(reviewsWithin([review(400), review(400, 100), review(200)], 1000)).toHaveLength(2);
});

describe("sorts: those without the value last, then by name; pages of 20", () => {
  const at = (h: number) => ({ start: h * 3_600_000, instant: false });
  const entry = (name: string, fee: number | null, ratings: [number, number], next?: number): DirectoryEntry => ({
    id: name, name, specialization: "Dermatologist", fee, ratingCount: ratings[0], ratingTotal: ratings[1], next: next === undefined ? undefined : at(next),
  });
  const all = [entry("Bo", 300, [3, 15], 5), entry("Al", null, [1, 5], 2), entry("Cy", 0, [4, 8]), entry("Di", 300, [3, 9], 30)];
  const names = (sort: "next" | "rating" | "fee", availableDays?: number) => sortedEntries(all, { sort, page: 1, availableDays }, new Date(0)).map((e) => e.name);
  test("next free time, soonest first", () => expect(names("next")).toEqual(["Al", "Bo", "Di", "Cy"]));
  test("rating, highest average of three or more first", () => expect(names("rating")).toEqual(["Bo", "Di", "Cy", "Al"]));
  test("fee, lowest first, equal fees by name", () => expect(names("fee")).toEqual(["Cy", "Bo", "Di", "Al"]));
  test("free within a day", () => expect(names("next", 1)).toEqual(["Al", "Bo"]));
  test("pages", () => {
    const many = Array.from({ length: DIRECTORY_PAGE_SIZE * 2 + 1 }, (_, i) => i);
    expect(pageOf(many, 3)).toEqual({ items: [40], page: 3, pages: 3 });
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
