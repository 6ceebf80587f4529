import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { isUuid } from "~/db/uuid";
import type { Keyring } from "~/keys.server";
import { deviceCookie, deviceCookieName, isSecureRequest, readCookie } from "./session-policy";

// The remembered device of the admin sign-in: a random id, signed with the "device" key, set
// in a cookie when a sign-in finishes. A later sign-in from that browser is recognised by the
// id (a successful attempt recorded with it), whatever network the phone is on now: a door
// phone on mobile data changes address often. Signed so a guesser cannot make ids up by the
// thousand to look for one the server knows; an id names no account, so one phone signing in
// to two accounts keeps one cookie.

function sign(id: string, key: Buffer): string {
  return createHmac("sha256", key).update(`device:${id}`).digest("base64url").slice(0, 32);
}

/** The device id this browser's cookie holds, if its signature is ours (any accepted generation); else null. */
export function knownDeviceId(request: Request, keyring: Keyring): string | null {
  const value = readCookie(request.headers.get("Cookie"), deviceCookieName(isSecureRequest(request)));
  const [generation, id, signature] = value?.split(".") ?? [];
  if (!generation || !id || !signature || !isUuid(id)) return null;
  const key = keyring.byId("device", generation);
  if (!key) return null;
  const expected = Buffer.from(sign(id, key));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id.toLowerCase() : null;
}

/** The id a finished sign-in records: the browser's own if it has a valid one, else a new one. */
export function deviceIdFor(request: Request, keyring: Keyring): string {
  return knownDeviceId(request, keyring) ?? randomUUID();
}

/** Set-Cookie remembering this device (again: each sign-in renews the cookie's time). */
export function rememberDevice(request: Request, deviceId: string, keyring: Keyring): string {
  const { id: generation, key } = keyring.current("device");
  return deviceCookie(`${generation}.${deviceId}.${sign(deviceId, key)}`, { secure: isSecureRequest(request) });
}
