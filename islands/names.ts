/** Every island, by the name its file has in islands/ (the server and the client entry both check this list). */
export const ISLAND_NAMES = [
  "ThemeToggle",
  "AuthForm",
  "LogoutButton",
  "SpecializationSearch",
  "BookingForm",
  "PatientMeetings",
  "PendingAppointments",
  "DoctorMeetings",
  "ProfileForm",
  "AdminTable",
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];
