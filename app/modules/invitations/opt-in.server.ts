import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { normalizeEmail } from "~/db/email";
import { emailEquals, future_invitations, invitations_sent, mail_outbox, SETTINGS_ID } from "~/db/schema";
import { isUuid } from "~/db/uuid";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.server";

// "Tell me about future editions": a consent of its own under the NDPA, given (unticked by
// default) on the registration form. It is kept apart from the registration, with only what
// an invitation needs (name, address, phone, language and the consent's time and notice
// version), so it outlives the edition's retention purge; it is deleted when withdrawn (the
// ticket page, the link in every invitation) or when the person's data is erased.

type OptInPerson = { full_name: string; email: string; phone: string; language: string };
type OptInConsent = { consentedAt: Date; noticeVersion: string };

/**
 * Records the opt-in, in the caller's transaction (the registration's, the waitlist's, a held
 * registration's confirmation): it exists exactly when they committed. The edition is the one
 * current in this transaction. An address that opted in before (another edition, another
 * registration) has its one row refreshed: the latest consent, name and language count.
 */
export async function recordOptIn(tx: DbOrTx, person: OptInPerson, consent: OptInConsent): Promise<void> {
  await tx.execute(sql`
    insert into ${future_invitations} (full_name, email, phone, language, consented_at, notice_version, edition_id)
    select ${person.full_name}, ${normalizeEmail(person.email)}, ${person.phone}, ${person.language},
           ${consent.consentedAt.toISOString()}::timestamptz, ${consent.noticeVersion}, edition_id
    from event_settings where id = ${SETTINGS_ID}
    on conflict (lower(trim(email))) do update set
      full_name = excluded.full_name, email = excluded.email, phone = excluded.phone, language = excluded.language,
      consented_at = excluded.consented_at, notice_version = excluded.notice_version, edition_id = excluded.edition_id`);
}

/** The opt-in of an address, if it has one. */
export async function optInOf(db: DbOrTx, email: string) {
  const [row] = await db.select().from(future_invitations).where(emailEquals(future_invitations.email, email));
  return row;
}

/** The opt-in a withdraw link names, if it still exists. */
export async function optInById(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(future_invitations).where(eq(future_invitations.id, id));
  return row;
}

/**
 * Deletes opt-ins with their send records (cascade), and the invitations still waiting in the
 * outbox: withdrawing stops what was queued too. Sent ones stay in the mail log like any other
 * e-mail, until the edition's purge or the person's erasure. Returns how many opt-ins went.
 * The rows are locked first: an "Invite Past Attendees" running meanwhile skips them
 * (invite.server.ts), or this waits for it and then finds its queued mail.
 */
async function deleteOptIns(tx: DbOrTx, where: SQL): Promise<number> {
  const rows = await tx.select({ id: future_invitations.id }).from(future_invitations).where(where).for("update");
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  const queued = tx.select({ id: invitations_sent.mail_id }).from(invitations_sent).where(inArray(invitations_sent.invitation_id, ids));
  await tx.delete(mail_outbox).where(and(inArray(mail_outbox.id, queued), inArray(mail_outbox.status, ["pending", "failed"])));
  await tx.delete(future_invitations).where(inArray(future_invitations.id, ids));
  return ids.length;
}

/** Withdraws one opt-in (the invitation's link or the ticket page), in one transaction; false when it was already gone. */
export async function withdrawOptIn(db: Db, id: string, actor: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const withdrawn = (await deleteOptIns(tx, eq(future_invitations.id, id))) > 0;
    // Who and when, never the address: the opt-in's random id is all the log keeps.
    if (withdrawn) await recordAudit(tx, actor, { action: "invitation.withdraw", entity: "future-invitation", entityId: id });
    return withdrawn;
  });
}

/** The person's erasure, inside its transaction: their opt-in goes with everything else. */
export async function eraseOptIn(tx: DbOrTx, email: string): Promise<void> {
  await deleteOptIns(tx, emailEquals(future_invitations.email, email));
}

/** What "Download my data" says of the opt-in: the consent and the editions it brought an invitation for. */
export async function optInForExport(db: DbOrTx, email: string) {
  const row = await optInOf(db, email);
  if (!row) return null;
  const sent = await db
    .select({ edition_id: invitations_sent.edition_id, queued_at: invitations_sent.created_at })
    .from(invitations_sent)
    .where(eq(invitations_sent.invitation_id, row.id));
  return { ...row, invitations: sent };
}
