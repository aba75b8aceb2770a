/**
 * Builds the browser assets into static/build: the islands' client entry and one chunk per
 * island (Bun.build, split, minified, hashed), React in shared chunks of its own, the
 * stylesheet, the favicon under a hashed name, brotli and gzip copies of each, and
 * manifest.json for the server to read.
 * `bun run build:client`; start, the tests and the binary build run it first.
 *
 * Issue 51: two builds at once in one folder (two `bun run start`) must both succeed and never
 * leave static/build half made for the other. Each build writes into a folder of its own beside
 * it, then moves each file in by a rename (atomic, one file system), the manifest last; files of
 * an older build that this one does not have are removed after. The names are content hashes, so
 * two builds of the same sources write the same files.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { ISLAND_NAMES, type IslandName } from "../../islands/names";
import { islandMessagesJson, LANGS } from "../i18n/catalog";
import type { Lang } from "../domain/i18n";

export type ClientManifest = {
  /** The client entry, and what it imports statically (preloaded with it). */
  client: { file: string; imports: string[] };
  /** Each island's chunk and its static imports. */
  islands: Record<string, { file: string; imports: string[] }>;
  css: string;
  /** The SHA-256 (base64) of the stylesheet's text: pages inline it, and the CSP allows it by this hash. */
  cssHash: string;
  /** static/favicon.svg under a hashed name, so that browsers never ask for it again. */
  favicon: string;
  /**
   * Each island's messages per language (src/i18n/catalog.ts, islandMessagesJson) as a hashed
   * JSON file: a page's props name it, and the client entry fetches it with the island's code
   * (issue 29: a kilobyte of brotli a page that only a live island reads).
   */
  messages: Record<IslandName, Record<Lang, string>>;
};

const ROOT = join(import.meta.dir, "..", "..");
const OUT = join(ROOT, "static", "build");
const URL_PREFIX = "/static/build/";

/** Where the running build writes (its own folder), before its files move into static/build. */
let dir = OUT;

/** Builds everything into static/build and returns the manifest. */
export async function buildClient(): Promise<ClientManifest> {
  mkdirSync(OUT, { recursive: true });
  dir = join(ROOT, "static", `.build-${process.pid}-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  try {
    const manifest = await buildInto();
    const files = readdirSync(dir);
    for (const file of files) renameSync(join(dir, file), join(OUT, file));
    // The manifest's file is in place last: a reader never finds it naming a file not there yet.
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2));
    renameSync(join(dir, "manifest.json"), join(OUT, "manifest.json"));
    // An older build's files (other hashes) go; another build of the same sources wrote the same names.
    const kept = new Set([...files, "manifest.json"]);
    for (const file of readdirSync(OUT)) if (!kept.has(file)) rmSync(join(OUT, file), { force: true });
    return manifest;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    dir = OUT;
  }
}

async function buildInto(): Promise<ClientManifest> {
  const islandEntries = ISLAND_NAMES.map((name) => join(ROOT, "islands", `${name}.tsx`));
  const result = await Bun.build({
    entrypoints: [join(ROOT, "islands", "client.tsx"), join(ROOT, "islands", "vendor.ts"), ...islandEntries, join(ROOT, "static", "app.css")],
    outdir: dir,
    root: ROOT,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
  });
  if (!result.success) throw new AggregateError(result.logs, "client build failed");
  const outputs = result.metafile!.outputs;

  // metafile output paths are relative to the working directory; key them by file name.
  const byEntry = new Map<string, { file: string; imports: string[] }>();
  const importsOf = new Map<string, string[]>();
  for (const [path, output] of Object.entries(outputs)) {
    const file = basename(path);
    importsOf.set(file, output.imports.filter((i) => i.kind === "import-statement").map((i) => basename(i.path)));
    if (output.entryPoint) byEntry.set(relative(ROOT, join(process.cwd(), output.entryPoint)), { file, imports: [] });
  }
  // Every chunk a file needs before it can run, in load order.
  const closure = (file: string, seen = new Set<string>()): string[] => {
    for (const dep of importsOf.get(file) ?? []) {
      if (!seen.has(dep)) {
        seen.add(dep);
        closure(dep, seen);
      }
    }
    return [...seen];
  };
  const entry = (path: string) => {
    const found = byEntry.get(path);
    if (!found) throw new Error(`client build: no output for ${path}`);
    return { file: URL_PREFIX + found.file, imports: closure(found.file).map((f) => URL_PREFIX + f) };
  };

  const manifest: ClientManifest = {
    client: entry("islands/client.tsx"),
    islands: Object.fromEntries(ISLAND_NAMES.map((name) => [name, entry(`islands/${name}.tsx`)])),
    css: entry("static/app.css").file,
    cssHash: cssHashOf(entry("static/app.css").file),
    favicon: URL_PREFIX + copyHashed(join(ROOT, "static", "favicon.svg")),
    messages: Object.fromEntries(
      ISLAND_NAMES.map((name) => [name, Object.fromEntries(LANGS.map((lang) => [lang, URL_PREFIX + writeHashed(`messages-${name}-${lang}.json`, islandMessagesJson(name, lang))]))]),
    ) as ClientManifest["messages"],
  };
  for (const file of readdirSync(dir)) precompress(join(dir, file));
  return manifest;
}

/** The SHA-256 (base64) of a built stylesheet's text, exactly as src/render/inline-css.ts inlines it. */
function cssHashOf(url: string): string {
  return new Bun.CryptoHasher("sha256").update(readFileSync(join(dir, basename(url)), "utf8")).digest("base64");
}

/** Copies `path` into static/build as name-<hash>.ext and returns the new file name. */
function copyHashed(path: string): string {
  return writeHashed(basename(path), readFileSync(path));
}

/** Writes `bytes` into static/build as `name` with a hash of them before its extension; returns the file name. */
function writeHashed(name: string, bytes: Uint8Array | string): string {
  const hash = new Bun.CryptoHasher("sha256").update(bytes).digest("hex").slice(0, 10);
  const hashed = name.replace(/(\.[^.]+)$/, `-${hash}$1`);
  writeFileSync(join(dir, hashed), bytes);
  return hashed;
}

function precompress(path: string): void {
  const bytes = readFileSync(path);
  if (bytes.length < 256) return; // too small to gain from compression
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
}

if (import.meta.main) {
  const manifest = await buildClient();
  console.log(`Built ${Object.keys(manifest.islands).length} islands into static/build.`);
}
