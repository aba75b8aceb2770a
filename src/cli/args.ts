/**
 * A command's own arguments. `bun src/cli/backup.ts X` (`bun run backup X`) gives argv
 * [bun, …/backup.ts, X]; `bun src/index.ts backup X` and the compiled binary `carebook backup X`
 * both give [bun or "bun", …/index.ts or /$bunfs/root/carebook, "backup", X]. So the arguments
 * start after the script, and after the command's name when src/index.ts dispatched it.
 */
/** The arguments after the script (run directly) or after the command name (dispatched by src/index.ts). */
export function commandArgs(isMain: boolean): string[] {
  return Bun.argv.slice(isMain ? 2 : 3);
}
