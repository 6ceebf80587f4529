// The key purposes and the KEY_GENERATIONS setting, apart from the keys themselves so the
// configuration can check the setting without importing what reads the configuration.

export const KEY_PURPOSES = [
  "door",
  "self-service",
  "waitlist",
  "form-stamp",
  "held",
  "session",
  "two-factor",
  "invitation",
  "certificate",
  "feedback",
  // "Save ticket" in the registration's answer: a short-lived link to the ticket's image, nothing else.
  "saved-ticket",
  // The admin sign-in's remembered device (auth/known-device.server.ts): rotating it forgets every device.
  "device",
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

/** Per purpose: the generation that signs, then the older ones still accepted. */
export type KeyGenerations = Partial<Record<KeyPurpose, readonly number[]>>;

export const MAX_GENERATION = 35;

/**
 * "self-service=2+1,door=1": purpose=current generation, then the older ones still accepted.
 * Throws with a sentence for anything else.
 */
export function parseKeyGenerations(text: string): KeyGenerations {
  const result: KeyGenerations = {};
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+)=(\d+(?:\+\d+)*)$/.exec(part);
    const purpose = match?.[1] as KeyPurpose | undefined;
    if (!match?.[2] || !purpose || !KEY_PURPOSES.includes(purpose)) {
      throw new Error(`expected purpose=generation[+older…] with a purpose among ${KEY_PURPOSES.join(", ")}`);
    }
    const list = match[2].split("+").map(Number);
    if (list.some((g) => g < 1 || g > MAX_GENERATION)) throw new Error(`expected generations from 1 to ${MAX_GENERATION}`);
    result[purpose] = list;
  }
  return result;
}
