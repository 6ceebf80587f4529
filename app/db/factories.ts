import { randomBytes } from "node:crypto";
import type { DbOrTx } from "./client.server";
import { attendees } from "./schema";

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

export async function createAttendee(db: DbOrTx, overrides: Partial<typeof attendees.$inferInsert> = {}) {
  const [row] = await db.insert(attendees).values(attendeeValues(overrides)).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
