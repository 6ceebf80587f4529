import { and, eq, gt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit } from "~/db/counters.server";
import { held_registrations } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { languageOr } from "~/i18n/languages";
import { type AuditActor, recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { HELD_MESSAGES } from "~/modules/booking-protection/held-messages";
import {
  CODE_NETWORK_WINDOW_MS,
  hashCode,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_NETWORK,
} from "~/modules/booking-protection/hold-decision.server";
import type { PersonInput } from "~/modules/person/person-values";
import { type RegistrationResult, recordFutureEditions, registerIn } from "~/modules/registration/registration.server";
import { joinWaitlistIn } from "./waitlist.server";

// Confirming a held registration: by the e-mail's link, by the six-digit code typed on the
// page, or by an organiser who knows the group is real. Confirming is registering, in one
// transaction under the seat lock: a free seat makes it a registration with its ticket; a
// full event puts the person on the waitlist instead; a closed one says so. Here, in the
// waitlist module, because it is the one module that knows both registering and the line. Unconfirmed holds are deleted after the hours set in Event Settings.

type HeldRow = typeof held_registrations.$inferSelect;

/** A held registration's address: it always has one (only the web form holds; the database checks it). */
function heldEmail(row: HeldRow): string {
  if (row.email === null) throw new Error("a held registration without an e-mail address");
  return row.email;
}

export type ConfirmOutcome =
  | { status: "registered"; result: Extract<RegistrationResult, { ok: true }> }
  // joined: the person asked for the waitlist (a held join), rather than finding the seats gone.
  | { status: "waitlisted"; position: number; email: string; joined: boolean }
  | { status: "refused"; message: string }
  | { status: "gone" };

export type ConfirmOptions = { secret: string; now?: Date };

/** The form's answers a held row kept, as the registration form gives them. */
function inputOf(row: HeldRow): PersonInput {
  return {
    fullName: row.full_name,
    email: heldEmail(row),
    phone: row.phone,
    gender: row.gender,
    organization: row.organization,
    position: row.position,
    state: row.state,
    localGovernment: row.local_government,
    reason: row.reason,
    consent: "on",
    language: languageOr(row.language),
    // Where they came from goes with them into the waitlist, as into a registration.
    attribution: { outreach_source_id: row.outreach_source_id, invited_by: row.invited_by },
  };
}

async function confirmRow(tx: DbOrTx, row: HeldRow, actor: AuditActor, options: ConfirmOptions): Promise<ConfirmOutcome> {
  const now = options.now ?? new Date();
  await tx.delete(held_registrations).where(eq(held_registrations.id, row.id));
  const {
    id: _id,
    hold_reason,
    source,
    surge_id,
    code_hash,
    code_attempts,
    created_at,
    expires_at,
    future_editions,
    intent,
    ...form
  } = row;
  // The consent stays the one given on the form, at the time it was given.
  const person = { ...form, email: heldEmail(row), consent_at: form.consent_at ?? now };
  // "Tell me about future editions" only once the mailbox has answered (the link or the code):
  // an organiser's bulk confirmation vouches for a group's seats, not for every address in it.
  const optIn = future_editions && actor === SELF_SERVICE_ACTOR;
  const audit = { entity: "held-registration", entityId: row.id, details: { reason: hold_reason } };
  // A held join asked for a place in line: it never takes a seat directly, not even one freed
  // meanwhile, which the people already in line are offered first.
  const result = intent === "waitlist" ? null : await registerIn(tx, person, { secret: options.secret, now });
  if (result?.ok) {
    if (optIn) await recordFutureEditions(tx, person);
    await recordAudit(tx, actor, { action: "held.confirm", ...audit, details: { ...audit.details, attendeeId: result.attendeeId } });
    return { status: "registered", result };
  }
  if (!result || result.reason === "full") {
    // The rule "held, but full, so the waitlist" in one place: a held registration when the
    // event filled meanwhile, and a held waitlist join always.
    // The consents as given on the form, at the time they were given (the form's input has none of them).
    const kept = {
      consent_at: person.consent_at,
      consent_version: row.consent_version,
      sms_opt_in: row.sms_opt_in,
      whatsapp_opt_in: row.whatsapp_opt_in,
      whatsapp_consent_at: row.whatsapp_consent_at,
      whatsapp_consent_version: row.whatsapp_consent_version,
    };
    const joined = await joinWaitlistIn(tx, inputOf(row), { secret: options.secret, now, kept });
    if (!joined.ok) return { status: "refused", message: joined.message };
    if (optIn) await recordFutureEditions(tx, person);
    await recordAudit(tx, actor, { action: "held.confirm-waitlist", ...audit });
    return { status: "waitlisted", position: joined.position, email: person.email, joined: intent === "waitlist" };
  }
  return { status: "refused", message: result.message };
}

/** The held row, locked for this transaction, while it has not expired. */
async function lockUnexpired(tx: DbOrTx, id: string, now: Date): Promise<HeldRow | undefined> {
  const [row] = await tx
    .select()
    .from(held_registrations)
    .where(and(eq(held_registrations.id, id), gt(held_registrations.expires_at, now)))
    .for("update");
  return row;
}

/** The e-mail's link: confirms by itself. */
export async function confirmHeldById(db: Db, id: string, options: ConfirmOptions): Promise<ConfirmOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockUnexpired(tx, id, now);
    return row ? confirmRow(tx, row, SELF_SERVICE_ACTOR, options) : { status: "gone" as const };
  });
}

/**
 * The code typed on the page: confirms when it is right; five wrong codes void it (the row is the
 * address's for its whole window), and past MAX_CODES_PER_NETWORK codes from the poster's network
 * in ten minutes none is checked. The network's count is its own statement, kept whatever follows.
 */
export async function confirmHeldByCode(
  db: Db,
  id: string,
  code: string,
  options: ConfirmOptions & { network: string },
): Promise<ConfirmOutcome> {
  const now = options.now ?? new Date();
  if (options.network) {
    const typed = await countHit(db, `held-code:net:${options.network}`, CODE_NETWORK_WINDOW_MS, now);
    if (typed > MAX_CODES_PER_NETWORK) return { status: "refused", message: HELD_MESSAGES.networkCodes };
  }
  return db.transaction(async (tx) => {
    const row = await lockUnexpired(tx, id, now);
    if (!row) return { status: "gone" as const };
    if (row.code_attempts >= MAX_CODE_ATTEMPTS) return { status: "refused" as const, message: HELD_MESSAGES.tooManyCodes };
    if (!/^\d{6}$/.test(code) || hashCode(row.id, code) !== row.code_hash) {
      await tx
        .update(held_registrations)
        .set({ code_attempts: sql`${held_registrations.code_attempts} + 1` })
        .where(eq(held_registrations.id, row.id));
      const left = MAX_CODE_ATTEMPTS - row.code_attempts - 1;
      return { status: "refused" as const, message: left > 0 ? HELD_MESSAGES.wrongCode : HELD_MESSAGES.tooManyCodes };
    }
    return confirmRow(tx, row, SELF_SERVICE_ACTOR, options);
  });
}

/** Organisers confirm a real group in bulk: each in its own transaction, in the order they were held. */
export async function confirmHeldInBulk(db: Db, actor: AuditActor, ids: string[], options: ConfirmOptions) {
  const tally = { registered: 0, waitlisted: 0, refused: 0 };
  for (const id of ids.filter(isUuid)) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(held_registrations).where(eq(held_registrations.id, id)).for("update");
      return row ? confirmRow(tx, row, actor, options) : ({ status: "gone" } as const);
    });
    if (outcome.status === "registered") tally.registered++;
    else if (outcome.status === "waitlisted") tally.waitlisted++;
    else tally.refused++;
  }
  return tally;
}
