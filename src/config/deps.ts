import type { TokenKeys } from "../auth/tokens";
import type { Database } from "../db/client";
import type { Config } from "./env";
import type { ImageStorage } from "../storage/names";
import type { Observe } from "../observe/observe";

/** Everything a request handler needs, built once by index.ts (or by a test) and passed to createApp. */
export type Deps = {
  config: Config;
  database: Database;
  keys: TokenKeys;
  storage: ImageStorage;
  /** The clock; tests use the real one and steer time through CONSULT_MINUTES. */
  now: () => Date;
  /** The logger, metrics and readiness checks (src/observe). */
  observe: Observe;
  /** The consent notice in force; CONSENT_VERSION (src/domain/consent.ts) unless a test gives another (issue 44). */
  consentVersion?: string;
};
