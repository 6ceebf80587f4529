import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Keyring, PurposeKey } from "~/keys.server";

// The authenticator secret is the one thing that, copied out of a backup or a leaked database,
// would let someone make codes forever. It is stored encrypted with AES-256-GCM under the
// "two-factor" key (derived from the site secret, app/keys.server.ts), with the key's generation
// kept beside it so the key can be rotated (KEY_GENERATIONS) without locking anyone out. The
// account's id is bound in as associated data: a ciphertext copied onto another account's row
// does not decrypt.

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealedSecret = { keyId: string; sealed: string };

export function sealSecret(secret: Buffer, adminId: string, keyring: Keyring): SealedSecret {
  const { id, key }: PurposeKey = keyring.current("two-factor");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(adminId, "utf8"));
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return { keyId: id, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url") };
}

/** The secret, or null when the key generation is no longer accepted or the ciphertext is not ours. */
export function openSecret(stored: SealedSecret, adminId: string, keyring: Keyring): Buffer | null {
  const key = keyring.byId("two-factor", stored.keyId);
  if (!key) return null;
  const raw = Buffer.from(stored.sealed, "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(adminId, "utf8"));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
