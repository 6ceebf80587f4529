import { z } from "zod";
import { DOOR_NAME_MAX } from "~/db/door-name";
import { searchText } from "~/db/text";
import { UUID_PATTERN } from "~/db/uuid";
import { DOOR_SYNC_MAX_ITEMS } from "./door-sync-limits";

// What a door's device sends when it syncs the check-ins it recorded (offline, or online with
// JavaScript): shared by the sync route and the browser side that builds the request.

export const CHECK_IN_METHODS = ["scan", "ticket-id", "search"] as const;

/**
 * The device's door name as stored: control characters dropped, NFC, trimmed, cut at
 * DOOR_NAME_MAX characters. Never refused: the name is typed once on a phone, and a refusal
 * would keep every check-in queued under it from ever reaching the server (normalising can
 * lengthen a name the phone kept at its limit).
 */
const doorNameSchema = z.string().transform((s) => [...searchText(s, "").trim()].slice(0, DOOR_NAME_MAX).join("").trim());

const doorCheckInSchema = z.object({
  id: z.string().regex(UUID_PATTERN),
  // A scanned QR text (a door code, or a ticket page URL) or a ticket ID as typed or found.
  ticket: z.string().min(1).max(500),
  method: z.enum(CHECK_IN_METHODS),
  // The device's clock: the server clamps it (door-sync.server.ts).
  at: z.iso.datetime({ offset: true }),
  // A give from this check-in list (lunch, the kit) rather than an entrance check-in.
  list: z.string().regex(UUID_PATTERN).toLowerCase().optional(),
});

/**
 * A walk-in the door registered while offline, on one of the seats the server granted this device
 * (its walk-in shares, each with its ticket ID: `share`). `fields` are the walk-in form's, as
 * typed (the server checks them with the form's own schema, walk-in-schema.ts).
 */
const doorWalkInSchema = z.object({
  id: z.string().regex(UUID_PATTERN),
  share: z.string().min(1).max(40),
  at: z.iso.datetime({ offset: true }),
  fields: z.record(z.string().max(40), z.string().max(2000)).refine((fields) => Object.keys(fields).length <= 20),
  // The language the person was spoken to in at the door: their messages follow it.
  language: z.string().max(10).optional(),
});

export const doorSyncSchema = z.object({
  door: doorNameSchema.default(""),
  // The page's own id of its device (door-devices.server.ts); a page from before it sends none.
  device: z.string().regex(UUID_PATTERN).toLowerCase().optional().catch(undefined),
  checkIns: z.array(doorCheckInSchema).max(DOOR_SYNC_MAX_ITEMS),
  // Registered before the check-ins are merged: a give queued for a walk-in's ticket finds them.
  walkIns: z.array(doorWalkInSchema).max(DOOR_SYNC_MAX_ITEMS).default([]),
});

export type DoorCheckIn = z.infer<typeof doorCheckInSchema>;
export type DoorWalkIn = z.infer<typeof doorWalkInSchema>;

// With JavaScript a door's forms (a check-in, a give, a walk-in) add the device's door name, the
// device's id and the form's own id (hidden inputs); a plain form sends none. An id that is not
// one is left out, not refused: what the form does is what matters at the door.
const formOriginSchema = z.object({
  door: doorNameSchema.optional().catch(undefined),
  client_id: z.string().regex(UUID_PATTERN).optional().catch(undefined),
  device: z.string().regex(UUID_PATTERN).optional().catch(undefined),
});

/** Where a door's form was sent from: its door, the form's own id (a retried send counts once) and the device. */
export function doorFormOrigin(form: FormData): { door?: string; clientId?: string; device?: string } {
  const value = (name: string) => form.get(name) ?? undefined;
  const { door, client_id, device } = formOriginSchema.parse({
    door: value("door"),
    client_id: value("client_id"),
    device: value("device"),
  });
  return { door, clientId: client_id, device };
}
