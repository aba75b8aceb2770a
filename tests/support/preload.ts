// bun test preload: pages render with the built client's manifest, so build it once if missing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { buildClient } from "../../src/build/client-build";

if (!existsSync(join(import.meta.dir, "..", "..", "static", "build", "manifest.json"))) await buildClient();
