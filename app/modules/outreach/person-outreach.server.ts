import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, cancelled_registrations, outreach_sources } from "~/db/schema";
import { invitedCount } from "./links.server";

// Where one registration came from and whom it brought, for the attendee's details page: the
// source (its name), the attendee whose invite link it followed (linked while they are
// registered or cancelled), or direct; and how many registered through this person's own link.

type CameThrough =
  | { kind: "source"; name: string; archived: boolean }
  | { kind: "invite"; inviter: { id: string; name: string } | null }
  | { kind: "direct" };

export type PersonOutreach = { cameThrough: CameThrough; invited: number };

export async function personOutreach(
  db: DbOrTx,
  person: { id: string; outreach_source_id: number | null; invited_by: string | null },
): Promise<PersonOutreach> {
  return { cameThrough: await cameThrough(db, person), invited: await invitedCount(db, person.id) };
}

async function cameThrough(db: DbOrTx, person: { outreach_source_id: number | null; invited_by: string | null }): Promise<CameThrough> {
  if (person.outreach_source_id !== null) {
    const [source] = await db
      .select({ name: outreach_sources.name, archived_at: outreach_sources.archived_at })
      .from(outreach_sources)
      .where(eq(outreach_sources.id, person.outreach_source_id));
    if (source) return { kind: "source", name: source.name, archived: source.archived_at !== null };
  }
  if (person.invited_by !== null) {
    const id = person.invited_by;
    const [active] = await db.select({ name: attendees.full_name }).from(attendees).where(eq(attendees.id, id));
    const [cancelled] = active
      ? [undefined]
      : await db
          .select({ name: cancelled_registrations.full_name })
          .from(cancelled_registrations)
          .where(eq(cancelled_registrations.id, id));
    const found = active ?? cancelled;
    return { kind: "invite", inviter: found ? { id, name: found.name } : null };
  }
  return { kind: "direct" };
}
