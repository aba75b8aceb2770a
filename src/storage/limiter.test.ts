/** The bounded queue behind uploads and decoding: runs a few, lines up a few, refuses the rest with 503. */
import { expect, test } from "bun:test";
import { Refusal } from "../domain/refusal";
import { refusalAnswer } from "../http/errors";
import { Limiter } from "./limiter";

/** One turn of the event loop: every promise already settled has run its callbacks. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

test("runs at most `running`, queues at most `waiting`, refuses the rest with 503 and Retry-After, in order", async () => {
  const limiter = new Limiter(2, 1, 7);
  const order: number[] = [];
  const gates: (() => void)[] = [];
  const task = (n: number) => () =>
    new Promise<number>((resolve) => {
      order.push(n);
      gates[n] = () => resolve(n);
    });
  const runs = [0, 1, 2].map((n) => limiter.run(task(n)));
  await turn();
  expect(order).toEqual([0, 1]);
  expect(limiter.load).toEqual({ active: 2, queued: 1 });

  const refused = await limiter.run(task(3)).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(Refusal);
  expect(refusalAnswer(refused as Refusal)).toEqual({ status: 503, headers: { "Retry-After": "7" } });

  gates[0]!();
  await turn();
  expect(order).toEqual([0, 1, 2]);
  gates[1]!();
  gates[2]!();
  expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  expect(limiter.load).toEqual({ active: 0, queued: 0 });
});

test("a failing task frees its place", async () => {
  const limiter = new Limiter(1, 0);
  await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  expect(await limiter.run(async () => "next")).toBe("next");
});
