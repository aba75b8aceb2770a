/**
 * A bundler plugin that makes the two native modules loadable inside `bun build --compile`.
 *
 * The bundler embeds a `.node` file only when it sees `require()` of a literal path to it. The
 * libsql package picks its binary at run time by a computed name (`@libsql/${target}`), which
 * the bundler cannot follow, and @node-rs/argon2 tries a dozen platform packages in turn (most
 * of which are not installed). So, for the target being built, this plugin rewrites each
 * loader to one literal `require()` of the right installed `.node` file, which the bundler then
 * embeds; at run time the binary loads it from itself, with no node_modules anywhere.
 */
import type { BunPlugin } from "bun";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The npm packages that hold each native module's binary for one platform. */
export type NativePackages = { libsql: string; argon2: string };

/** Native packages by `bun build --compile` target (without the `bun-` prefix and CPU level). */
const PACKAGES: Record<string, NativePackages> = {
  "linux-x64": { libsql: "@libsql/linux-x64-gnu", argon2: "@node-rs/argon2-linux-x64-gnu" },
  "linux-x64-musl": { libsql: "@libsql/linux-x64-musl", argon2: "@node-rs/argon2-linux-x64-musl" },
  "linux-arm64": { libsql: "@libsql/linux-arm64-gnu", argon2: "@node-rs/argon2-linux-arm64-gnu" },
  "linux-arm64-musl": { libsql: "@libsql/linux-arm64-musl", argon2: "@node-rs/argon2-linux-arm64-musl" },
  "darwin-x64": { libsql: "@libsql/darwin-x64", argon2: "@node-rs/argon2-darwin-x64" },
  "darwin-arm64": { libsql: "@libsql/darwin-arm64", argon2: "@node-rs/argon2-darwin-arm64" },
  "windows-x64": { libsql: "@libsql/win32-x64-msvc", argon2: "@node-rs/argon2-win32-x64-msvc" },
};

/** The platform this process runs on, named as a compile target (`linux-x64`, `linux-x64-musl`, ...). */
export function hostTarget(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const musl = process.platform === "linux" && !(process.report?.getReport() as { header?: { glibcVersionRuntime?: string } })?.header?.glibcVersionRuntime;
  return `${os}-${process.arch}${musl ? "-musl" : ""}`;
}

/** "bun-linux-x64-modern" → "linux-x64"; "bun-linux-arm64-musl" → "linux-arm64-musl". */
export function platformOf(target: string): string {
  return target.replace(/^bun-/, "").replace(/-(baseline|modern)(?=$|-)/, "");
}

/** The absolute path of a package's `.node` file (its `main`), found from `fromDir`. */
function nativeFile(pkg: string, fromDir: string): string {
  let manifest: string;
  try {
    manifest = Bun.resolveSync(`${pkg}/package.json`, fromDir);
  } catch {
    throw new Error(`${pkg} is not installed, so no binary can be built for this target (install it, e.g. with bun install --os/--cpu)`);
  }
  const main = (JSON.parse(readFileSync(manifest, "utf8")) as { main?: string }).main;
  const file = main && join(dirname(manifest), main);
  if (!file || !file.endsWith(".node") || !existsSync(file)) throw new Error(`${pkg} has no .node file at its main entry`);
  return file;
}

/** Replaces `pattern` in `source` once, or fails the build when a package update moved it. */
function patch(source: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(source)) throw new Error(`cannot patch ${what}: the loader changed; update src/build/native-modules.ts`);
  return source.replace(pattern, replacement);
}

/** The plugin for one target (a platform name such as "linux-x64"). */
export function nativeModules(platform: string, fromDir: string): BunPlugin {
  const packages = PACKAGES[platform];
  if (!packages) throw new Error(`no native packages known for target ${platform} (known: ${Object.keys(PACKAGES).join(", ")})`);
  const libsql = nativeFile(packages.libsql, dirname(Bun.resolveSync("libsql/package.json", fromDir)));
  const argon2 = nativeFile(packages.argon2, dirname(Bun.resolveSync("@node-rs/argon2/package.json", fromDir)));
  return {
    name: "carebook-native-modules",
    setup(build) {
      // libsql/index.js: `const { ...functions } = requireNative();` picks the binary by name.
      build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, ({ path }) => ({
        contents: patch(readFileSync(path, "utf8"), /\}\s*=\s*requireNative\(\);/, `} = require(${JSON.stringify(libsql)});`, "libsql"),
        loader: "js",
      }));
      // @node-rs/argon2/index.js tries every platform's package, then ends by exporting the
      // binding it found (`module.exports = nativeBinding` and one line per function): keep
      // that ending, with the binding required by its literal path.
      build.onLoad({ filter: /[\\/]node_modules[\\/]@node-rs[\\/]argon2[\\/]index\.js$/ }, ({ path }) => {
        const source = readFileSync(path, "utf8");
        const exportsAt = source.indexOf("module.exports = nativeBinding");
        if (exportsAt < 0) throw new Error("cannot patch @node-rs/argon2: the loader changed; update src/build/native-modules.ts");
        return { contents: `const nativeBinding = require(${JSON.stringify(argon2)});\n${source.slice(exportsAt)}`, loader: "js" };
      });
    },
  };
}
