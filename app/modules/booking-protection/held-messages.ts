// What confirming a held registration can answer: shown by the confirmation page too, so
// apart from the server-only logic (held.server.ts).
export const HELD_MESSAGES = {
  gone: "heldForm.gone",
  wrongCode: "heldForm.wrongCode",
  tooManyCodes: "heldForm.tooManyCodes",
  networkCodes: "heldForm.networkCodes",
} as const;
