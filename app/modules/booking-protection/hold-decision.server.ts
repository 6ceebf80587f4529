import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { normalizeEmail, PUBLIC_MAIL_PROVIDERS } from "~/db/email";
import { emailEquals, type HELD_INTENTS, type HOLD_REASONS, held_registrations, registration_surges } from "~/db/schema";
import { languageOr } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { defineMessage, queueMessage } from "~/modules/mail/message-registry.server";
import { type PersonInput, personValues } from "~/modules/person/person-values";
import { signToken, verifyToken } from "~/modules/tickets/ticket-token.server";

// A booking attack is noticed by its rate: registrations arriving from one network, or one
// e-mail domain, or overall, faster than people do. While it lasts, new registrations from its
// source are not refused (a school's real group behind one address must still get in) but
// HELD: they take no seat until the person confirms from their mailbox, which made-up
// addresses cannot do. In normal times nothing changes and the ticket is instant.

export type HoldReason = (typeof HOLD_REASONS)[number];
/** A seat, or a place on the waitlist: what a held form asked for and becomes when confirmed. */
export type HeldIntent = (typeof HELD_INTENTS)[number];
export type HoldDecision = { hold: false } | { hold: true; reason: HoldReason; source: string };

export type HoldThresholds = {
  hold_network_per_minute: number;
  hold_domain_per_10_minutes: number;
  hold_overall_per_minute: number;
  proof_of_work_always: boolean;
};

export const MINUTE = 60_000;
/** A surge lasts while registrations from its source keep coming: it ends after this much quiet. */
export const SURGE_QUIET_MS = 30 * MINUTE;
/** The longest window a registration counter uses (for the sweep). */
export const COUNTER_KEEP_MS = 20 * MINUTE;
/**
 * Wrong codes after which the code is void (the e-mail's link still works). Counted on the held
 * row, which is the address's one row for its whole held window (a re-post keeps it): five
 * guesses per address, however many times the form is sent again.
 */
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Codes typed from one network (an IPv4 address, an IPv6 /64) in CODE_NETWORK_WINDOW_MS, right or
 * wrong. A script holding many made-up addresses could otherwise try five codes on each; this
 * bounds its chance of a seat to 30 in a million per ten minutes. Thirty is far above what a
 * school's group behind one address types (each person one code, a typo or two), and past it the
 * e-mail's link still confirms.
 */
export const MAX_CODES_PER_NETWORK = 30;
export const CODE_NETWORK_WINDOW_MS = 10 * MINUTE;

// Addresses at the big providers belong to millions of unrelated people: many registrations
// from one of them say nothing. A school's or a company's own domain, or a made-up one, does.
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set(PUBLIC_MAIL_PROVIDERS);

/** The e-mail domain counted for the domain rule; "" for the big public providers. */
export function countedDomain(email: string): string {
  const domain = normalizeEmail(email).split("@").pop() ?? "";
  return PUBLIC_MAIL_DOMAINS.has(domain) ? "" : domain;
}

/** Whether anything is being held right now (the register page then offers the challenge). */
export async function surgeUnderway(db: DbOrTx, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: registration_surges.id })
    .from(registration_surges)
    .where(gt(registration_surges.last_at, new Date(now.getTime() - SURGE_QUIET_MS)))
    .limit(1);
  return Boolean(row);
}

export const heldMessage = defineMessage({
  name: "held-confirmation",
  data: z.object({ heldId: z.string(), code: z.string() }),
  channels: ["email"],
});

/** The mail's words: a seat to confirm, or a place on the waitlist (one template, two texts). */
export function heldMailKeys(intent: HeldIntent): "held" | "heldWaitlist" {
  return intent === "waitlist" ? "heldWaitlist" : "held";
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const LINK_VALUE = new RegExp(`^l-${UUID}$`);
const CODE_FORM_VALUE = new RegExp(`^c-${UUID}$`);

/** The e-mail's link: confirms the held registration by itself (only the mailbox has it). */
export function signHeldLink(id: string, secret: string): string {
  return signToken("held", `l-${id}`, secret, LINK_VALUE);
}
export function verifyHeldLink(token: string, secret: string): string | null {
  return verifyToken("held", token, secret, LINK_VALUE)?.slice(2) ?? null;
}
/** The page's code form: names the held registration, and confirms it only with the e-mailed code. */
export function signHeldCodeForm(id: string, secret: string): string {
  return signToken("held", `c-${id}`, secret, CODE_FORM_VALUE);
}
export function verifyHeldCodeForm(token: string, secret: string): string | null {
  return verifyToken("held", token, secret, CODE_FORM_VALUE)?.slice(2) ?? null;
}

export function hashCode(id: string, code: string): string {
  return createHash("sha256").update(`${id}:${code}`).digest("hex");
}

/**
 * Holds a registration, in one transaction: the surge is recorded (or extended), the
 * person's answers are kept apart from the registered, and the confirmation e-mail (a link
 * and a six-digit code) is queued. An address already held belongs to its first poster until
 * the hold expires: a second post changes nothing and sends nothing (`repeated`), and is
 * answered as the first was, so the answer tells a stranger nothing. Replacing the row would
 * kill the person's link and code, greet them by the stranger's name, and give five new guesses.
 */
export async function holdRegistration(
  db: Db,
  input: PersonInput,
  decision: Extract<HoldDecision, { hold: true }>,
  { expiryHours, intent = "register", now = new Date() }: { expiryHours: number; intent?: HeldIntent; now?: Date },
): Promise<{ id: string; email: string; repeated: boolean }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return db.transaction(async (tx) => {
    const person = personValues(input, now);
    // Two posts of one address at once: one at a time, so the second finds the first's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`held:${normalizeEmail(person.email)}`}))`);
    const [held] = await tx
      .select({ id: held_registrations.id, expires_at: held_registrations.expires_at })
      .from(held_registrations)
      .where(emailEquals(held_registrations.email, person.email));
    if (held && held.expires_at > now) return { id: held.id, email: person.email, repeated: true };
    const surgeId = await recordSurge(tx, decision, now);
    const values = {
      ...person,
      // The opt-in waits for the confirmation, as the registration does.
      future_editions: input.futureEditions === "on",
      intent,
      hold_reason: decision.reason,
      source: decision.source,
      surge_id: surgeId,
      code_hash: "",
      code_attempts: 0,
      created_at: now,
      expires_at: new Date(now.getTime() + expiryHours * 3_600_000),
    };
    // One held registration per address: an expired one the sweep has not deleted yet makes way.
    if (held) await tx.delete(held_registrations).where(eq(held_registrations.id, held.id));
    const [row] = await tx.insert(held_registrations).values(values).returning({ id: held_registrations.id });
    if (!row) throw new Error("holding the registration failed");
    await tx
      .update(held_registrations)
      .set({ code_hash: hashCode(row.id, code) })
      .where(eq(held_registrations.id, row.id));
    await queueMessage(
      tx,
      heldMessage,
      "email",
      { heldId: row.id, code },
      {
        to: person.email,
        subject: translator(languageOr(person.language), "mail")(`${heldMailKeys(intent)}.heading`),
        kind: "held-confirmation",
      },
    );
    return { id: row.id, email: person.email, repeated: false };
  });
}

/** The surge this hold belongs to: the ongoing one of its source, extended, or a new one. */
async function recordSurge(tx: DbOrTx, decision: Extract<HoldDecision, { hold: true }>, now: Date): Promise<string> {
  const since = new Date(now.getTime() - SURGE_QUIET_MS);
  // Holds of one source arrive together: one at a time finds or starts its surge, so a burst is one surge.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`surge:${decision.reason}:${decision.source}`}))`);
  const [ongoing] = await tx
    .update(registration_surges)
    .set({ last_at: now, held: sql`${registration_surges.held} + 1` })
    .where(
      and(
        eq(registration_surges.reason, decision.reason),
        eq(registration_surges.source, decision.source),
        gt(registration_surges.last_at, since),
      ),
    )
    .returning({ id: registration_surges.id });
  if (ongoing) return ongoing.id;
  const [created] = await tx
    .insert(registration_surges)
    .values({ reason: decision.reason, source: decision.source, started_at: now, last_at: now, held: 1 })
    .returning({ id: registration_surges.id });
  if (!created) throw new Error("recording the surge failed");
  return created.id;
}

/** The held registration an e-mail's link names, while it can still be confirmed: the name to greet, and what it asked for. */
export async function heldFromLink(db: DbOrTx, id: string, now = new Date()) {
  const [row] = await db
    .select({ full_name: held_registrations.full_name, intent: held_registrations.intent })
    .from(held_registrations)
    .where(and(eq(held_registrations.id, id), gt(held_registrations.expires_at, now)));
  return row;
}
