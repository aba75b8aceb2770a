/**
 * Zod schemas for every API input and every page's form, one module per resource, built from the
 * field rules of src/domain (the shared ones, such as trimmed text, emails, ids and ISO
 * date-times, in ./common.ts). Messages name the field so that a 400 tells the caller what to fix.
 * Importers keep `from ".../http/schemas"`: this index gathers the modules. A new resource's
 * schemas go in a module of their own, named as its route file in src/routes/api/, exported here.
 */
export { text, emailField, meetingIdParam } from "./common";
export * from "./auth";
export * from "./account-data";
export * from "./appointments";
export * from "./waitlist";
export * from "./hours";
export * from "./reviews";
export * from "./admin";
export * from "./profile";
export * from "./account-settings";
export * from "./account-security";
export * from "./two-factor";
export * from "./family";
export * from "./directory";
export * from "./records";
export * from "./stats";
export * from "./places";
export * from "./day";
export * from "./phone";
export * from "./documents";
