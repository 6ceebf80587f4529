import { count, eq } from "drizzle-orm";
import { getConfig } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";

// The addresses of the tracked links, absolute (PUBLIC_URL): what a poster prints, a QR code
// says, a share button sends. A source's link is /r/<code>; an attendee's invite link is
// /i/<invite code>, which names no ticket and opens nothing of theirs: it only lands on the
// landing page, counted under "Invited by attendees".

const origin = (publicUrl?: string) => (publicUrl ?? getConfig().publicUrl).replace(/\/+$/, "");

/** A source's short link, e.g. https://summit.example.ng/r/K7M3X. */
export function sourceLinkFor(source: { code: string }, publicUrl?: string): string {
  return `${origin(publicUrl)}/r/${source.code}`;
}

/** An attendee's invite link, e.g. https://summit.example.ng/i/4HX9TC: for the ticket page and its share buttons. */
export function inviteLinkFor(attendee: { invite_code: string }, publicUrl?: string): string {
  return `${origin(publicUrl)}/i/${attendee.invite_code}`;
}

/** A link as people write it down: without https:// and www. ("summit.example.ng/r/K7M3X"). */
export function spokenLink(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/^www\./, "");
}

/** A registration's invite link and how many registered through it, or null when it is not (or no longer) an attendee. */
export async function inviteOfAttendee(db: DbOrTx, attendeeId: string): Promise<{ link: string; invited: number } | null> {
  const [row] = await db.select({ invite_code: attendees.invite_code }).from(attendees).where(eq(attendees.id, attendeeId));
  if (!row) return null;
  return { link: inviteLinkFor(row), invited: await invitedCount(db, attendeeId) };
}

/** How many of the current registrations came through `attendeeId`'s invite link. */
export async function invitedCount(db: DbOrTx, attendeeId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attendees).where(eq(attendees.invited_by, attendeeId));
  return row?.n ?? 0;
}
