/**
 * A command's own flags, whichever way it was started. argv is [runtime, script, ...rest] in all
 * three cases (checked with a real `bun build --compile`, where the script is /$bunfs/root/carebook):
 *   bun src/cli/admin-create.ts --email E      → rest = [--email, E]
 *   bun src/index.ts admin:create --email E    → rest = [admin:create, --email, E]
 *   carebook admin:create --email E            → rest = [admin:create, --email, E]
 */
export function commandArgs(name: string, argv: string[] = process.argv): string[] {
  const rest = argv.slice(2);
  return rest[0] === name ? rest.slice(1) : rest;
}
