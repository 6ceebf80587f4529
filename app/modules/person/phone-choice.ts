/**
 * The answers to "This phone number is already registered": submit buttons of the registration
 * form (phone-question.tsx), read by the server's action. Client-safe.
 */
export const PHONE_CHOICE = { name: "phoneChoice", resend: "resend", someoneElse: "someone-else" } as const;
