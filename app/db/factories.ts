import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.server";
import type { EditionContent, EditionFigures } from "./edition-archive";
import { attendees, editions } from "./schema";

// Test data builders: each test makes the rows it needs.
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

/** A ticket ID in the spec's format (ZYS, the time in base 36, 6 random characters), unique across a run. */
function ticketId(): string {
  const random = [...randomBytes(6)].map((byte) => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[byte % 32]).join("");
  return `ZYS-${(Date.now() + counter++).toString(36).toUpperCase()}-${random}`;
}

export function attendeeValues(overrides: Partial<typeof attendees.$inferInsert> = {}): typeof attendees.$inferInsert {
  const id = unique();
  return {
    full_name: `Test Attendee ${id}`,
    email: `attendee-${id}@example.com`,
    // Unique: registrations per phone number are limited.
    phone: `+234803${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, "0")}`,
    gender: "female",
    organization: "Test Org",
    position: "Member",
    state: "Zamfara",
    local_government: "Gusau",
    reason: "To learn",
    ticket_id: ticketId(),
    consent_at: new Date(),
    ...overrides,
  };
}

type WebOverrides = Omit<Partial<typeof attendees.$inferInsert>, "email" | "channel"> & { email?: string };

/** A registration from the web form: it always has an e-mail address. */
export async function createAttendee(db: DbOrTx, overrides: WebOverrides = {}) {
  const [row] = await db.insert(attendees).values(attendeeValues(overrides)).returning();
  if (!row?.email) throw new Error("insert returned no row");
  return { ...row, email: row.email };
}

/** A registration by USSD: the network's phone number, no e-mail address, tickets by SMS. */
export async function createUssdAttendee(db: DbOrTx, overrides: Omit<Partial<typeof attendees.$inferInsert>, "email" | "channel"> = {}) {
  const [row] = await db
    .insert(attendees)
    .values(attendeeValues({ email: null, channel: "ussd", sms_opt_in: true, organization: "", position: "", reason: "", ...overrides }))
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A walk-in registered at the door (the registration only: checkin/walk-ins.server.ts also admits them): no e-mail address unless given. */
export async function createWalkInAttendee(db: DbOrTx, overrides: Omit<Partial<typeof attendees.$inferInsert>, "channel"> = {}) {
  const [row] = await db
    .insert(attendees)
    .values(attendeeValues({ email: null, channel: "door", reason: "", ...overrides }))
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

type ArchivedEditionOverrides = Omit<Partial<typeof editions.$inferInsert>, "content" | "figures"> & {
  content?: Partial<EditionContent>;
  figures?: Partial<EditionFigures>;
};

/**
 * An archived edition as "Start the Next Edition" leaves it, numbered after the last one: an
 * empty programme and no one registered unless `content` and `figures` say otherwise.
 */
export async function createArchivedEdition(db: DbOrTx, overrides: ArchivedEditionOverrides = {}) {
  const { content, figures, ...columns } = overrides;
  const [next] = await db.select({ id: sql<number>`coalesce(max(${editions.id}), 0)::int + 1` }).from(editions);
  const id = columns.id ?? next?.id ?? 1;
  const [row] = await db
    .insert(editions)
    .values({
      id,
      name: `Edition ${id}`,
      event_date: "2025-08-12",
      event_starts_at: "09:00:00",
      event_ends_at: "17:00:00",
      venue: "Gusau Banquet Hall",
      max_attendees: 500,
      archived_at: new Date(),
      retention_days: 30,
      figures: { registered: 0, attended: 0, cancelled: 0, waitlisted: 0, gender: {}, states: {}, lgas: {}, ...figures },
      content: {
        event_name: "Zamfara Youth Summit",
        about: "",
        guest_of_honor: { name: "", title: "", image_url: "" },
        translations: {},
        speakers: [],
        special_guests: [],
        agenda: [],
        partners: [],
        ...content,
      },
      ...columns,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
