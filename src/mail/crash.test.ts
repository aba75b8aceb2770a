/**
 * Issue 25: the real server as a process (bench/server.ts). SIGKILL between a change and its
 * mail loses nothing: the mail is in the outbox with the change, and arrives after the restart.
 * Without SMTP_URL the server says in its first lines that mail is off.
 */
import { afterAll, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN, PASSWORD, api, startServer, stopServer } from "../../bench/server";
import { startMailCatcher } from "../../tests/support/mail-catcher";

const dir = mkdtempSync(join(tmpdir(), "carebook-mail-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("without SMTP_URL the server starts and says at once that mail is off", async () => {
  const server = await startServer({ DATABASE_URL: `file:${join(dir, "off.db")}`, UPLOAD_DIR: join(dir, "uploads"), JWT_SECRET: "mail-off-secret-at-least-32-bytes-long" });
  try {
    const lines = server.output().split("\n");
    const off = lines.findIndex((l) => l.startsWith("Mail is off"));
    const listening = lines.findIndex((l) => l.includes("is listening on"));
    expect(off).toBeGreaterThanOrEqual(0);
    expect(off).toBeLessThan(listening);
  } finally {
    await stopServer(server, "SIGTERM");
  }
}, 60_000);

test("SIGKILL right after a booking, with the SMTP server down: both mails arrive after the restart, once", async () => {
  const smtp = await startMailCatcher();
  await smtp.stop();
  const db = join(dir, "app.db");
  const env = {
    DATABASE_URL: `file:${db}`,
    UPLOAD_DIR: join(dir, "uploads"),
    JWT_SECRET: "mail-crash-secret-at-least-32-bytes-long",
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://carebook.test",
  };
  let server = await startServer(env);
  const file = createClient({ url: `file:${db}` });
  try {
    expect(server.output()).toContain(`Mail is on: through ${smtp.url}`);
    const admin = await api(server.url, "POST", "/loginAdmin", { json: ADMIN });
    const doctor = await api(server.url, "POST", "/signupDoctor", {
      json: { name: "Kim Crash", email: "kim.crash@example.com", password: PASSWORD, specialization: "Cardiologist", collegeName: "North College" },
    });
    expect((await api(server.url, "PATCH", `/admin-dashboard/doctor-status/${doctor.body.doctor._id}`, { token: admin.body.token, json: { status: "approved" } })).status).toBe(200);
    const patient = await api(server.url, "POST", "/signupPatient", { json: { name: "Lou Crash", email: "lou.crash@example.com", password: PASSWORD } });
    const booked = await api(server.url, "POST", "/patient-dashboard/bookAppointment", {
      token: patient.body.token,
      json: { doctorId: doctor.body.doctor._id, reason: "Rash on both arms" },
    });
    expect(booked.status).toBe(201);
    await stopServer(server, "SIGKILL");

    const rows = await file.execute("select template, state, message_id from mail_outbox where appointment_id = ?", [booked.body.appointment._id]);
    expect(rows.rows.map((r) => r.template).sort()).toEqual(["newRequest", "requestReceived"]);
    expect(rows.rows.every((r) => r.state !== "sent")).toBe(true);
    // The server is down past the retry time: a mail that failed before the kill (the SMTP server
    // was down) is due again at the restart, rather than 10 s of backoff (BACKOFF_SECONDS) later.
    // What the restart finds is the same rows; only their next try is brought to now. A row the
    // kill caught mid-delivery (on a loaded machine) is still claimed by the dead server for
    // CLAIM_MS (2 minutes): its claim is run out the same way, as if the server stayed down past it.
    await file.execute("update mail_outbox set next_attempt_at = ? where appointment_id = ? and state = 'failing' and next_attempt_at > ?", [Date.now(), booked.body.appointment._id, Date.now()]);
    await file.execute("update mail_outbox set claimed_until = ? where appointment_id = ? and state = 'sending' and claimed_until > ?", [Date.now(), booked.body.appointment._id, Date.now()]);

    await smtp.start();
    server = await startServer(env);
    const toPatient = await smtp.waitFor((m) => m.envelopeTo.includes("lou.crash@example.com") && /was sent/.test(m.subject ?? ""), 60_000);
    const toDoctor = await smtp.waitFor((m) => m.envelopeTo.includes("kim.crash@example.com") && /New appointment request/.test(m.subject ?? ""), 60_000);
    // Once both rows say sent, no sender takes them again: a second delivery would be in by now.
    // real time: a 50 ms poll until both rows say sent, the event itself
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await Bun.sleep(50)) {
      const states = await file.execute("select state from mail_outbox where appointment_id = ?", [booked.body.appointment._id]);
      if (states.rows.every((r) => r.state === "sent")) break;
    }
    for (const mail of [toPatient, toDoctor]) {
      expect(rows.rows.map((r) => r.message_id)).toContain(mail.messageId!);
      expect(smtp.mails.filter((m) => m.messageId === mail.messageId).length).toBe(1);
    }
    expect(toPatient.raw).not.toContain("Rash on both arms");
  } finally {
    file.close();
    await stopServer(server, "SIGTERM").catch(() => undefined);
    await smtp.stop();
  }
}, 150_000);
