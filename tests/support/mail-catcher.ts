/**
 * A real SMTP server on loopback for the mail tests (nodemailer's smtp-server), keeping every
 * mail it accepts parsed by mailparser. It can be stopped and started again on the same port
 * (an SMTP server that is down for a while).
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Caught = ParsedMail & { raw: string; envelopeTo: string[] };

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** `saveTo`: also write each mail as it arrived into that folder (`{n}.eml`), for another process to read. */
export async function startMailCatcher(port = 0, saveTo?: string) {
  const mails: Caught[] = [];
  let server: SMTPServer | undefined;
  let bound = port;

  function make(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw)
            .then((mail) => {
              mails.push(Object.assign(mail, { raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
              if (saveTo) {
                // Whole or not at all for a reader polling the folder: written aside, then renamed.
                const name = join(saveTo, `${String(mails.length).padStart(6, "0")}.eml`);
                writeFileSync(`${name}.part`, raw);
                renameSync(`${name}.part`, name);
              }
              callback();
            })
            .catch(callback);
        });
      },
    });
  }

  async function start(): Promise<void> {
    server = make();
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(bound, "127.0.0.1", () => resolve());
    });
    bound = (server.server.address() as { port: number }).port;
  }

  async function stop(): Promise<void> {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();

  return {
    mails,
    get port() {
      return bound;
    },
    get url() {
      return `smtp://127.0.0.1:${bound}`;
    },
    start,
    stop,
    /** Mails to `address` (by envelope recipient). */
    to: (address: string) => mails.filter((m) => m.envelopeTo.includes(address)),
    /** Waits until `check` finds a mail, or throws after `timeoutMs`. */
    async waitFor(check: (mail: Caught) => boolean, timeoutMs = 30_000, what = "a mail"): Promise<Caught> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find(check);
        if (found) return found;
        // real time: a 50 ms poll for the awaited mail, the event itself
        await Bun.sleep(50);
      }
      throw new Error(`no ${what} within ${timeoutMs} ms; caught: ${mails.map((m) => `${m.envelopeTo.join(",")}: ${m.subject}`).join(" | ")}`);
    },
  };
}
