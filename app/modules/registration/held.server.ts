import { and, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { countHit } from "~/db/counters.server";
import { held_registrations, registration_surges } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { languageOr, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { type AuditActor, recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { HELD_MESSAGES } from "./held-messages";
import {
  CODE_NETWORK_WINDOW_MS,
  hashCode,
  heldMailKeys,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_NETWORK,
  SURGE_QUIET_MS,
  signHeldLink,
} from "./holds.server";
import { type PersonInput, type RegistrationResult, recordFutureEditions, registerIn } from "./registration.server";

// Confirming a held registration: by the e-mail's link, by the six-digit code typed on the
// page, or by an organiser who knows the group is real. Confirming is registering, in one
// transaction under the seat lock: a free seat makes it a registration with its ticket; a
// full event puts the person on the waitlist instead (`whenFull`, the waitlist module's);
// a closed one says so. Unconfirmed holds are deleted after the hours set in Event Settings.

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

/**
 * Puts a confirmed person on the waitlist inside the transaction (passed in by the route: the
 * waitlist module's, which registration must not import): a held registration when the event is
 * full, and a held waitlist join always.
 */
type WhenFull = (tx: DbOrTx, input: PersonInput, now: Date) => Promise<{ ok: true; position: number } | { ok: false; message: string }>;

export type ConfirmOptions = { secret: string; whenFull: WhenFull; now?: Date };

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
    const joined = await options.whenFull(tx, inputOf(row), now);
    if (!joined.ok) return { status: "refused", message: joined.message };
    if (optIn) await recordFutureEditions(tx, person);
    await recordAudit(tx, actor, { action: "held.confirm-waitlist", ...audit });
    return { status: "waitlisted", position: joined.position, email: person.email, joined: intent === "waitlist" };
  }
  return { status: "refused", message: result.message };
}

/** The e-mail's link: confirms by itself. */
export async function confirmHeldById(db: Db, id: string, options: ConfirmOptions): Promise<ConfirmOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(held_registrations)
      .where(and(eq(held_registrations.id, id), gt(held_registrations.expires_at, now)))
      .for("update");
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
    const [row] = await tx
      .select()
      .from(held_registrations)
      .where(and(eq(held_registrations.id, id), gt(held_registrations.expires_at, now)))
      .for("update");
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

/** Organisers delete held registrations in bulk (a script's), with one audit entry. */
export async function deleteHeldInBulk(db: Db, actor: AuditActor, ids: string[]): Promise<number> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return 0;
  return db.transaction(async (tx) => {
    const gone = await tx.delete(held_registrations).where(inArray(held_registrations.id, valid)).returning({ id: held_registrations.id });
    await recordAudit(tx, actor, { action: "held.delete", entity: "held-registration", details: { count: gone.length } });
    return gone.length;
  });
}

/** Deletes holds nobody confirmed in time. */
export async function sweepExpiredHolds(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db.delete(held_registrations).where(lt(held_registrations.expires_at, now)).returning({ id: held_registrations.id });
  return gone.length;
}

/** Surges of the last `hours` (latest first) with how many of their holds still wait, for the dashboard and Event Operations. */
export async function recentSurges(db: DbOrTx, { hours = 24, now = new Date() } = {}) {
  const rows = await db
    .select({
      id: registration_surges.id,
      reason: registration_surges.reason,
      source: registration_surges.source,
      started_at: registration_surges.started_at,
      last_at: registration_surges.last_at,
      held: registration_surges.held,
      // Written out: inside this select Drizzle would name the columns without their tables.
      waiting: sql<number>`(select count(*)::int from "held_registrations" where "held_registrations"."surge_id" = "registration_surges"."id")`,
    })
    .from(registration_surges)
    .where(gt(registration_surges.last_at, new Date(now.getTime() - hours * 3_600_000)))
    .orderBy(desc(registration_surges.last_at))
    .limit(20);
  return rows.map((row) => ({ ...row, ongoing: row.last_at.getTime() > now.getTime() - SURGE_QUIET_MS }));
}

/** Every held registration of one surge still waiting (an organiser's "all of this surge"), the oldest first. */
export async function heldIdsOfSurge(db: DbOrTx, surgeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: held_registrations.id })
    .from(held_registrations)
    .where(eq(held_registrations.surge_id, surgeId))
    .orderBy(held_registrations.created_at)
    .limit(1_000);
  return rows.map((row) => row.id);
}

const HELD_PAGE_SIZE = 100;

/** One page of held registrations for the organisers, optionally of one surge, the oldest first. */
export async function listHeld(db: DbOrTx, { page, surgeId }: { page: number; surgeId?: string }) {
  const where = surgeId && isUuid(surgeId) ? eq(held_registrations.surge_id, surgeId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: held_registrations.id,
        full_name: held_registrations.full_name,
        email: held_registrations.email,
        organization: held_registrations.organization,
        state: held_registrations.state,
        hold_reason: held_registrations.hold_reason,
        source: held_registrations.source,
        created_at: held_registrations.created_at,
        expires_at: held_registrations.expires_at,
      })
      .from(held_registrations)
      .where(where)
      .orderBy(held_registrations.created_at, held_registrations.id)
      .limit(HELD_PAGE_SIZE)
      .offset((page - 1) * HELD_PAGE_SIZE),
    db.select({ n: count() }).from(held_registrations).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / HELD_PAGE_SIZE)) };
}

/** Renders the queued confirmation e-mail: the link and the code. */
export async function renderHeldMail(
  db: DbOrTx,
  data: Record<string, unknown> | null,
  { publicUrl, secret }: { publicUrl: string; secret: string },
): Promise<Pick<OutgoingMail, "subject" | "html" | "text">> {
  const id = typeof data?.heldId === "string" ? data.heldId : "";
  const code = typeof data?.code === "string" ? data.code : "";
  const [row] = isUuid(id) ? await db.select().from(held_registrations).where(eq(held_registrations.id, id)) : [];
  if (!row) throw new Error("the held registration of this e-mail is gone");
  const settings = await getSettings(db);
  const language = languageOr(row.language);
  const t = translator(language, "mail");
  const words = heldMailKeys(row.intent);
  const event = settings.event_name;
  const link = withLanguage(
    `${publicUrl.replace(/\/+$/, "")}/register/confirm/${encodeURIComponent(signHeldLink(row.id, secret))}`,
    language,
  );
  const { html, text } = await renderNoticeEmail({
    language,
    preview: t(`${words}.preview`, { code, event }),
    heading: t(`${words}.heading`),
    paragraphs: [
      t("hello", { name: row.full_name }),
      t(`${words}.text`, { code }),
      t(`${words}.expiry`, { count: settings.held_expiry_hours }),
    ],
    button: { href: link, label: t(`${words}.button`) },
    footnote: t(`${words}.footnote`, { event }),
  });
  return { subject: t(`${words}.subject`, { event }).replace(/\s+/g, " ").trim(), html, text };
}
