/**
 * Field rules shared by the server's validation and the islands' inline messages.
 * One place for every length, list and allowed value of the product.
 */

/** The 16 specializations a doctor can practise, in the order the dashboard shows them. */
export const SPECIALIZATIONS = [
  "Cardiologist",
  "Neurologist",
  "Dermatologist",
  "Pediatrician",
  "Orthopedic Surgeon",
  "Psychiatrist",
  "Oncologist",
  "Endocrinologist",
  "Gynecologist",
  "Gastroenterologist",
  "Nephrologist",
  "Pulmonologist",
  "Ophthalmologist",
  "ENT Specialist",
  "Urologist",
  "General Physician",
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const ROLES = ["patient", "doctor", "admin"] as const;
export type Role = (typeof ROLES)[number];
/** Each role's home page once signed in. */
export const DASHBOARD: Readonly<Record<Role, string>> = { patient: "/patient-dashboard", doctor: "/doctor-dashboard", admin: "/admin-dashboard" };
/** The admin's account page (password, devices, two-factor sign-in): the admin has no profile page. */
export const ADMIN_ACCOUNT = "/admin-dashboard/account";

export const DOCTOR_STATUSES = ["pending", "approved", "rejected", "blocked"] as const;
export type DoctorStatus = (typeof DOCTOR_STATUSES)[number];

/** Inclusive length limits, in characters, of every free-text field. */
export const LIMITS = {
  name: { min: 1, max: 100 },
  email: { min: 3, max: 254 },
  password: { min: 8, max: 128 },
  collegeName: { min: 1, max: 200 },
  bookingReason: { min: 1, max: 1000 },
  cancelReason: { min: 1, max: 500 },
  feedback: { min: 1, max: 2000 },
} as const;

/** Profile pictures: what the upload form offers (the server checks the content: src/storage/images.ts). */
export const IMAGE_ACCEPT = ".jpeg,.jpg,.png,image/jpeg,image/png";
/** What the form and the server say of a file that is not a JPEG or PNG picture. */
export const IMAGE_TYPE_MESSAGE = "Profile picture must be a JPEG or PNG image";

export function isSpecialization(value: string): value is Specialization {
  return (SPECIALIZATIONS as readonly string[]).includes(value);
}

/** The 413 message for an upload over `maxBytes`. */
export function uploadTooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return `Profile picture must be at most ${Number.isInteger(mb) ? `${mb} MB` : `${Math.floor(maxBytes / 1024)} KB`}`;
}
