import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// What lets Meta's webhook calls in. Each POST carries X-Hub-Signature-256: "sha256=" and the hex
// HMAC-SHA256 of the body with the Meta app's secret (WHATSAPP_APP_SECRET). It is computed over
// the exact bytes Meta sent (which escape non-ASCII as \uXXXX): the route must hand over the raw
// body, never JSON parsed and written again. The GET Meta sends once, when the URL is registered,
// echoes the verify token typed into the app's settings (WHATSAPP_VERIFY_TOKEN) and expects the
// challenge back. Both compare in constant time.

/**
 * Whether `header` (X-Hub-Signature-256) is the HMAC-SHA256 of `rawBody` with `appSecret`. False
 * for a missing or malformed header, or an empty secret.
 */
export function verifyWhatsAppSignature(rawBody: string | Buffer, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || typeof header !== "string") return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], "hex");
  const bytes = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  const expected = createHmac("sha256", appSecret).update(bytes).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The challenge to answer Meta's verification GET with (hub.mode=subscribe, hub.verify_token,
 * hub.challenge), or null when the token is not ours or the request is not one. The challenge
 * is echoed into the answer, so only a short plain token passes (Meta sends digits).
 */
export function verifyChallenge(query: URLSearchParams, verifyToken: string): string | null {
  if (query.get("hub.mode") !== "subscribe") return null;
  const token = query.get("hub.verify_token");
  if (!verifyToken || token === null || !sameSecret(token, verifyToken)) return null;
  const challenge = query.get("hub.challenge") ?? "";
  return /^[A-Za-z0-9_.-]{1,200}$/.test(challenge) ? challenge : null;
}

/** Constant time whatever the lengths: both are hashed first, so neither the content nor the length leaks. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b) && given === expected;
}
