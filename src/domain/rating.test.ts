import { expect, test } from "bun:test";
import { ratingOf } from "./rating";

test("no average below three ratings, then one decimal", () => {
  expect(ratingOf({ ratingCount: 2, ratingTotal: 10 })).toEqual({ average: null, count: 2 });
  expect(ratingOf({ ratingCount: 3, ratingTotal: 13 })).toEqual({ average: 4.3, count: 3 });
  expect(ratingOf({ ratingCount: 4, ratingTotal: 18 })).toEqual({ average: 4.5, count: 4 });
});
