// The hidden field that carries a solved proof-of-work challenge (proof-of-work.server.ts),
// shared by the page and its script.
export const PROOF_FIELD = "proof";
