/**
 * The entry point. React and the other libraries choose their production builds from NODE_ENV
 * when they load, so it is set (unless given) before the server module and its imports load.
 * `carebook NAME …` runs the subcommand NAME (./cli/commands.ts) instead of the server.
 */
process.env.NODE_ENV ??= "production";
const { COMMANDS } = await import("./cli/commands");
const command = process.argv[2];
await (command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command]!() : import("./server"));
export {};
