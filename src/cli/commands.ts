/**
 * The binary's subcommands: `carebook <name> [flags]` runs one of these instead of the server.
 * Each module does its work when imported and reads its flags with commandArgs (./args.ts).
 */
export const COMMANDS: Record<string, () => Promise<unknown>> = {
  "admin:create": () => import("./admin-create"),
  demo: () => import("./demo"),
  backup: () => import("./backup"),
  restore: () => import("./restore"),
  "stats:rebuild": () => import("./stats-rebuild"),
};

/** The command `argv` names (its first argument), if any; never an inherited property such as `toString`. */
export function commandOf(argv: string[]): (() => Promise<unknown>) | undefined {
  const name = argv[2];
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}
