/** Every island, by the name its file has in islands/ (the server and the client entry both check this list). */
export const ISLAND_NAMES = [
  "ThemeToggle",
  "AuthForm",
  "SpecializationSearch",
  "BookingForm",
  "SlotPicker",
  "PatientMeetings",
  "PendingAppointments",
  "DoctorMeetings",
  "ProfileForm",
  "AdminTable",
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * The localStorage key under which the client notes which islands' code this browser has fetched,
 * for which build ("<client entry URL>|Name,Name"): the page's loader hydrates those at idle.
 */
export const ISLANDS_CACHED_KEY = "carebook:islands";
