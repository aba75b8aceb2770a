/**
 * Configuration: one zod schema for process.env (SERVER-RULES §1), parsed once, failing fast.
 * Mirrored by .env.example. Pure: it reads only the object it is given.
 */
import { z } from "zod";
import { isTimeZone } from "../domain/time";
import { parseQuietHours, type QuietHours } from "../domain/phone";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** What an embedded replica can sync from (a libSQL server: sqld, Turso). */
const SYNC_URL = /^(https?:\/\/[^/]|libsql:\/\/(?![^#]*[?&]tls=0)[^/])/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATABASE_URL: z.string().trim().min(1).default("file:data/app.db"),
  DATABASE_AUTH_TOKEN: optionalText,
  // A replica syncs over HTTP only: libSQL's sync refuses ws(s):// ("unsupported scheme") and
  // takes libsql:// as https:// whatever its ?tls says (checked against sqld 0.24).
  DATABASE_SYNC_URL: optionalText.refine((v) => v === undefined || SYNC_URL.test(v), {
    message: "DATABASE_SYNC_URL must be an http:// or https:// URL, or libsql:// for a server with TLS (such as Turso); ws://, wss:// and libsql://…?tls=0 cannot sync",
  }),
  DATABASE_SYNC_INTERVAL: z.coerce.number().positive().default(5),
  JWT_SECRET: optionalText.refine((v) => v === undefined || Buffer.byteLength(v) >= 32, {
    message: "JWT_SECRET must be at least 32 bytes",
  }),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_NAME: z.string().trim().min(1).default("Admin"),
  // The admin must set up two-factor sign-in at the next sign-in (issue 44): until then every admin
  // page leads to the setup and the admin API answers 403.
  ADMIN_2FA_REQUIRED: z.enum(["true", "false"], { message: "ADMIN_2FA_REQUIRED must be true or false" }).default("false"),
  CONSULT_MINUTES: z.coerce.number().positive().default(30),
  UPLOAD_DIR: z.string().trim().min(1).default("uploads"),
  MAX_UPLOAD_BYTES: positiveInt(10_485_760),
  MAX_DOCUMENT_BYTES: positiveInt(10_485_760),
  MEET_BASE_URL: z.string().trim().url().default("https://meet.jit.si/"),
  LOGIN_FAILURE_LIMIT: positiveInt(10),
  SIGNUP_LIMIT: positiveInt(20),
  CORS_ORIGINS: optionalText,
  // false, or how many reverse proxies stand in front (true = 1): see clientAddress.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, { message: "TRUST_PROXY must be false, true or a number of proxies (0-99)" })
    .default("false")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  // Every login and signup attempt from one address, successful or not, per minute (hashing is costly).
  AUTH_ATTEMPTS_PER_MINUTE: positiveInt(60),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]/.test(v), {
    message: "S3_ENDPOINT must be an http(s):// URL",
  }),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_SESSION_TOKEN: optionalText,
  BACKUP_DIR: z.string().trim().min(1).default("backups"),
  // Hours between scheduled backups; 0 (the default) turns them off. Fractions are allowed.
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(0),
  BACKUP_KEEP: positiveInt(7),
  S3_PREFIX: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9._\/-]+$/.test(v), {
    message: "S3_PREFIX may hold only letters, digits and . _ / -",
  }),
  // The site's own origin for every link the server writes into a feed, a file or a mail.
  PUBLIC_URL: optionalText.refine((v) => v === undefined || isOrigin(v), {
    message: "PUBLIC_URL must be an http(s) origin such as https://carebook.example (no path)",
  }),
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), {
    message: "SMTP_URL must be an smtp:// or smtps:// URL",
  }),
  MAIL_FROM: z.string().trim().min(3).default("Carebook <no-reply@localhost>"),
  REMINDER_MINUTES: z
    .string()
    .regex(/^\s*(\d+(\s*,\s*\d+)*)?\s*$/, { message: "REMINDER_MINUTES must be whole minutes separated by commas, e.g. 1440,60" })
    .default("1440,60"),
  // Mail written into the outbox and shown rendered to the admin, sent nowhere (set by `bun run demo`).
  MAIL_PREVIEW: z.enum(["true", "false"], { message: "MAIL_PREVIEW must be true or false" }).default("false"),
  // Seconds between the mail sender's looks at the outbox (besides the look at once after a write here); tests shorten it.
  MAIL_ROUND_SECONDS: z.coerce.number({ message: "MAIL_ROUND_SECONDS must be a number of seconds" }).positive("MAIL_ROUND_SECONDS must be more than 0").max(3600).default(5),
  BOOKING_NOTICE_MINUTES: z.coerce.number().min(0).default(120),
  // A patient cannot cancel a confirmed meeting that starts sooner than this (issue 40); fractions allowed.
  CHANGE_NOTICE_MINUTES: z.coerce.number({ message: "CHANGE_NOTICE_MINUTES must be a number of minutes, e.g. 240" }).min(0).default(240),
  // How long a waitlist offer holds its slot for the patient offered it (issue 40); fractions allowed.
  WAITLIST_HOLD_MINUTES: z.coerce.number({ message: "WAITLIST_HOLD_MINUTES must be a number of minutes, e.g. 30" }).gt(0).default(30),
  // Issue 51: an account (holder and family members together) holds at most this many open instant
  // bookings with one doctor, and in all; its instant bookings, moves and cancels count toward
  // PATIENT_CHANGES_PER_DAY in any 24 hours (past it a booking or a move 429, a cancel still goes through).
  INSTANT_PER_DOCTOR: positiveInt(2),
  INSTANT_PER_ACCOUNT: positiveInt(6),
  PATIENT_CHANGES_PER_DAY: positiveInt(20),
  // How long a doctor can undo a schedule, cancel or reschedule; the patient's mail waits as long (issue 39).
  UNDO_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  // Issue 56: how long after the visit an issued record is kept (the law's medical record), then deleted.
  RECORD_KEEP_DAYS: positiveInt(1095),
  // Issue 57: finished outbox rows (sent, given up, dropped; every channel) and audit events are deleted this many days on.
  MAIL_KEEP_DAYS: positiveInt(30),
  AUDIT_KEEP_DAYS: positiveInt(730),
  SUPPORT_EMAIL: z.string().trim().min(3).default("support@example.com"),
  // Unset: no phone is shown anywhere (never a made-up number, issue 39).
  SUPPORT_PHONE: z.string().trim().min(3).optional(),
  // Unset: pretty in a terminal, JSON when piped (a collector reads it).
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: "METRICS_TOKEN must be at least 16 characters",
  }),
  // Threads that decode pictures off the request thread (src/storage/picture-pool.ts).
  PICTURE_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  // How long a password reset link holds (issue 28); tests shorten it.
  // Issue 52: the zone every reader's times are shown in until they choose one (any language).
  DEFAULT_TIME_ZONE: z
    .string()
    .trim()
    .default("Asia/Kolkata")
    // A named zone ("Asia/Kolkata", "UTC"), not a bare offset ("+05:30"), which Intl also takes.
    .refine((v) => /^[A-Za-z]/.test(v) && isTimeZone(v), { message: "DEFAULT_TIME_ZONE must be an IANA time zone, e.g. Asia/Kolkata" }),
  // Issue 55: texts by SMS (Twilio's Messages API); the channel is off unless all three are set.
  PHONE_CODE_MINUTES: z.coerce.number({ message: "PHONE_CODE_MINUTES must be a number of minutes" }).positive().max(60).default(10),
  TWILIO_API_URL: z.string().trim().url({ message: "TWILIO_API_URL must be a URL" }).default("https://api.twilio.com"),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  // Issue 55, item 5: texts by WhatsApp (the Cloud API's template messages); off unless all four are set.
  WHATSAPP_API_URL: z.string().trim().url({ message: "WHATSAPP_API_URL must be a URL" }).default("https://graph.facebook.com/v21.0"),
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  // Hours (in each person's zone) when no text goes but a code asked for or the answer to their own action: "21-8".
  QUIET_HOURS: z.string().trim().default("21-8").refine((v) => parseQuietHours(v) !== undefined, { message: "QUIET_HOURS must be two hours 0-23, e.g. 21-8 (0-0: none)" }),
  RESET_TOKEN_MINUTES: z.coerce.number({ message: "RESET_TOKEN_MINUTES must be a number of minutes" }).positive("RESET_TOKEN_MINUTES must be more than 0").max(24 * 60, "RESET_TOKEN_MINUTES must be at most 1440").default(30),
});

/** Whether `value` is a bare http(s) origin: scheme, host, optional port, nothing after. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** Settings that are valid one by one but not together; each issue names the variable to fix. */
const crossChecks = (e: z.infer<typeof envSchema>): { path: string; message: string }[] => {
  const issues: { path: string; message: string }[] = [];
  const local = e.DATABASE_URL.startsWith("file:");
  if (e.DATABASE_SYNC_URL !== undefined && !local) {
    issues.push({ path: "DATABASE_SYNC_URL", message: "an embedded replica needs DATABASE_URL to be a file: path (the local copy)" });
  }
  if ((!local || e.DATABASE_SYNC_URL !== undefined) && e.JWT_SECRET === undefined) {
    issues.push({
      path: "JWT_SECRET",
      message: "required with a remote database or an embedded replica: every instance must sign with the same key",
    });
  }
  if (e.STORAGE === "s3" && e.S3_BUCKET === undefined) issues.push({ path: "S3_BUCKET", message: "required when STORAGE=s3" });
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    issues.push({ path: "S3_SECRET_ACCESS_KEY", message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together" });
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter((v) => v !== undefined).length;
  if (twilio !== 0 && twilio !== 3) issues.push({ path: "TWILIO_FROM", message: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together" });
  const whatsapp = [e.WHATSAPP_PHONE_NUMBER_ID, e.WHATSAPP_TOKEN, e.WHATSAPP_VERIFY_TOKEN, e.WHATSAPP_APP_SECRET].filter((v) => v !== undefined).length;
  if (whatsapp !== 0 && whatsapp !== 4) {
    issues.push({ path: "WHATSAPP_APP_SECRET", message: "WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_VERIFY_TOKEN and WHATSAPP_APP_SECRET go together" });
  }
  if (e.SMTP_URL !== undefined && e.PUBLIC_URL === undefined) {
    issues.push({ path: "PUBLIC_URL", message: "required when SMTP_URL is set: mails link to the site" });
  }
  return issues;
};

export type Config = {
  port: number;
  /** The address to listen on; every interface when unset. */
  host?: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** Embedded replica (DATABASE_SYNC_URL set): DATABASE_URL is the local copy of this primary. */
  databaseReplica?: { syncUrl: string; syncIntervalSeconds: number };
  jwtSecret?: string;
  tokenTtlHours: number;
  admin: { email?: string; password?: string; name: string };
  /** ADMIN_2FA_REQUIRED: the admin may do nothing but set up two-factor sign-in until it is on. */
  admin2faRequired: boolean;
  consultMinutes: number;
  uploadDir: string;
  maxUploadBytes: number;
  /** MAX_DOCUMENT_BYTES: the largest report a patient uploads to an appointment (issue 56). */
  maxDocumentBytes: number;
  meetBaseUrl: string;
  loginFailureLimit: number;
  signupLimit: number;
  corsOrigins: string[];
  /** How many reverse proxies stand in front (0: none, X-Forwarded-* ignored). */
  trustProxy: number;
  authAttemptsPerMinute: number;
  /** STORAGE=s3: profile pictures in this bucket; none: in `uploadDir` on the local disk. */
  s3?: S3Config;
  /** Where `carebook backup` and the scheduled backups write; intervalHours 0: no schedule. */
  backup: { dir: string; intervalHours: number; keep: number };
  /** The site's own origin, without a trailing slash (e.g. "https://carebook.example"); never taken from Host. */
  publicUrl?: string;
  /** SMTP_URL set: mail is on, sent from `from`; reminders `reminderMinutes` before a meeting (largest first). */
  mail?: { smtpUrl: string; from: string };
  mailFrom: string;
  /** MAIL_PREVIEW=true without SMTP_URL: mails are written and shown to the admin, sent nowhere. */
  mailPreview: boolean;
  reminderMinutes: number[];
  /** Seconds between the mail sender's rounds over the outbox (MAIL_ROUND_SECONDS). */
  mailRoundSeconds: number;
  /** The earliest free slot offered is this many minutes from now. */
  bookingNoticeMinutes: number;
  /** A patient's change of a confirmed meeting is refused this many minutes before it starts (issue 40). */
  changeNoticeMinutes: number;
  /** How long a waitlist offer holds its slot (issue 40). */
  waitlistHoldMinutes: number;
  /** The doctor's undo window after a schedule, cancel or reschedule; their mails wait until it closes. */
  undoSeconds: number;
  recordKeepDays: number;
  /** Issue 57: days a finished outbox row is kept (MAIL_KEEP_DAYS), and an audit event (AUDIT_KEEP_DAYS). */
  mailKeepDays: number;
  auditKeepDays: number;
  /** Issue 51: an account's open instant bookings with one doctor and in all, and its instant bookings, moves and cancels in 24 hours. */
  bookingLimits: { instantPerDoctor: number; instantPerAccount: number; changesPerDay: number };
  support: { email: string; phone?: string };
  log: { format: "json" | "pretty"; level: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent" };
  /** Bearer token `/metrics` requires; unset: no `/metrics` (404). */
  metricsToken?: string;
  /** Picture worker threads (PICTURE_WORKERS). */
  pictureWorkers: number;
  /** How long a password reset link holds, in minutes. */
  resetTokenMinutes: number;
  /** DEFAULT_TIME_ZONE: a reader's zone until they choose one (or their browser tells it), in every language (issue 52). */
  defaultTimeZone: string;
  /** Issue 55: how long a phone code lives, in minutes. */
  phoneCodeMinutes: number;
  /** TWILIO_* set: SMS goes through Twilio's Messages API at `apiUrl`; unset: SMS is off (or previewed with MAIL_PREVIEW). */
  twilio?: { apiUrl: string; accountSid: string; authToken: string; from: string };
  /** WHATSAPP_* set: WhatsApp goes through the Cloud API at `apiUrl`; unset: WhatsApp is off (or previewed with MAIL_PREVIEW). */
  whatsapp?: { apiUrl: string; phoneNumberId: string; token: string; verifyToken: string; appSecret: string };
  /** QUIET_HOURS: texts other than codes and answers wait until they end, in the reader's zone. */
  quietHours: QuietHours;
};

export type S3Config = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
  /** Prepended to every object key, e.g. "carebook/" to share a bucket. */
  prefix: string;
};

/** "carebook", "/carebook/" → "carebook/"; none → "". */
function keyPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `${trimmed}/`;
}

/** Parses the environment into a Config, or throws one error naming every bad variable. */
/** The configuration `env` asks for; `terminal` (stdout is one) picks the log format when LOG_FORMAT is unset. */
export function parseEnv(env: Record<string, string | undefined>, terminal = process.stdout.isTTY === true): Config {
  // An empty variable (`PORT=` in a .env file) means "not set": its default applies.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = envSchema.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const crossIssues = crossChecks(e);
  if (crossIssues.length > 0) {
    throw new Error(`Invalid configuration:\n${crossIssues.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    databaseReplica:
      e.DATABASE_SYNC_URL === undefined ? undefined : { syncUrl: e.DATABASE_SYNC_URL, syncIntervalSeconds: e.DATABASE_SYNC_INTERVAL },
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    admin2faRequired: e.ADMIN_2FA_REQUIRED === "true",
    consultMinutes: e.CONSULT_MINUTES,
    uploadDir: e.UPLOAD_DIR,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxDocumentBytes: e.MAX_DOCUMENT_BYTES,
    meetBaseUrl: e.MEET_BASE_URL.endsWith("/") ? e.MEET_BASE_URL : `${e.MEET_BASE_URL}/`,
    loginFailureLimit: e.LOGIN_FAILURE_LIMIT,
    signupLimit: e.SIGNUP_LIMIT,
    corsOrigins: (e.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    backup: { dir: e.BACKUP_DIR, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
    authAttemptsPerMinute: e.AUTH_ATTEMPTS_PER_MINUTE,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    mail: e.SMTP_URL === undefined ? undefined : { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    mailFrom: e.MAIL_FROM,
    mailPreview: e.MAIL_PREVIEW === "true" && e.SMTP_URL === undefined,
    reminderMinutes: [...new Set(e.REMINDER_MINUTES.split(",").map((m) => m.trim()).filter(Boolean).map(Number))]
      .filter((m) => m > 0)
      .sort((a, b) => b - a),
    mailRoundSeconds: e.MAIL_ROUND_SECONDS,
    bookingNoticeMinutes: e.BOOKING_NOTICE_MINUTES,
    changeNoticeMinutes: e.CHANGE_NOTICE_MINUTES,
    waitlistHoldMinutes: e.WAITLIST_HOLD_MINUTES,
    undoSeconds: e.UNDO_SECONDS,
    recordKeepDays: e.RECORD_KEEP_DAYS,
    mailKeepDays: e.MAIL_KEEP_DAYS,
    auditKeepDays: e.AUDIT_KEEP_DAYS,
    bookingLimits: { instantPerDoctor: e.INSTANT_PER_DOCTOR, instantPerAccount: e.INSTANT_PER_ACCOUNT, changesPerDay: e.PATIENT_CHANGES_PER_DAY },
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    log: { format: e.LOG_FORMAT ?? (terminal ? "pretty" : "json"), level: e.LOG_LEVEL },
    metricsToken: e.METRICS_TOKEN,
    pictureWorkers: e.PICTURE_WORKERS,
    resetTokenMinutes: e.RESET_TOKEN_MINUTES,
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    phoneCodeMinutes: e.PHONE_CODE_MINUTES,
    quietHours: parseQuietHours(e.QUIET_HOURS)!,
    twilio:
      e.TWILIO_ACCOUNT_SID === undefined
        ? undefined
        : { apiUrl: e.TWILIO_API_URL.replace(/\/$/, ""), accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM! },
    whatsapp:
      e.WHATSAPP_PHONE_NUMBER_ID === undefined
        ? undefined
        : {
            apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ""),
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            token: e.WHATSAPP_TOKEN!,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
            appSecret: e.WHATSAPP_APP_SECRET!,
          },
    s3:
      e.STORAGE === "s3"
        ? {
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            sessionToken: e.S3_SESSION_TOKEN,
            prefix: keyPrefix(e.S3_PREFIX),
          }
        : undefined,
  };
}

/**
 * The site's own origin for a link written where no request is at hand (a mail): PUBLIC_URL, or
 * this machine when it is unset (preview, development). Never the Host header.
 */
export function siteUrl(config: Pick<Config, "publicUrl" | "port">): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
