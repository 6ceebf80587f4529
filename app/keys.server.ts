import { hkdfSync } from "node:crypto";
import { getConfig } from "./config.server";
import type { KeyGenerations, KeyPurpose } from "./key-generations";

// One secret, many keys. Each purpose (a door code, a self-service link, a form stamp…) signs
// with its own key, derived from the secret with HKDF, so a signature made for one can never
// pass as another, and one purpose's key can be replaced without touching the others: a leaked
// self-service link is voided by moving "self-service" to its next generation, while every
// ticket already printed still opens the door. A token names its key by a one-character id
// (the generation, base 36), so the keys of a purpose's past generations that are still
// accepted can be told apart. docs/SECURITY.md says how to rotate.

export type PurposeKey = { id: string; key: Buffer };

export type Keyring = {
  /** The key that signs new tokens of this purpose. */
  current(purpose: KeyPurpose): PurposeKey;
  /** The key a token names, if that generation is still accepted for the purpose; null otherwise. */
  byId(purpose: KeyPurpose, id: string): Buffer | null;
};

// Fixed: changing it would change every key at once.
const SALT = "youth-summit keys";

export function deriveKey(secret: string, purpose: KeyPurpose, generation: number): Buffer {
  if (!secret) throw new Error("keys need a secret");
  return Buffer.from(hkdfSync("sha256", secret, SALT, `${purpose}:${generation}`, 32));
}

export function createKeyring(secret: string, generations: KeyGenerations = {}): Keyring {
  const cache = new Map<string, Buffer>();
  const key = (purpose: KeyPurpose, generation: number) => {
    const name = `${purpose}:${generation}`;
    let derived = cache.get(name);
    if (!derived) {
      derived = deriveKey(secret, purpose, generation);
      cache.set(name, derived);
    }
    return derived;
  };
  const accepted = (purpose: KeyPurpose) => generations[purpose] ?? [1];
  return {
    current(purpose) {
      const generation = accepted(purpose)[0] ?? 1;
      return { id: generation.toString(36), key: key(purpose, generation) };
    },
    byId(purpose, id) {
      if (!/^[1-9a-z]$/.test(id)) return null;
      const generation = Number.parseInt(id, 36);
      return accepted(purpose).includes(generation) ? key(purpose, generation) : null;
    },
  };
}

/** The running site's keys: from the secret and KEY_GENERATIONS. */
export function appKeyring(): Keyring {
  return keyringFor(getConfig().sessionSecret);
}

const rings = new Map<string, Keyring>();

/** The keys of a given secret under this site's KEY_GENERATIONS (tests pass their own secret). */
export function keyringFor(secret: string): Keyring {
  let ring = rings.get(secret);
  if (!ring) {
    ring = createKeyring(secret, getConfig().keyGenerations);
    rings.set(secret, ring);
  }
  return ring;
}
