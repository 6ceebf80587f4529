import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, future_invitations, invitations_sent, mail_outbox, waitlist } from "~/db/schema";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";
import { type DeliveryProgress, deliveryProgress } from "~/modules/mail/delivery-progress";
import { defineMessage } from "~/modules/mail/message-registry.server";
import { wakeAfterCommit } from "~/modules/mail/outbox-wake.server";
import { getSettings } from "~/modules/settings/settings.server";
import { findEdition, invitationSubject } from "./edition-facts.server";

// "Invite Past Attendees": the current edition's announcement to everyone who asked to hear
// about future editions, one per person per edition. One statement queues them all through the
// outbox (no row is loaded into Node); the send record's primary key (opt-in, edition) decides
// who still needs one, so a second press, a double click or a second server mails nobody twice.
// Whoever already has a seat or a place in line for this edition is not invited to it.

type Rows<T> = { rows: T[] };

/** Queued by the statement below, which writes its data in SQL; the worker checks it against the schema. */
export const invitationMessage = defineMessage({
  name: "invitation",
  data: z.object({ invitationId: z.string(), editionId: z.number().int() }),
  channels: ["email"],
});
const INVITATION_KIND = "invitation";

/** Opt-ins that have no invitation to `editionId` yet and are not registered or in line for it. */
function uninvited(editionId: number): SQL {
  return sql`
    not exists (select 1 from ${invitations_sent} s where s.invitation_id = f.id and s.edition_id = ${editionId})
    and not exists (select 1 from ${attendees} a where lower(trim(a.email)) = lower(trim(f.email)))
    and not exists (
      select 1 from ${waitlist} w where lower(trim(w.email)) = lower(trim(f.email)) and w.status in ('waiting', 'offered')
    )`;
}

/** Queues the current edition's invitation for everyone who still needs one; returns how many. */
export async function queueInvitations(db: Db, actor: AuditActor): Promise<{ queued: number; editionId: number }> {
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const editionId = settings.edition_id;
    const edition = await findEdition(tx, editionId);
    if (!edition) throw new Error(`edition ${editionId} is missing`);
    // Each person's subject in their own language, chosen by the same statement.
    const subjectOf = (language: Language) => invitationSubject(settings, edition, language);
    const subject = sql`case f.language ${sql.join(
      LANGUAGES.map(({ code }) => sql`when ${code} then ${subjectOf(code)}`),
      sql` `,
    )} else ${subjectOf(DEFAULT_LANGUAGE)} end`;
    // An opt-in being withdrawn at this moment is skipped (its row is locked by the withdrawal);
    // the ones taken are held (key share) until this commits, so none is deleted under it.
    // The send record and its message share a fresh id, so each invitation knows its delivery state.
    const result = (await tx.execute(sql`
      with eligible as (
        select f.id, f.email, f.language from ${future_invitations} f
        where ${uninvited(editionId)}
        for key share of f skip locked
      ), fresh as (
        insert into ${invitations_sent} (invitation_id, edition_id, mail_id)
        select id, ${editionId}, gen_random_uuid() from eligible
        on conflict (invitation_id, edition_id) do nothing
        returning invitation_id, mail_id
      )
      insert into ${mail_outbox} (id, to_address, subject, html, text, kind, template, template_data, edition_id)
      select fresh.mail_id, f.email, ${subject}, '', '', ${INVITATION_KIND}, ${invitationMessage.name},
             jsonb_build_object('invitationId', f.id, 'editionId', ${editionId}::int), ${editionId}
      from fresh join eligible f on f.id = fresh.invitation_id
      returning id`)) as unknown as Rows<{ id: string }>;
    const queued = result.rows.length;
    if (queued > 0) wakeAfterCommit(tx);
    await recordAudit(tx, actor, { action: "invitations.send", entity: "editions", entityId: String(editionId), details: { queued } });
    return { queued, editionId };
  });
}

type InvitationOverview = {
  /** everyone who asked to hear about future editions */
  optedIn: number;
  /** how many a press would invite now */
  toInvite: number;
  /** the current edition's invitations by delivery state */
  progress: DeliveryProgress;
};

/** What Event Operations says of the invitations to the current edition. */
export async function invitationOverview(db: DbOrTx, editionId: number): Promise<InvitationOverview> {
  const counts = (await db.execute(sql`
    select (select count(*)::int from ${future_invitations}) as opted_in,
           (select count(*)::int from ${future_invitations} f where ${uninvited(editionId)}) as to_invite`)) as unknown as Rows<{
    opted_in: number;
    to_invite: number;
  }>;
  const states = (await db.execute(sql`
    select m.status as status, count(*)::int as n
    from ${invitations_sent} s join ${mail_outbox} m on m.id = s.mail_id
    where s.edition_id = ${editionId}
    group by m.status`)) as unknown as Rows<{ status: string; n: number }>;
  return {
    optedIn: counts.rows[0]?.opted_in ?? 0,
    toInvite: counts.rows[0]?.to_invite ?? 0,
    progress: deliveryProgress(states.rows),
  };
}
