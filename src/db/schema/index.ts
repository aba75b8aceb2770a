export * from "./accounts";
export * from "./appointments";
export * from "./throttle";
export * from "./audit";
export * from "./directory";
export * from "./calendar";
export * from "./mail";
export * from "./sessions";
