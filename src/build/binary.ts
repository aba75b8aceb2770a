/**
 * `bun run build [--target bun-linux-arm64] [--outfile dist/carebook]`: one executable that
 * holds the server, every page, the island bundles, the static files and the migrations.
 *
 * 1. The browser bundles: `bun run build:client` when package.json has that script (it writes
 *    static/build/).
 * 2. `bun build --compile` of src/index.ts and the picture worker, with static/ and drizzle/ embedded as directory
 *    assets (src/config/assets.ts finds them under the binary's own root), and the native libSQL and
 *    argon2 modules made literal requires for the target (./native-modules.ts).
 *
 * Whatever is in static/ and drizzle/ at build time is embedded; nothing here names a page.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { hostTarget, nativeModules, platformOf } from "./native-modules";

const ROOT = resolve(import.meta.dir, "..", "..");
/** Folders below the repository root embedded as they are; assets.ts reads them. */
const EMBEDDED = ["drizzle", "static"];
/** Worker entry points below src/, compiled into the binary beside the server. */
const WORKERS = ["storage/picture-worker.ts"];

export type BuildOptions = { outfile?: string; target?: string; skipClient?: boolean };

/** Builds the executable and returns its path. */
export async function buildBinary(options: BuildOptions = {}): Promise<string> {
  const outfile = resolve(ROOT, options.outfile ?? join("dist", "carebook"));
  const platform = options.target ? platformOf(options.target) : hostTarget();

  const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
  if (!options.skipClient && scripts["build:client"]) {
    const client = Bun.spawnSync(["bun", "run", "build:client"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
    if (client.exitCode !== 0) throw new Error("bun run build:client failed");
  }

  // The asset paths are relative to the working directory: run the compile from the root.
  const previous = process.cwd();
  process.chdir(ROOT);
  try {
    const result = await Bun.build({
      // Each worker is an entry point of its own (Bun's docs: a Worker in a standalone
      // executable); src/storage/picture-pool.ts starts it by its path below src/.
      entrypoints: [join(ROOT, "src", "index.ts"), ...WORKERS.map((file) => join(ROOT, "src", file))],
      compile: {
        outfile,
        ...(options.target ? { target: options.target as Bun.Build.CompileTarget } : {}),
        assets: EMBEDDED.filter((dir) => existsSync(join(ROOT, dir))).map((dir) => `./${dir}`),
        // The binary reads its settings from the environment (and .env), never a bunfig.toml
        // or tsconfig.json that happens to lie in the folder it is started from.
        autoloadBunfig: false,
        autoloadTsconfig: false,
        autoloadPackageJson: false,
      },
      minify: true,
      sourcemap: "linked",
      // The binary is always production: drop React's development builds from it.
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: [nativeModules(platform, ROOT)],
    });
    if (!result.success) throw new AggregateError(result.logs, "bun build --compile failed");
  } finally {
    process.chdir(previous);
  }
  return outfile;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Bun.argv.slice(2),
    options: { outfile: { type: "string" }, target: { type: "string" }, "skip-client": { type: "boolean" } },
  });
  const started = performance.now();
  const outfile = await buildBinary({ outfile: values.outfile, target: values.target, skipClient: values["skip-client"] });
  const mb = (statSync(outfile).size / 1024 / 1024).toFixed(1);
  console.log(`Built ${relative(process.cwd(), outfile)} (${mb} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log("Copy it anywhere and run it: it creates data/ and uploads/ in the folder it is started from.");
}
