import { timingSafeEqual } from "node:crypto";
import ipaddr from "ipaddr.js";

// The gateway's callbacks (USSD menus, delivery reports) reach public URLs: what lets them in
// is the secret token in the URL (AFRICASTALKING_CALLBACK_TOKEN), compared in constant time,
// and, when AFRICASTALKING_ALLOWED_IPS is set, the request coming from one of the gateway's
// addresses (read through TRUST_PROXY behind a proxy, as every client address is).

/** Whether `given` is the configured token; false when none is configured (the callbacks are off). */
export function callbackTokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!expected || typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `ip` is in the allow-list (addresses and CIDR ranges); every address when the list is empty. */
export function addressAllowed(ip: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is the IPv4 address.
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    try {
      const range = entry.includes("/") ? ipaddr.parseCIDR(entry) : ([ipaddr.process(entry), entry.includes(":") ? 128 : 32] as const);
      const [base, bits] = range;
      return address.kind() === base.kind() && address.match([base, bits] as [typeof address, number]);
    } catch {
      return false;
    }
  });
}
