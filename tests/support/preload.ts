// bun test preload: pages render with the built client's manifest, so build it once if missing;
// and passwords hash with argon2's least work in this process (src/auth/passwords.ts says why;
// a test wanting the production cost, such as a timing comparison, calls useTestHashing(false)).
import { ensureClientBuild } from "../../bench/server";
import { useTestHashing } from "../../src/auth/passwords";

useTestHashing();
ensureClientBuild();
