import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { isPerson } from "~/db/person-key";
import { attendees, waitlist } from "~/db/schema";
import type { RegisteringPerson } from "~/modules/person/person-values";
import { registrationStatus } from "~/modules/settings/registration-status";
import { lockSeats } from "~/modules/settings/seats.server";
import { positionOf } from "./waitlist.server";

// Joining the waitlist from a USSD menu or a WhatsApp chat, when the event is full: the person is
// their phone number (one place in line each, unique in the database), and the offer comes by
// SMS (USSD) or on WhatsApp (chat), as the person's values say.

export type PhoneJoin = { ok: true; position: number } | { ok: false; reason: "open" | "closed" | "concluded" | "duplicate" | "failed" };

/** In the caller's transaction, after registration found the event full. */
export async function joinWaitlistByPhone(tx: DbOrTx, person: RegisteringPerson, now: Date): Promise<PhoneJoin> {
  const event = await lockSeats(tx);
  if (!event) return { ok: false, reason: "failed" };
  const status = registrationStatus(event, now);
  if (status.state === "open") return { ok: false, reason: "open" };
  if (status.state !== "full") return { ok: false, reason: status.state === "concluded" ? "concluded" : "closed" };
  const [registered] = await tx
    .select({ id: attendees.id })
    .from(attendees)
    .where(isPerson(attendees, { ussdPhone: person.phone }));
  if (registered) return { ok: false, reason: "duplicate" };
  const [row] = await tx
    .insert(waitlist)
    .values({ ...person, channel: person.channel === "whatsapp" ? "whatsapp" : "ussd", joined_at: now })
    .onConflictDoNothing()
    .returning({ seq: waitlist.seq });
  if (row) return { ok: true, position: await positionOf(tx, row.seq) };
  // Already in line (the unique place per number): their place, as it is.
  const [entry] = await tx
    .select({ seq: waitlist.seq })
    .from(waitlist)
    .where(and(isPerson(waitlist, { ussdPhone: person.phone }), eq(waitlist.status, "waiting")));
  return entry ? { ok: true, position: await positionOf(tx, entry.seq) } : { ok: false, reason: "duplicate" };
}
