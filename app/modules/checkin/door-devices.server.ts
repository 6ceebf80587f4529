import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { door_devices } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { DEVICE_COOKIE } from "./offline/door-identity";

// A door is its device as well as its name: the page makes a random id once and keeps it
// (door-runtime.ts), and sends it with every list download, check-in and sync. Names are what
// a volunteer types, so two phones may share one; the id tells them apart. The id is the
// phone's word, not a credential: it only ever limits what that phone's own syncs can claim.

/** The device id a request carries, lower-cased; null when missing or not a UUID. */
export function deviceOf(value: unknown): string | null {
  return typeof value === "string" && isUuid(value) ? value.toLowerCase() : null;
}

/** The door device a page request comes from: its id in the cookie the door's page sets (offline/door-identity.ts); null without. */
export function doorDeviceCookie(request: Request): string | null {
  const cookies = request.headers.get("Cookie") ?? "";
  const found = cookies.split(";").find((c) => c.trim().startsWith(`${DEVICE_COOKIE}=`));
  return deviceOf(found?.trim().slice(DEVICE_COOKIE.length + 1));
}

/** The device downloaded the list now: its check-ins synced later cannot claim an earlier time. */
export async function recordListFetch(db: DbOrTx, adminId: string, device: string, now: Date): Promise<void> {
  await db
    .insert(door_devices)
    .values({ admin_id: adminId, device, list_fetched_at: now })
    .onConflictDoUpdate({ target: [door_devices.admin_id, door_devices.device], set: { list_fetched_at: now } });
}

/** When this account's device last downloaded the list; null if it never did (as far as the server knows). */
export async function lastListFetch(db: DbOrTx, adminId: string, device: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: door_devices.list_fetched_at })
    .from(door_devices)
    .where(and(eq(door_devices.admin_id, adminId), eq(door_devices.device, device)));
  return row?.at ?? null;
}
