import { eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, check_ins, emailEquals, walk_in_conflicts, walk_ins } from "~/db/schema";
import { nameSearchKey } from "~/db/search-key";
import { isLanguage, type Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { detailsColumns } from "~/modules/person/person-values";
import { MAX_REGISTRATIONS_PER_PHONE } from "~/modules/registration/registration.server";
import { doorSeatsLeft } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { CHECKIN_MESSAGES } from "./checkin.server";
import { lastListFetch } from "./door-devices.server";
import { clampTime, type DoorOrigin } from "./door-sync.server";
import type { DoorWalkIn } from "./door-sync-schema";
import type { DoorSyncResult } from "./offline/door-list-types";
import { admitWalkIn, freeTicketId, type SamePerson, samePeople } from "./walk-in-admit.server";
import { checkWalkIn, type WalkInInput } from "./walk-in-schema";
import { type ShareHolder, takeWalkInShare } from "./walk-in-shares.server";

// Walk-ins a door registered while offline, on the seats granted to its device
// (walk-in-shares.server.ts), arriving with its sync before its check-ins (a give queued for a
// walk-in's ticket then finds them). The person was let in at the door, so nothing is lost:
// - sent before (the device's id of the walk-in, among walk-ins or their conflicts): "duplicate";
// - the form's fields checked by the form's own schema: wrong ones are "refused" (nothing to register);
// - the person registered already (the same e-mail address; the same phone and the same name as
//   searched, search-key.ts): not registered twice. The existing registration is checked in at
//   the walk-in's time if it was not, the share goes back, and the second door's walk-in is kept
//   as a conflict ('same-person') for organisers: "conflict";
// - else registered as online (walk-in-admit.server.ts) on the device's share, its ticket ID the
//   one the door showed: "applied". A share the device does not hold (spent online with the answer
//   lost, or another device's: a device spends its own only) still registers them, on a free seat,
//   with the share's ticket ID unless taken; with no seat free, past the capacity all the same
//   (they are in the hall), kept as an 'over-capacity' conflict: "conflict".
// Each in its own transaction under the seats' lock, so two doors' syncs, registrations and
// walk-ins online never count the same seat twice. The walk-ins-a-minute limit does not apply:
// a device registers offline no more than the shares it holds.

/** A walk-in as its door recorded it: the device's id for it, the share it used, its (clamped) time and language. */
type WalkInArrival = DoorOrigin & { id: string; share: string; at: Date; language: Language };

type MergeResult = Pick<DoorSyncResult, "status" | "message">;

/** Merges a door's offline walk-ins, in order; one answer per walk-in, in the same order. */
export async function applyDoorWalkIns(
  db: Db,
  actor: AuditActor,
  origin: DoorOrigin,
  items: DoorWalkIn[],
  options: { language: Language; now?: Date },
): Promise<DoorSyncResult[]> {
  if (items.length === 0) return [];
  const now = options.now ?? new Date();
  // As for check-ins: a device the server never saw download the list claims no time before now.
  const floor = (origin.device && actor.id ? await lastListFetch(db, actor.id, origin.device) : null) ?? now;
  const recorded = await recordedWalkInIds(
    db,
    items.map((item) => item.id.toLowerCase()),
  );
  const results: DoorSyncResult[] = [];
  for (const item of items) {
    const id = item.id.toLowerCase();
    if (recorded.has(id)) {
      results.push({ id: item.id, status: "duplicate" });
      continue;
    }
    const verdict = checkWalkIn(item.fields);
    if ("error" in verdict) {
      results.push({ id: item.id, status: "refused", message: CHECKIN_MESSAGES.walkInInvalid });
      continue;
    }
    const language = isLanguage(item.language) ? item.language : options.language;
    const arrival = { ...origin, id, share: item.share, at: clampTime(item.at, now, floor), language };
    results.push({ id: item.id, ...(await mergeWalkIn(db, actor, arrival, verdict.value, now)) });
    recorded.add(id);
  }
  return results;
}

/** Which of these ids (lower-case) are walk-ins already recorded: registered, or kept as a conflict. */
async function recordedWalkInIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const registered = await db.select({ id: walk_ins.client_id }).from(walk_ins).where(inArray(walk_ins.client_id, ids));
  const conflicts = await db.select({ id: walk_in_conflicts.id }).from(walk_in_conflicts).where(inArray(walk_in_conflicts.id, ids));
  return new Set([...registered, ...conflicts].map((r) => r.id ?? ""));
}

async function mergeWalkIn(db: Db, actor: AuditActor, arrival: WalkInArrival, input: WalkInInput, now: Date): Promise<MergeResult> {
  return db.transaction(async (tx): Promise<MergeResult> => {
    const { phone } = detailsColumns(input);
    const event = await lockSeats(tx, { phone });
    if (!event) throw new Error("The settings row is missing.");
    // The same walk-in sent twice at once: the copy that had the lock first recorded it.
    if ((await recordedWalkInIds(tx, [arrival.id])).size > 0) return { status: "duplicate" };
    const holder: ShareHolder | null = arrival.device && actor.id ? { adminId: actor.id, device: arrival.device } : null;
    const known = await registeredAlready(tx, input, event.phone_registrations);
    if (known) return samePerson(tx, actor, arrival, input, known, holder);

    const share = holder ? await takeWalkInShare(tx, holder, arrival.share) : null;
    // Not this device's seat: registered on a free one, or past the capacity when none is left.
    const overCapacity = share === null && doorSeatsLeft(event) - event.door_shares <= 0;
    const ticketId = await freeTicketId(tx, arrival.share, now);
    const { language, door, device, at } = arrival;
    const record = { input, ticketId, language, door, device, at, clientId: arrival.id, offline: true };
    const admitted = await admitWalkIn(tx, actor, event.event_name, record);
    if (!admitted) {
      // The address registered meanwhile by a write that takes no seat (an organiser's correction).
      const [raced] = input.email ? await samePeople(tx, emailEquals(attendees.email, input.email)) : [];
      if (!raced) throw new Error("A synced walk-in could not be registered.");
      return samePerson(tx, actor, arrival, input, raced, holder);
    }
    if (overCapacity) {
      await keepConflict(tx, actor, arrival, input, { kind: "over-capacity", attendeeId: admitted.attendee.id });
      return { status: "conflict", message: CHECKIN_MESSAGES.walkInOverCapacity };
    }
    // The door showed another ticket ID (the share was spent already): the door says the real one.
    return ticketId === arrival.share
      ? { status: "applied" }
      : { status: "applied", message: CHECKIN_MESSAGES.walkInNewTicketId(ticketId) };
  });
}

/**
 * The registration that is this walk-in already, if any: the same e-mail address, or the same
 * phone with the same name as searched. The same phone with another name is someone else
 * (siblings share phones; "someone else" ticked: the phone never matches), unless the phone has
 * all the registrations one may have: then they are taken for its first.
 */
async function registeredAlready(tx: DbOrTx, input: WalkInInput, phoneRegistrations: number): Promise<SamePerson | undefined> {
  if (input.email) {
    const [byEmail] = await samePeople(tx, emailEquals(attendees.email, input.email));
    if (byEmail) return byEmail;
  }
  const byPhone = await samePeople(tx, eq(attendees.phone, detailsColumns(input).phone));
  if (input.someone_else !== "on") {
    const key = nameSearchKey(input.fullName.trim());
    const named = byPhone.find((person) => nameSearchKey(person.full_name) === key);
    if (named) return named;
  }
  return phoneRegistrations >= MAX_REGISTRATIONS_PER_PHONE ? byPhone[0] : undefined;
}

/** The walk-in is `person`: their seat is theirs already (the share goes back), they are let in, the second registration kept as a conflict. */
async function samePerson(
  tx: DbOrTx,
  actor: AuditActor,
  arrival: WalkInArrival,
  input: WalkInInput,
  person: SamePerson,
  holder: ShareHolder | null,
): Promise<MergeResult> {
  if (holder) await takeWalkInShare(tx, holder, arrival.share);
  if (person.checked_in_at === null) {
    // The door let them in: their registration is checked in then, as the door's (no target: a check-in since stops it).
    const [admitted] = await tx
      .insert(check_ins)
      .values({
        attendee_id: person.id,
        checked_in_by: actor.id,
        method: "walk-in",
        door: arrival.door,
        device: arrival.device,
        client_id: arrival.id,
        created_at: arrival.at,
      })
      .onConflictDoNothing()
      .returning({ id: check_ins.id });
    if (admitted) {
      const details = { method: "walk-in", ...(arrival.door ? { door: arrival.door } : {}), offline: true };
      await recordAudit(tx, actor, { action: "checkin.create", entity: "attendee", entityId: person.id, details });
    }
  }
  await keepConflict(tx, actor, arrival, input, { kind: "same-person", attendeeId: person.id });
  return { status: "conflict", message: CHECKIN_MESSAGES.walkInSamePerson(person.full_name, person.ticket_id) };
}

async function keepConflict(
  tx: DbOrTx,
  actor: AuditActor,
  arrival: WalkInArrival,
  input: WalkInInput,
  conflict: { kind: "same-person" | "over-capacity"; attendeeId: string },
): Promise<void> {
  await tx.insert(walk_in_conflicts).values({
    id: arrival.id,
    kind: conflict.kind,
    attendee_id: conflict.attendeeId,
    ticket_id: arrival.share,
    full_name: detailsColumns(input).full_name,
    door: arrival.door,
    device: arrival.device,
    registered_by: actor.id,
    at: arrival.at,
  });
  await recordAudit(tx, actor, {
    action: "walk-in.conflict",
    entity: "attendee",
    entityId: conflict.attendeeId,
    details: { kind: conflict.kind, ticketId: arrival.share, ...(arrival.door ? { door: arrival.door } : {}), offline: true },
  });
}
