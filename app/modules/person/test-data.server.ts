import type { RegistrationInput } from "./fields";

// Test helpers of this module (not app code).

let n = 0;

/** A valid registration form, as the schema outputs it, with a fresh name and address unless given. */
export function registrationInput(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  n++;
  return {
    fullName: `Registrant ${n}`,
    email: `registrant-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    // Unique: registrations per phone number are limited.
    phone: `0803 ${String(n).padStart(7, "0")}`,
    gender: "male",
    organization: "",
    position: "",
    state: "Zamfara",
    localGovernment: "Gusau",
    reason: "",
    consent: "on",
    ...overrides,
  };
}
