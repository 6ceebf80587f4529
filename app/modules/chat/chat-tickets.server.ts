import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { getSettings } from "~/modules/settings/settings.server";
import { enqueueTicket } from "~/modules/tickets/ticket-mail.server";
import type { UssdOutcome } from "~/modules/ussd/menu";
import { resendAllowed } from "~/modules/ussd/phone-actions.server";

// "ticket" from a number that registered on the web (or at the door with an e-mail address) and
// asked for WhatsApp there: its tickets go to the number again, on WhatsApp. WhatsApp vouches that
// the sender holds the number, which is the one the registration gave for WhatsApp, so nothing
// reaches anyone the registration did not name. A family sharing one phone gets each of its tickets.

/** The web's limit of registrations per phone number is three; more would be someone else's. */
const AT_MOST = 3;

/** null: no registration of this number asked for WhatsApp. */
export async function resendWhatsAppTickets(tx: DbOrTx, phone: string, now: Date): Promise<UssdOutcome | null> {
  const rows = await tx
    .select()
    .from(attendees)
    .where(and(eq(attendees.phone, phone), eq(attendees.whatsapp_opt_in, true)))
    .limit(AT_MOST);
  if (rows.length === 0) return null;
  if (!(await resendAllowed(tx, phone, now, "whatsapp"))) return { type: "resend-limited" };
  const settings = await getSettings(tx);
  for (const attendee of rows)
    await enqueueTicket(tx, { attendee, eventName: settings.event_name, kind: "ticket-self-resend", channels: ["whatsapp"] });
  return { type: "resent" };
}
