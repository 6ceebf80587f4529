import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { outreach_visits } from "~/db/schema";
import { takeNetworkSlot } from "~/limits/network-limits.server";
import { lagosDate } from "~/ui/date-time";

// Counting a visit through a tracked link, so that a script cannot inflate the counts cheaply:
// - one visit per browser, link and day in Lagos (the browser's random id from its cookie);
// - a browser that keeps no cookies is a new browser each time, so visits also count against
//   a ceiling per network (an IPv4 address or an IPv6 /64), shared by every server process in
//   the rate counters as the public forms' ceiling is. Past it a visit still lands and still
//   gets its cookie, it only is not counted. Generous, as a whole carrier's crowd may share one
//   address when a radio announcement sends listeners to the link at once.
// The address is never stored with a visit: the counter's key names the network for its
// 10-minute window and is swept with the other counters.

const VISIT_WINDOW_MS = 10 * 60_000;
/** Counted visits per network per 10 minutes. */
export const VISITS_PER_NETWORK = 300;

/** Whose link: a source's (its id) or an attendee's invite link (their id, used only in the hash). */
export type VisitedLink = { via: "source"; sourceId: number } | { via: "invite"; inviterId: string };

export type VisitOutcome = "counted" | "repeat" | "over-ceiling";

/**
 * The stored key of one browser's visits to one link on one day: a hash of the three, so the
 * rows of one browser cannot be linked from one day or one link to the next.
 */
export function visitorKey(browserId: string, day: string, link: VisitedLink): string {
  const target = link.via === "source" ? `source:${link.sourceId}` : `invite:${link.inviterId}`;
  return createHash("sha256").update(`outreach-visit\n${browserId}\n${day}\n${target}`).digest("base64url");
}

/** Counts a visit of `browserId` (from `clientIp`) through `link` at `now`, unless already counted today or over the ceiling. */
export async function countVisit(
  db: DbOrTx,
  { link, browserId, clientIp, now = new Date() }: { link: VisitedLink; browserId: string; clientIp: string; now?: Date },
): Promise<VisitOutcome> {
  const day = lagosDate(now);
  const visitor = visitorKey(browserId, day, link);
  // A repeat costs the network nothing: a person opening the link again is not a script.
  const [seen] = await db.select({ visitor: outreach_visits.visitor }).from(outreach_visits).where(eq(outreach_visits.visitor, visitor));
  if (seen) return "repeat";
  const slot = await takeNetworkSlot(db, clientIp, { name: "visits", windowMs: VISIT_WINDOW_MS, ceiling: VISITS_PER_NETWORK, now });
  if (!slot.ok) return "over-ceiling";
  const inserted = await db
    .insert(outreach_visits)
    .values({ visitor, via: link.via, source_id: link.via === "source" ? link.sourceId : null, day })
    .onConflictDoNothing()
    .returning({ visitor: outreach_visits.visitor });
  return inserted.length > 0 ? "counted" : "repeat";
}
