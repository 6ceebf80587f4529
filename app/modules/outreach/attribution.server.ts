import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { type Attribution, attendees, outreach_sources } from "~/db/schema";
import { isCurrent, type Referral } from "./referral.server";

// What a registration stores of the source cookie: the source's id, or the inviting attendee's
// id. Resolved when the person registers (the web form, the waitlist, a held registration), from
// the cookie the browser sent with the form. A source archived since the visit still counts: the
// person came through it while it ran. An invite code no one holds any more (its attendee
// cancelled) or a cookie past its 30 days counts as direct.

export const NO_ATTRIBUTION: Attribution = { outreach_source_id: null, invited_by: null };

export async function attributionOf(db: DbOrTx, referral: Referral | null, now = new Date()): Promise<Attribution> {
  if (!referral || !isCurrent(referral.since, now)) return NO_ATTRIBUTION;
  if (referral.via === "source") {
    const [source] = await db.select({ id: outreach_sources.id }).from(outreach_sources).where(eq(outreach_sources.code, referral.code));
    return source ? { outreach_source_id: source.id, invited_by: null } : NO_ATTRIBUTION;
  }
  const [inviter] = await db.select({ id: attendees.id }).from(attendees).where(eq(attendees.invite_code, referral.code));
  return inviter ? { outreach_source_id: null, invited_by: inviter.id } : NO_ATTRIBUTION;
}
