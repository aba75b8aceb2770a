import { describe, expect, test } from "bun:test";
import { parseEnv } from "./env";

const SECRET_32 = "0123456789abcdef0123456789abcdef"; // exactly 32 bytes

describe("defaults of SERVER-RULES §1", () => {
  test("an empty environment gives every documented default", () => {
    // toMatchObject: settings added later (with their own tests) do not break this one.
    expect(parseEnv({})).toMatchObject({
      port: 3000,
      databaseUrl: "file:data/app.db",
      databaseAuthToken: undefined,
      jwtSecret: undefined,
      tokenTtlHours: 12,
      admin: { email: undefined, password: undefined, name: "Admin" },
      consultMinutes: 30,
      uploadDir: "uploads",
      maxUploadBytes: 10_485_760,
      meetBaseUrl: "https://meet.jit.si/",
      loginFailureLimit: 10,
      signupLimit: 20,
      corsOrigins: [],
      trustProxy: 0,
      authAttemptsPerMinute: 60,
    });
  });

  test("empty optional values (as in .env.example) mean 'not set'", () => {
    const config = parseEnv({ DATABASE_AUTH_TOKEN: "", JWT_SECRET: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "", CORS_ORIGINS: "", TRUST_PROXY: "" });
    expect(config.databaseAuthToken).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.admin.email).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
    expect(config.trustProxy).toBe(0);
  });

  // An empty variable means "not set" (as for JWT_SECRET= in .env.example), numbers included:
  // PORT= must not silently bind a random port.
  test("an empty (or blank) variable means not set: its default applies", () => {
    const empty = {
      PORT: "",
      TOKEN_TTL_HOURS: "",
      CONSULT_MINUTES: " ",
      MAX_UPLOAD_BYTES: "",
      LOGIN_FAILURE_LIMIT: "",
      SIGNUP_LIMIT: "",
      DATABASE_URL: "   ",
      UPLOAD_DIR: "",
      ADMIN_NAME: "",
      MEET_BASE_URL: "",
    };
    expect(() => parseEnv(empty)).not.toThrow();
    expect(parseEnv(empty)).toMatchObject({
      port: 3000,
      tokenTtlHours: 12,
      consultMinutes: 30,
      maxUploadBytes: 10_485_760,
      loginFailureLimit: 10,
      signupLimit: 20,
      databaseUrl: "file:data/app.db",
      uploadDir: "uploads",
      admin: { name: "Admin" },
      meetBaseUrl: "https://meet.jit.si/",
    });
  });

  test("the log is pretty in a terminal and JSON when piped, unless LOG_FORMAT says", () => {
    expect(parseEnv({}, true).log.format).toBe("pretty");
    expect(parseEnv({}, false).log.format).toBe("json");
    expect(parseEnv({ LOG_FORMAT: "json" }, true).log.format).toBe("json");
    expect(parseEnv({ LOG_FORMAT: "pretty" }, false).log.format).toBe("pretty");
  });

  test("the .env.example values parse to the same defaults", async () => {
    const text = await Bun.file(new URL("../../.env.example", import.meta.url)).text();
    const env: Record<string, string> = {};
    for (const line of text.split("\n")) {
      const match = line.match(/^([A-Z_]+)=(.*)$/);
      if (match) env[match[1]!] = match[2]!;
    }
    expect(Object.keys(env).length).toBeGreaterThan(10);
    expect(parseEnv(env)).toEqual(parseEnv({}));
  });
});

describe("given values", () => {
  test("are coerced and kept", () => {
    const config = parseEnv({
      PORT: "8080",
      DATABASE_URL: "libsql://example.turso.io",
      DATABASE_AUTH_TOKEN: "tok",
      JWT_SECRET: SECRET_32,
      TOKEN_TTL_HOURS: "1.5",
      ADMIN_EMAIL: "root@example.com",
      ADMIN_PASSWORD: "long-enough-pass",
      ADMIN_NAME: "Root",
      CONSULT_MINUTES: "0.02",
      UPLOAD_DIR: "/srv/pics",
      MAX_UPLOAD_BYTES: "2048",
      MEET_BASE_URL: "https://meet.example.org/rooms",
      LOGIN_FAILURE_LIMIT: "3",
      SIGNUP_LIMIT: "5",
      CORS_ORIGINS: " https://a.example , https://b.example ,",
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: "libsql://example.turso.io",
      databaseAuthToken: "tok",
      jwtSecret: SECRET_32,
      tokenTtlHours: 1.5,
      admin: { email: "root@example.com", password: "long-enough-pass", name: "Root" },
      consultMinutes: 0.02,
      uploadDir: "/srv/pics",
      maxUploadBytes: 2048,
      meetBaseUrl: "https://meet.example.org/rooms/",
      loginFailureLimit: 3,
      signupLimit: 5,
      corsOrigins: ["https://a.example", "https://b.example"],
      trustProxy: 1,
    });
  });

  test("TRUST_PROXY is a hop count: true is 1, false is 0", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "0" }).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
  });

  test("AUTH_ATTEMPTS_PER_MINUTE is a positive integer, 60 by default", () => {
    expect(parseEnv({}).authAttemptsPerMinute).toBe(60);
    expect(parseEnv({ AUTH_ATTEMPTS_PER_MINUTE: "5" }).authAttemptsPerMinute).toBe(5);
    expect(() => parseEnv({ AUTH_ATTEMPTS_PER_MINUTE: "0" })).toThrow("AUTH_ATTEMPTS_PER_MINUTE");
  });
});

describe("invalid values throw, naming the variable", () => {
  const cases: [string, string][] = [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["TOKEN_TTL_HOURS", "0"],
    ["TOKEN_TTL_HOURS", "soon"],
    ["CONSULT_MINUTES", "-5"],
    ["CONSULT_MINUTES", "0"],
    ["MAX_UPLOAD_BYTES", "1.5"],
    ["MAX_UPLOAD_BYTES", "0"],
    ["MEET_BASE_URL", "not a url"],
    ["LOGIN_FAILURE_LIMIT", "0"],
    ["LOGIN_FAILURE_LIMIT", "ten"],
    ["SIGNUP_LIMIT", "-3"],
    ["TRUST_PROXY", "yes"],
  ];
  for (const [name, value] of cases) {
    test(`${name}=${JSON.stringify(value)}`, () => {
      expect(() => parseEnv({ [name]: value })).toThrow(name);
    });
  }

  test("every bad variable is named in one error", () => {
    let message = "";
    try {
      parseEnv({ PORT: "x", SIGNUP_LIMIT: "0", MEET_BASE_URL: "nope" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("PORT");
    expect(message).toContain("SIGNUP_LIMIT");
    expect(message).toContain("MEET_BASE_URL");
  });
});

describe("JWT_SECRET", () => {
  test("shorter than 32 bytes is refused", () => {
    expect(() => parseEnv({ JWT_SECRET: SECRET_32.slice(1) })).toThrow("JWT_SECRET");
    expect(() => parseEnv({ JWT_SECRET: "short" })).toThrow("JWT_SECRET");
  });

  test("32 bytes is accepted; the limit counts bytes, not characters", () => {
    expect(parseEnv({ JWT_SECRET: SECRET_32 }).jwtSecret).toBe(SECRET_32);
    const sixteenTwoByteChars = "é".repeat(16); // 16 characters, 32 bytes
    expect(parseEnv({ JWT_SECRET: sixteenTwoByteChars }).jwtSecret).toBe(sixteenTwoByteChars);
    expect(() => parseEnv({ JWT_SECRET: "é".repeat(15) + "a" })).toThrow("JWT_SECRET");
  });
});

describe("DEFAULT_TIME_ZONE (issue 52)", () => {
  test("India's zone unless set; any real IANA zone; anything else refused at start", () => {
    expect(parseEnv({}).defaultTimeZone).toBe("Asia/Kolkata");
    expect(parseEnv({ DEFAULT_TIME_ZONE: "Europe/Paris" }).defaultTimeZone).toBe("Europe/Paris");
    expect(parseEnv({ DEFAULT_TIME_ZONE: "UTC" }).defaultTimeZone).toBe("UTC");
    for (const value of ["Mars/Olympus", "IST", "+05:30"]) expect(() => parseEnv({ DEFAULT_TIME_ZONE: value })).toThrow("DEFAULT_TIME_ZONE must be an IANA time zone");
  });
});
