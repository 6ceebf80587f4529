// What confirming a held registration can answer: shown by the confirmation page too, so
// apart from the server-only logic (held.server.ts).
export const HELD_MESSAGES = {
  gone: "This confirmation has expired or was already used. Please register again.",
  wrongCode: "That code is not right. Please check the e-mail and try again.",
  tooManyCodes: "Too many wrong codes. Please use the link in the e-mail to confirm your seat.",
} as const;
