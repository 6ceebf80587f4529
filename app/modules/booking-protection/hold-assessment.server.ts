import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { type CountedHit, countHitsAcross } from "~/db/counters.server";
import { normalizeEmail } from "~/db/email";
import { emailEquals, held_registrations, registration_surges } from "~/db/schema";
import { ceilingFor } from "~/limits/network-limits.server";
import {
  countedDomain,
  type HeldIntent,
  type HoldDecision,
  type HoldReason,
  type HoldThresholds,
  MINUTE,
  SURGE_QUIET_MS,
} from "./hold-decision.server";

// Whether a post is held: its counters and the surges under way (hold-decision.server.ts holds
// it, records its surge and signs its link).

/**
 * How much more a wider network may register in a minute than one /64 or IPv4 address before it
 * is held. A tunnel broker gives one machine a /48, from which it can post from a new /64 every
 * time: the /48 is counted too, at twice the /64's rate (20 a minute at the default 10), so a
 * machine with a /48 and a proof-of-work solver takes at most that many instant seats in its
 * first minute and none after (its surge holds everything from the /48 until it goes quiet). A
 * real crowd behind one carrier reaches the site from many /48s; a carrier's shared IPv4
 * addresses sit in a /24, counted at three times one address's rate.
 */
const WIDER_HOLD_FACTORS = { "/56": 1.5, "/48": 2, "/24": 3 } as const;

/**
 * Waitlist joins one network may make in 10 minutes before the rest are held until confirmed from
 * the mailbox, as a share of the registrations it may make in a minute: three tenths, so 3 at the
 * default 10 (Event Settings' per-network rate governs both). Far lower than a registration's
 * rate: the waitlist exists only when every seat is taken, and each entry in line receives a
 * freed seat and keeps it from everyone else for the offer's hours, so made-up joins let through
 * would sit on the seats real people are waiting for. Three covers a family or a few friends on
 * one phone's network; a fourth is held, not refused.
 */
const WAITLIST_SHARE_OF_NETWORK_RATE = 0.3;
const WAITLIST_WINDOW_MS = 10 * MINUTE;

/**
 * Counts this registration against its network (at each size: `networks` narrowest first, as
 * networkLadder gives them), its domain and the overall rate, and says whether it must be held.
 * `proved`: the browser solved the proof-of-work challenge, which lets a person through an
 * overall surge, never past their own network's or domain's limit.
 */
export async function assessRegistration(
  db: DbOrTx,
  options: { networks: string[]; email: string; proved: boolean; thresholds: HoldThresholds; intent?: HeldIntent; now?: Date },
): Promise<HoldDecision> {
  return (await assessPost(db, options)).decision;
}

/**
 * assessRegistration's decision, and the address's unexpired hold if it has one (heldAlready):
 * the counters in one statement, the surges and the hold read in another (each statement costs
 * the embedded database, which answers one at a time, a few tenths of a millisecond).
 */
export async function assessPost(
  db: DbOrTx,
  {
    networks,
    email,
    proved,
    thresholds,
    intent = "register",
    now = new Date(),
  }: { networks: string[]; email: string; proved: boolean; thresholds: HoldThresholds; intent?: HeldIntent; now?: Date },
): Promise<{ decision: HoldDecision; heldId: string | null }> {
  const domain = countedDomain(email);
  const hits: CountedHit[] = [
    // Sliding: a machine must not take twice the rate by straddling a minute's boundary.
    ...networks.map((network) => ({ key: `reg:net:${network}`, windowMs: MINUTE, sliding: true })),
    ...(intent === "waitlist" ? networks.map((network) => ({ key: `join:net:${network}`, windowMs: WAITLIST_WINDOW_MS })) : []),
    ...(domain ? [{ key: `reg:domain:${domain}`, windowMs: 10 * MINUTE }] : []),
    { key: "reg:all", windowMs: MINUTE },
  ];
  const [counts, { active, heldId }] = await Promise.all([countHitsAcross(db, hits, now), holdState(db, { networks, domain, email, now })]);
  const perNetwork = counts.slice(0, networks.length);
  const joins = intent === "waitlist" ? counts.slice(networks.length, 2 * networks.length) : [];
  const perDomain = domain ? (counts.at(-2) ?? 0) : 0;
  const overall = counts.at(-1) ?? 0;
  const waitlistJoins = Math.max(1, Math.ceil(thresholds.hold_network_per_minute * WAITLIST_SHARE_OF_NETWORK_RATE));
  const decide = (): HoldDecision => {
    const busy = networks.find(
      (network, i) =>
        (perNetwork[i] ?? 0) > ceilingFor(network, thresholds.hold_network_per_minute, WIDER_HOLD_FACTORS) ||
        (joins[i] ?? 0) > ceilingFor(network, waitlistJoins, WIDER_HOLD_FACTORS) ||
        active.some((s) => s.reason === "network" && s.source === network),
    );
    if (busy) return { hold: true, reason: "network", source: busy };
    const ongoing = (reason: HoldReason) => active.some((s) => s.reason === reason);
    if (domain && (perDomain > thresholds.hold_domain_per_10_minutes || ongoing("domain"))) {
      return { hold: true, reason: "domain", source: domain };
    }
    if (!proved && (overall > thresholds.hold_overall_per_minute || ongoing("overall")))
      return { hold: true, reason: "overall", source: "" };
    if (!proved && thresholds.proof_of_work_always) return { hold: true, reason: "challenge", source: "" };
    return { hold: false };
  };
  return { decision: decide(), heldId };
}

/** The surges still going on that concern these networks, this domain, or everyone; and the address's unexpired hold. One statement. */
async function holdState(db: DbOrTx, { networks, domain, email, now }: { networks: string[]; domain: string; email: string; now: Date }) {
  const since = new Date(now.getTime() - SURGE_QUIET_MS);
  const surges = db
    .select({
      kind: sql<"surge" | "held">`'surge'`.as("kind"),
      reason: sql<HoldReason | null>`${registration_surges.reason}`.as("reason"),
      source: registration_surges.source,
    })
    .from(registration_surges)
    .where(
      and(
        gt(registration_surges.last_at, since),
        or(
          eq(registration_surges.reason, "overall"),
          networks.length > 0 ? and(eq(registration_surges.reason, "network"), inArray(registration_surges.source, networks)) : sql`false`,
          domain ? and(eq(registration_surges.reason, "domain"), eq(registration_surges.source, domain)) : sql`false`,
        ),
      ),
    );
  // The hold's id rides in `source`: a union's rows have one shape.
  const held = db
    .select({
      kind: sql<"surge" | "held">`'held'`.as("kind"),
      reason: sql<HoldReason | null>`null`.as("reason"),
      source: sql<string>`${held_registrations.id}::text`.as("source"),
    })
    .from(held_registrations)
    .where(and(emailEquals(held_registrations.email, email), gt(held_registrations.expires_at, now)));
  const rows = await surges.unionAll(held);
  return {
    active: rows.filter((row) => row.kind === "surge"),
    heldId: rows.find((row) => row.kind === "held")?.source ?? null,
  };
}

/**
 * An address held and not yet expired (assessPost's heldId), answered as holdRegistration answers a
 * repeated post: a post that would not be held (the surge is over, or the proof of work was
 * solved) must not register the address either, or the first poster's link and code would meet
 * "already registered".
 */
export function heldAlready(heldId: string | null, email: string): { id: string; email: string; repeated: true } | null {
  return heldId ? { id: heldId, email: normalizeEmail(email), repeated: true } : null;
}
