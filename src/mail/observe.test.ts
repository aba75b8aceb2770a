/**
 * The outbox seen by an operator (issues 25 and 30): with mail on, readiness checks that the
 * sender keeps up, and /metrics carries the outbox's depth; an open message overdue for more than
 * 15 minutes makes the server not ready until it goes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { startMail } from "./start";

const TOKEN = "metrics-token-for-the-outbox-test";
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ MAIL_PREVIEW: "true", METRICS_TOKEN: TOKEN });
  // The checks stay once the sender stops: a stopped sender is exactly what "stuck" looks like.
  await startMail(h.deps)!.stop();
});
afterAll(() => h.stop());

const ready = async () => {
  const res = await h.app.request("/readyz");
  return { status: res.status, body: (await res.json()) as { checks: Record<string, { ok: boolean; detail: string }> } };
};

test("readiness holds an outbox check: ready while nothing is overdue, 503 once a mail waits 20 minutes, ready again when it goes", async () => {
  const fine = await ready();
  expect(fine.status).toBe(200);
  expect(fine.body.checks.outbox).toMatchObject({ ok: true, detail: "nothing overdue" });

  const overdue = Date.now() - 20 * 60_000;
  await h.elsewhere(
    `insert into mail_outbox (id, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html, state, attempts, next_attempt_at, created_at)
     values ('stuck-1', '<stuck-1@carebook.test>', 'requestReceived', 'notice', 'patient', 'p1', 'p@example.com', 'Subject', 'text', '<p>html</p>', 'waiting', 0, ?, ?)`,
    [overdue, overdue],
  );
  const stuck = await ready();
  expect(stuck.status).toBe(503);
  expect(stuck.body.checks.outbox!.ok).toBe(false);
  expect(stuck.body.checks.outbox!.detail).toContain("waited 20 minutes");

  const metrics = await (await h.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  expect(metrics).toMatch(/^carebook_outbox_depth 1$/m);
  expect(metrics).toContain("carebook_outbox_failures_total");

  await h.elsewhere("delete from mail_outbox where id = 'stuck-1'");
  expect((await ready()).status).toBe(200);
});
