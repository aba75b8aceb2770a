/**
 * The entry point. React and the other libraries choose their production builds from NODE_ENV
 * when they load, so it is set (unless given) before the server module and its imports load.
 * `carebook <command>` (src/cli/commands.ts) runs that command instead of the server.
 */
process.env.NODE_ENV ??= "production";
const { commandOf } = await import("./cli/commands");
const command = commandOf(process.argv);
await (command ? command() : import("./server"));
export {};
