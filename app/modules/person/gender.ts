// The genders an attendee can give, and how every screen names them. No imports:
// the registration form, the attendee filters and the dashboard charts all ship this
// to the browser. The database's check constraint (app/db/schema.ts) lists the same values.

export const GENDERS = ["male", "female", "other"] as const;
export type Gender = (typeof GENDERS)[number];

export const GENDER_LABELS: Record<Gender, string> = { male: "Male", female: "Female", other: "Other" };
