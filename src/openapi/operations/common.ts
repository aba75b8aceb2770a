/** The paths every resource's operations start from. */
export const AUTH = "/api/auth";
export const PATIENT = `${AUTH}/patient-dashboard`;
export const DOCTOR = `${AUTH}/doctor-dashboard`;
