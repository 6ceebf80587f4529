// Reading a door code (the QR code on a ticket) without the server: the door's page does it
// offline, the server before it checks the signature (ticket-token.server.ts signs and checks).

/** The code's parts: the ticket ID it names, and which key signed it how. */
export type DoorCodeParts = { ticketId: string; keyId: string; signature: string; kind: "ed25519" | "hmac" };

// Generated IDs are ZYS-<base36>-<6 base36>; any upper-case ID with hyphens is accepted
// so tickets issued in another format still verify. The signature is the real check.
export const TICKET_ID_CHARS = /^[0-9A-Z][0-9A-Z-]{0,63}$/;
const ED25519 = /^([1-9a-z])([A-Za-z0-9_-]{86})$/;
const HMAC = /^([1-9a-z]?)([A-Za-z0-9_-]{22})$/;

/** What an Ed25519 door code signs: the ticket ID, named as a door code (no other token signs this). */
export function doorMessage(ticketId: string): string {
  return `door:${ticketId}`;
}

/**
 * The code in what a scanner read: the code itself, or a ticket page URL (…/tickets/<code>),
 * as the first tickets' QR codes and phone camera apps give it.
 */
export function extractDoorCode(scanned: string): string {
  const text = scanned.trim();
  const match = /\/tickets\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  if (!match?.[1]) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The parts of a door code, or null when it cannot be one. Says nothing of whether it is genuine. */
export function parseDoorCode(code: string): DoorCodeParts | null {
  if (typeof code !== "string") return null;
  const dot = code.lastIndexOf(".");
  const ticketId = code.slice(0, dot);
  if (dot < 1 || !TICKET_ID_CHARS.test(ticketId)) return null;
  const signed = code.slice(dot + 1);
  const ed = ED25519.exec(signed);
  if (ed?.[1] && ed[2]) return { ticketId, keyId: ed[1], signature: ed[2], kind: "ed25519" };
  const hmac = HMAC.exec(signed);
  return hmac?.[2] ? { ticketId, keyId: hmac[1] ?? "", signature: hmac[2], kind: "hmac" } : null;
}
