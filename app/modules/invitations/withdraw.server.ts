import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees, future_invitations } from "~/db/schema";
import { SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { selfServiceRegistration } from "~/modules/tickets/self-service.server";
import { verifyInvitationToken } from "./invitation-token.server";
import { optInById, withdrawOptIn } from "./opt-in.server";

// The two ways to stop the invitations: the ticket page of an active registration (its
// self-service link speaks for the address, as it does for "Download my data"), and the link in
// every invitation. Either deletes the opt-in; asking again once it is gone changes nothing.

/**
 * The opt-in of the address whose active registration a self-service token names. The link of
 * a cancelled registration reaches only that registration (ADR 011), never the address's opt-in.
 */
export async function optInOfTicket(db: DbOrTx, token: string, secret: string): Promise<{ id: string } | undefined> {
  const registrationId = await selfServiceRegistration(db, token, secret);
  if (!registrationId) return undefined;
  const [row] = await db
    .select({ id: future_invitations.id })
    .from(attendees)
    .innerJoin(future_invitations, sql`lower(trim(${future_invitations.email})) = lower(trim(${attendees.email}))`)
    .where(eq(attendees.id, registrationId));
  return row;
}

/** "Stop telling me about future editions" on the ticket page; "invalid" for a token that is not a self-service link. */
export async function stopByTicket(db: Db, token: string, secret: string): Promise<"stopped" | "invalid"> {
  if (!(await selfServiceRegistration(db, token, secret))) return "invalid";
  const optIn = await optInOfTicket(db, token, secret);
  if (optIn) await withdrawOptIn(db, optIn.id, SELF_SERVICE_ACTOR);
  return "stopped";
}

/**
 * What the invitation's link shows: the opt-in to stop, or that it is stopped already (a second
 * click, a mail program's one-click). Undefined for a forged or malformed link.
 */
export async function invitationByLink(db: DbOrTx, token: string, secret: string) {
  const id = verifyInvitationToken(token, secret);
  if (!id) return undefined;
  const row = await optInById(db, id);
  return { id, optIn: row ? { fullName: row.full_name, email: row.email } : null };
}

/** The invitation's link, confirmed with its button or by a mail program's one-click POST. */
export async function stopByLink(db: Db, token: string, secret: string): Promise<"stopped" | "invalid"> {
  const id = verifyInvitationToken(token, secret);
  if (!id) return "invalid";
  await withdrawOptIn(db, id, SELF_SERVICE_ACTOR);
  return "stopped";
}
