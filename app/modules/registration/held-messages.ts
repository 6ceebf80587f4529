// What confirming a held registration can answer: shown by the confirmation page too, so
// apart from the server-only logic (held.server.ts).
export const HELD_MESSAGES = {
  gone: "held.gone",
  wrongCode: "held.wrongCode",
  tooManyCodes: "held.tooManyCodes",
} as const;
