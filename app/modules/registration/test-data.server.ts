import type { RegistrationInput } from "./schema";

// Test helpers of this module (not app code).

let n = 0;

/** A valid registration form, as the schema outputs it, with a fresh name and address unless given. */
export function registrationInput(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  n++;
  return {
    fullName: `Registrant ${n}`,
    email: `registrant-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: "0803 123 4567",
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
