import { isUuid } from "~/db/uuid";

// Who the door is, kept on the phone (localStorage): the name its staff gave it, and the device's
// own id. Read by the door's pages and by the runtime that answers offline.

export const DOOR_NAME_KEY = "summit-door-name";
const DOOR_DEVICE_KEY = "summit-door-device";
/** The device's id as the door's page requests carry it (door-devices.server.ts reads it). */
export const DEVICE_COOKIE = "summit-door-device";

export function doorName(): string {
  try {
    return localStorage.getItem(DOOR_NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

/**
 * This phone's own id, made once and kept: a door is its device as well as its name (two phones
 * may be given one name). Sent with the list's download, each check-in and each sync; the server
 * takes no time earlier than this device's last download (door-sync.server.ts).
 */
export function doorDevice(): string {
  let device: string;
  try {
    const kept = localStorage.getItem(DOOR_DEVICE_KEY);
    device = kept && isUuid(kept) ? kept : crypto.randomUUID();
    if (device !== kept) localStorage.setItem(DOOR_DEVICE_KEY, device);
  } catch {
    // No storage (a private window): an id for this page; its syncs may claim no time before now.
    fallbackDevice ??= crypto.randomUUID();
    device = fallbackDevice;
  }
  // Also in a cookie, for the door's pages: the seats for walk-ins this phone holds are its own
  // (checkin/door-devices.server.ts, doorDeviceCookie). Not a credential: the session is.
  if (cookieSet !== device && typeof document !== "undefined") {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older Android browsers at the door
    document.cookie = `${DEVICE_COOKIE}=${device}; Path=/admin; SameSite=Strict; Max-Age=31536000`;
    cookieSet = device;
  }
  return device;
}
let fallbackDevice: string | undefined;
let cookieSet: string | undefined;
