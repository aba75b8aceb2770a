/**
 * Configuration: one zod schema for process.env (SERVER-RULES §1), parsed once, failing fast.
 * Mirrored by .env.example. Pure: it reads only the object it is given.
 */
import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().trim().min(1).default("file:data/app.db"),
  DATABASE_AUTH_TOKEN: optionalText,
  JWT_SECRET: optionalText.refine((v) => v === undefined || Buffer.byteLength(v) >= 32, {
    message: "JWT_SECRET must be at least 32 bytes",
  }),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_NAME: z.string().trim().min(1).default("Admin"),
  CONSULT_MINUTES: z.coerce.number().positive().default(30),
  UPLOAD_DIR: z.string().trim().min(1).default("uploads"),
  MAX_UPLOAD_BYTES: positiveInt(2_097_152),
  MEET_BASE_URL: z.string().trim().url().default("https://meet.jit.si/"),
  LOGIN_FAILURE_LIMIT: positiveInt(10),
  SIGNUP_LIMIT: positiveInt(20),
  CORS_ORIGINS: optionalText,
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

export type Config = {
  port: number;
  databaseUrl: string;
  databaseAuthToken?: string;
  jwtSecret?: string;
  tokenTtlHours: number;
  admin: { email?: string; password?: string; name: string };
  consultMinutes: number;
  uploadDir: string;
  maxUploadBytes: number;
  meetBaseUrl: string;
  loginFailureLimit: number;
  signupLimit: number;
  corsOrigins: string[];
  trustProxy: boolean;
};

/** Parses the environment into a Config, or throws one error naming every bad variable. */
export function parseEnv(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    consultMinutes: e.CONSULT_MINUTES,
    uploadDir: e.UPLOAD_DIR,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    meetBaseUrl: e.MEET_BASE_URL.endsWith("/") ? e.MEET_BASE_URL : `${e.MEET_BASE_URL}/`,
    loginFailureLimit: e.LOGIN_FAILURE_LIMIT,
    signupLimit: e.SIGNUP_LIMIT,
    corsOrigins: (e.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
  };
}
