/**
 * The binary's subcommands: `carebook NAME ...` runs the module named here instead of the
 * server (src/index.ts). Each module reads its own arguments with ./args.ts.
 */
export const COMMANDS: Record<string, () => Promise<unknown>> = {
  backup: () => import("./backup"),
  restore: () => import("./restore"),
};
