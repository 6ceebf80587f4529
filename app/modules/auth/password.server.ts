import { type Algorithm, hash, verify } from "@node-rs/argon2";

export const MIN_PASSWORD_LENGTH = 12;

// argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): ~25 ms per hash
// here, cheap for an admin sign-in and costly for anyone guessing offline.
// `Algorithm` is an ambient const enum, which isolatedModules forbids reading: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A hash of a random, forgotten password with HASH_OPTIONS. Verifying against it
 * when an e-mail is unknown costs what a real check costs, so response times do
 * not reveal which e-mails are admin accounts. A constant avoids a first-call hash.
 */
export const DUMMY_PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$HKH+uNBVHIeSNjvv3qs05g$7jmgRpWA3mEdlw+Kk2c1KuTUaoDVyTT/2s32klU+m04";

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** true when the password matches; false for a wrong password or an unreadable hash (never throws for those). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
