import { doorMessage, parseDoorCode } from "~/modules/tickets/door-code";

// Checking a door code's Ed25519 signature in the browser, offline: with WebCrypto where the
// browser has Ed25519 (Chrome 137+, Firefox 129+, Safari 17+), natively and fast; otherwise with
// @noble/ed25519 (audited, pure JavaScript, about 3 KB compressed), fetched only by browsers that
// need it, while online (prepareSignatureChecks), so the door's first load stays small.

export type CodeCheck =
  | { kind: "genuine"; ticketId: string }
  | { kind: "forged" }
  /** An HMAC code (tickets sent before Ed25519): only the server can tell; offline it counts as its typed ID. */
  | { kind: "unchecked"; ticketId: string };

let webCryptoEd25519: Promise<boolean> | undefined;
const PROBE_KEY = new Uint8Array(32).fill(1);

function hasWebCryptoEd25519(): Promise<boolean> {
  webCryptoEd25519 ??= (async () => {
    try {
      await crypto.subtle.importKey("raw", PROBE_KEY, { name: "Ed25519" }, false, ["verify"]);
      return true;
    } catch {
      return false;
    }
  })();
  return webCryptoEd25519;
}

let noble: Promise<typeof import("@noble/ed25519")> | undefined;

function loadNoble() {
  noble ??= import("@noble/ed25519");
  return noble;
}

/** Made ready while online: a browser without WebCrypto's Ed25519 fetches its fallback now. */
export async function prepareSignatureChecks(): Promise<void> {
  if (!(await hasWebCryptoEd25519())) await loadNoble();
}

function base64url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

async function verifySignature(signature: Uint8Array, message: Uint8Array, publicKeyText: string): Promise<boolean> {
  try {
    // Decoded in here: a key the device holds that is not base64 (a damaged copy) checks nothing
    // rather than throwing out of the door's answer.
    const publicKey = base64url(publicKeyText);
    if (await hasWebCryptoEd25519()) {
      const key = await crypto.subtle.importKey("raw", publicKey as BufferSource, { name: "Ed25519" }, false, ["verify"]);
      return await crypto.subtle.verify("Ed25519", key, signature as BufferSource, message as BufferSource);
    }
    return await (await loadNoble()).verifyAsync(signature, message, publicKey);
  } catch {
    return false;
  }
}

/** Is this code a genuine ticket's, by the keys the door holds? */
export async function checkDoorCode(code: string, keys: readonly { id: string; publicKey: string }[]): Promise<CodeCheck> {
  const parts = parseDoorCode(code);
  if (!parts) return { kind: "forged" };
  if (parts.kind === "hmac") return { kind: "unchecked", ticketId: parts.ticketId };
  const key = keys.find((k) => k.id === parts.keyId);
  if (!key) return { kind: "forged" };
  const signature = base64url(parts.signature);
  // Stray trailing bits decode too: only the canonical spelling is genuine, as on the server.
  if (signature.length !== 64 || toBase64url(signature) !== parts.signature) return { kind: "forged" };
  const genuine = await verifySignature(signature, new TextEncoder().encode(doorMessage(parts.ticketId)), key.publicKey);
  return genuine ? { kind: "genuine", ticketId: parts.ticketId } : { kind: "forged" };
}
