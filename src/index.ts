/**
 * The entry point. React and the other libraries choose their production builds from NODE_ENV
 * when they load, so it is set (unless given) before the server module and its imports load.
 */
process.env.NODE_ENV ??= "production";
await import("./server");
export {};
