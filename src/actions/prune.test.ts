/**
 * Issue 57 item 3: the server's prune deletes finished outbox rows past MAIL_KEEP_DAYS (every
 * channel), throttle events past their hour, trusted devices past their cookie's 180 days and audit
 * events past AUDIT_KEEP_DAYS, in batches;
 * a waiting mail of any age stays, young rows stay; two instances pruning at once neither fail
 * nor count a row twice. The clock is moved (deps.now), never waited for.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startHarness, type Harness } from "../../tests/support/harness";
import { pruneAll } from "./prune";

const DAY = 86_400_000;
const NOW = new Date("2026-06-01T12:00:00Z");
const lines: string[] = [];
let h: Harness;
let n = 0;

beforeAll(async () => {
  h = await startHarness({ LOG_LEVEL: "info" }, { logTo: { write: (line: string) => void lines.push(line) } });
  h.deps.now = () => NOW;
});
afterAll(() => h?.stop());

const ago = (days: number) => NOW.getTime() - days * DAY;

async function outbox(state: string, days: number, channel = "email", finished: Partial<Record<"sent_at" | "given_up_at" | "dropped_at", number>> = {}) {
  const id = `prune-${++n}`;
  await h.elsewhere(
    `insert into mail_outbox (id, channel, message_id, template, category, recipient_role, recipient_id, to_address, subject, text, html, state, attempts, next_attempt_at, created_at, sent_at, given_up_at, dropped_at)
     values (?, ?, ?, 'welcome', 'account', 'patient', 'p1', 'a@b.test', 's', 't', 'h', ?, 1, ?, ?, ?, ?, ?)`,
    [id, channel, `<${id}@test>`, state, ago(days), ago(days), finished.sent_at ?? null, finished.given_up_at ?? null, finished.dropped_at ?? null],
  );
  return id;
}
const audit = (days: number) =>
  h.elsewhere("insert into audit_events (at, actor_role, actor_id, subject, subject_id, action) values (?, 'admin', 'a1', 'doctor', 'd1', 'approved')", [ago(days)]);
const event = (minutes: number) => h.elsewhere("insert into auth_events (kind, key, at) values ('login_ip', '10.0.0.1', ?)", [NOW.getTime() - minutes * 60_000]);
const device = (days: number) => h.elsewhere("insert into trusted_devices (id, tag, created_at) values (?, 'tag', ?)", [`device-${++n}`, ago(days)]);
const ids = async (table: string) => (await h.elsewhere(`select ${table === "mail_outbox" ? "id" : "at"} as v from ${table} order by 1`)).rows.map((r) => r.v);
const clear = async () => {
  for (const table of ["mail_outbox", "audit_events", "auth_events", "trusted_devices"]) await h.elsewhere(`delete from ${table}`);
};

test("old finished mails, texts, audit and throttle events go in batches; waiting, failing, sending and young rows stay; one log line counts them", async () => {
  await clear();
  const gone = [
    await outbox("sent", 31, "email", { sent_at: ago(31) }),
    await outbox("delivered", 40, "sms", { sent_at: ago(40) }),
    await outbox("failed", 45, "whatsapp", { sent_at: ago(45) }),
    await outbox("given_up", 60, "email", { given_up_at: ago(59) }),
    await outbox("dropped", 90, "email", { dropped_at: ago(90) }),
  ];
  const kept = [
    // queued, retrying or in a sender's hands: never pruned, however old
    await outbox("waiting", 400),
    await outbox("failing", 400),
    await outbox("sending", 400),
    // finished, but within MAIL_KEEP_DAYS (30)
    await outbox("sent", 29, "email", { sent_at: ago(29) }),
    // due long ago, sent only lately (after an outage): 30 days count from the sending
    await outbox("sent", 50, "sms", { sent_at: ago(2) }),
  ];
  for (const days of [731, 800, 2000]) await audit(days);
  await audit(729);
  for (const minutes of [61, 120, 600]) await event(minutes);
  await event(59);
  // a trusted device's cookie lives 180 days
  for (const days of [181, 365]) await device(days);
  await device(179);

  lines.length = 0;
  // batches of 2: several batches per table, the last one short
  const pruned = await pruneAll(h.deps, 2);
  expect(pruned).toMatchObject({ mail: gone.length, audit: 3, throttle: 3, devices: 2 });
  expect(await ids("mail_outbox")).toEqual([...kept].sort());
  expect(await ids("audit_events")).toEqual([ago(729)]);
  expect(await ids("auth_events")).toEqual([NOW.getTime() - 59 * 60_000]);
  expect((await h.elsewhere("select created_at as v from trusted_devices")).rows.map((r) => r.v)).toEqual([ago(179)]);

  const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "pruned");
  expect(logged.length).toBe(1);
  expect(logged[0].pruned).toEqual({ throttle: 3, devices: 2, mail: 5, audit: 3, records: 0 });
  // counts only: no address, no subject, no id
  expect(JSON.stringify(logged[0])).not.toMatch(/a@b\.test|prune-|10\.0\.0\.1/);

  // Nothing left to prune: the next run deletes nothing.
  expect(await pruneAll(h.deps, 2)).toEqual({ throttle: 0, devices: 0, mail: 0, audit: 0, records: 0 });
});

test("the clock decides: a sent mail stays until MAIL_KEEP_DAYS after its sending, then goes", async () => {
  await clear();
  const id = await outbox("sent", 10, "email", { sent_at: ago(10) });
  h.deps.now = () => new Date(NOW.getTime() + 19 * DAY);
  expect((await pruneAll(h.deps)).mail).toBe(0);
  expect(await ids("mail_outbox")).toEqual([id]);
  h.deps.now = () => new Date(NOW.getTime() + 20 * DAY + 60_000);
  expect((await pruneAll(h.deps)).mail).toBe(1);
  expect(await ids("mail_outbox")).toEqual([]);
  h.deps.now = () => NOW;
});

test("two instances pruning one database at once both finish, and each row is deleted and counted once", async () => {
  await clear();
  for (let i = 0; i < 25; i++) {
    await outbox("sent", 35, "email", { sent_at: ago(35) });
    await audit(1000);
    await event(90);
  }
  const young = await outbox("sent", 1, "email", { sent_at: ago(1) });
  // two processes, as two servers are (an embedded file's client waits for the lock synchronously)
  const instance = () =>
    Bun.spawn(["bun", "tests/support/prune-process.ts", h.deps.config.databaseUrl, String(NOW.getTime()), "3"], { stdout: "pipe", stderr: "inherit" });
  const [a, b] = await Promise.all([instance(), instance()].map(async (p) => JSON.parse(await new Response(p.stdout).text())));
  expect(a.mail + b.mail).toBe(25);
  expect(a.audit + b.audit).toBe(25);
  expect(a.throttle + b.throttle).toBe(25);
  expect(await ids("mail_outbox")).toEqual([young]);
  expect(await ids("audit_events")).toEqual([]);
  expect(await ids("auth_events")).toEqual([]);
}, 30_000);

test("a shutdown ends the run between two batches", async () => {
  await clear();
  for (let i = 0; i < 5; i++) await event(90);
  await audit(1000);
  let checks = 0;
  // the first batch goes; the shutdown comes before the second
  const pruned = await pruneAll(h.deps, 2, () => ++checks > 1);
  expect(pruned).toMatchObject({ throttle: 2, devices: 0, mail: 0, audit: 0 });
  expect((await ids("auth_events")).length).toBe(3);
  expect((await ids("audit_events")).length).toBe(1);
});
