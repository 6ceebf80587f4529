import { count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { held_registrations, registration_surges } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { languageOr, withLanguage } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { renderNoticeEmail } from "~/modules/mail/notice-email";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { getSettings } from "~/modules/settings/settings.server";
import { heldMailKeys, SURGE_QUIET_MS, signHeldLink } from "./hold-decision.server";

// Held registrations as organisers see them (the list, a surge's, deleting a script's) and as the
// sweeper deletes them; the confirmation e-mail they are sent. Confirming one is registering or
// joining the line: modules/waitlist/held-confirm.server.ts, above both.

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
