import { createHmac, timingSafeEqual } from "node:crypto";

// What a provider's delivery report says about one message, read from its callback: which
// message (the provider's ID, answered when it was sent), whether it reached the phone, and if
// not, why, in words an organiser can act on. Pure reading: the routes check where a callback
// comes from (the token in the URL, the addresses, Termii's signature) and update the outbox.
// The phone number and the text the reports carry are never read into the result.

export type DeliveryReport = {
  providerId: string;
  outcome: "delivered" | "failed" | "pending";
  /** why it failed, short and organiser-readable, e.g. "Do not disturb (DND) is on for this number" */
  reason?: string;
};

const DND = "Do not disturb (DND) is on for this number";

/** Africa's Talking's failureReason values (its "SMS notifications" documentation), in an organiser's words. */
const AT_FAILURE_REASONS: Record<string, string> = {
  insufficientcredit: "The number has too little airtime for this premium service",
  invalidlinkid: "The network refused the message's link ID (premium SMS)",
  userisinactive: "The number is inactive or was deactivated by its network",
  userinblacklist: "The number has blocked messages from this sender",
  useraccountsuspended: "The number's account is suspended by its network",
  notnetworksubcriber: "The number does not belong to the network it was sent through",
  notnetworksubscriber: "The number does not belong to the network it was sent through",
  usernotsubscribedtoproduct: "The number is not subscribed to this service",
  userdoesnotexist: "The number does not exist",
  deliveryfailure: "The network could not deliver it",
  donotdisturbrejection: DND,
};

/** Final statuses that are not a delivery; Success is the delivery; anything else is on its way. */
const AT_FAILED_STATUSES: Record<string, string> = {
  rejected: "The network rejected it",
  failed: "The network could not deliver it",
  absentsubscriber: "The phone was off or out of coverage until the message expired",
  expired: "The message expired before the phone could be reached",
};

/**
 * An Africa's Talking delivery report (a form-encoded POST: id, status, phoneNumber,
 * networkCode, failureReason, retryCount), or null when it names no message or no status.
 * Statuses: Success is delivered; Rejected, Failed, AbsentSubscriber and Expired are final
 * failures; Sent, Submitted, Buffered and any status not known yet are pending.
 */
export function parseAfricasTalkingReport(form: URLSearchParams): DeliveryReport | null {
  const providerId = readId(form.get("id"));
  const status = (form.get("status") ?? "").trim();
  if (!providerId || !status) return null;
  const key = status.toLowerCase();
  if (key === "success") return { providerId, outcome: "delivered" };
  const failed = AT_FAILED_STATUSES[key];
  if (!failed) return { providerId, outcome: "pending" };
  const reasonCode = (form.get("failureReason") ?? "").trim();
  return { providerId, outcome: "failed", reason: reasonCode ? atFailureReason(reasonCode) : failed };
}

function atFailureReason(code: string): string {
  const known = AT_FAILURE_REASONS[code.toLowerCase()];
  if (known) return known;
  // A reason AT added since: shown as its code, letters only (it is not ours to trust).
  const words = code
    .replace(/[^A-Za-z ]/g, "")
    .slice(0, 40)
    .trim();
  return words ? `The network could not deliver it (${words})` : "The network could not deliver it";
}

/**
 * Whether `signature` (the X-Termii-Signature header) is the hex HMAC-SHA512 of the raw body
 * with the account's secret key, as Termii signs its events. Compared in constant time; a
 * missing or malformed header, or an empty secret, is false.
 */
export function verifyTermiiSignature(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!secret || !signature) return false;
  const given = signature.trim().toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  const expected = createHmac("sha512", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(Buffer.from(given, "hex"), expected);
}

/**
 * A Termii outbound-message event (JSON: type "outbound", message_id, status, receiver, …), or
 * null for another event or one without a message ID or status. Termii's statuses: "Delivered"
 * (older events: "DELIVERED | Message delivered to handset"), "DND Active on Phone Number",
 * "Message Failed", "Rejected", "Expired" are final; "Message Sent" and the rest are pending.
 */
export function parseTermiiReport(body: unknown): DeliveryReport | null {
  if (typeof body !== "object" || body === null) return null;
  const event = body as Record<string, unknown>;
  if (event.type !== undefined && String(event.type).toLowerCase() !== "outbound") return null;
  const rawId = typeof event.message_id === "number" ? String(event.message_id) : event.message_id;
  const providerId = readId(typeof rawId === "string" ? rawId : null);
  const status = typeof event.status === "string" ? event.status.trim() : "";
  if (!providerId || !status) return null;
  const key = (status.split("|")[0] ?? "").trim().toLowerCase();
  if (key === "delivered") return { providerId, outcome: "delivered" };
  if (key.includes("dnd")) return { providerId, outcome: "failed", reason: DND };
  if (key === "message failed" || key === "failed" || key === "undelivered")
    return { providerId, outcome: "failed", reason: "The network could not deliver it" };
  if (key === "rejected") return { providerId, outcome: "failed", reason: "The network rejected it" };
  if (key === "expired") return { providerId, outcome: "failed", reason: "The message expired before the phone could be reached" };
  return { providerId, outcome: "pending" };
}

/** A provider's message ID as we store it: one printable token, or null. */
function readId(value: string | null): string | null {
  const id = (value ?? "").trim();
  return /^[\w.:-]{1,200}$/.test(id) ? id : null;
}
