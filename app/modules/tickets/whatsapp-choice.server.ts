import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Db, DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { recordAudit, SELF_SERVICE_ACTOR } from "~/modules/audit/audit.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { localPhone } from "~/modules/person/phone.server";
import { consentToWhatsApp, stopWhatsAppFor, wantsWhatsApp } from "~/modules/person/whatsapp-consent.server";
import { getSettings } from "~/modules/settings/settings.server";
import { redirectWithToast } from "~/ui/toast.server";
import { selfServiceRegistration } from "./self-service.server";
import { enqueueTicket } from "./ticket-mail.server";
import { WHATSAPP_INTENTS, type WhatsAppIntent } from "./whatsapp-intents";

// The ticket page's WhatsApp section (docs/WHATSAPP.md), while WhatsApp is configured: the holder
// of an active registration asks for their ticket and reminders on WhatsApp too, or stops them.
// Two plain forms (the page ships no framework JavaScript, ADR 015), answered with the page again
// and a toast. Like the page's other posts, only the person's own link may: a door code, a
// cancelled registration's or a replaced link cannot.

/** What the section shows: whether messages go on WhatsApp now, and to which number. */
export type TicketWhatsApp = { on: boolean; phone: string };

/** The section of an active registration; null while WhatsApp is off (the section is not shown). */
export async function ticketWhatsApp(db: DbOrTx, registrationId: string): Promise<TicketWhatsApp | null> {
  if (!whatsappOn()) return null;
  const [row] = await db
    .select({ phone: attendees.phone, whatsapp_opt_in: attendees.whatsapp_opt_in })
    .from(attendees)
    .where(eq(attendees.id, registrationId));
  if (!row) return null;
  // A number that said STOP since gets nothing, whatever the registration once asked.
  return { on: await wantsWhatsApp(db, row), phone: localPhone(row.phone) };
}

export const WHATSAPP_TOASTS = {
  started: "public:ticket.whatsapp.started",
  stopped: "public:ticket.whatsapp.stopped",
  off: "public:ticket.whatsapp.off",
} as const;

/**
 * "Get your ticket and reminders on WhatsApp too" (the consent, now, under the notice of now, and
 * the ticket sent there at once) or
 * "Stop WhatsApp messages" (the whole number stops, as replying STOP does), each recorded in the
 * Activity log. Answers with the ticket page and a toast; null when the token is not a self-service
 * link (a door code, a forged or replaced link: the route answers 404).
 */
export async function ticketWhatsAppAction(
  db: Db,
  token: string,
  secret: string,
  intent: WhatsAppIntent,
  now = new Date(),
): Promise<Response | null> {
  const id = await selfServiceRegistration(db, token, secret);
  if (!id) return null;
  const back = `/tickets/${encodeURIComponent(token)}#whatsapp`;
  // Configured off since the page was served: nothing to ask for (a stop is still honoured).
  if (intent === WHATSAPP_INTENTS.start && !whatsappOn()) return redirectWithToast(back, "error", WHATSAPP_TOASTS.off);
  const done = await db.transaction(async (tx) => {
    const changed = intent === WHATSAPP_INTENTS.start ? await consentToWhatsApp(tx, id, now) : await stopWhatsAppFor(tx, id);
    // Asked for now: the ticket comes there now (within the public forms' daily ceiling per number).
    if (changed && intent === WHATSAPP_INTENTS.start) await sendTicketThere(tx, id);
    if (changed)
      await recordAudit(tx, SELF_SERVICE_ACTOR, {
        action: intent === WHATSAPP_INTENTS.start ? "whatsapp.consent" : "whatsapp.stop",
        entity: "attendee",
        entityId: id,
      });
    return changed;
  });
  // Cancelled meanwhile, or of a past edition: the ticket page says so, with nothing to change here.
  if (!done) return redirect(back);
  return redirectWithToast(back, "success", intent === WHATSAPP_INTENTS.start ? WHATSAPP_TOASTS.started : WHATSAPP_TOASTS.stopped, {
    duration: 8000,
  });
}

async function sendTicketThere(tx: DbOrTx, id: string): Promise<void> {
  const [attendee] = await tx.select().from(attendees).where(eq(attendees.id, id));
  if (!attendee) return;
  const { event_name } = await getSettings(tx);
  await enqueueTicket(tx, { attendee, eventName: event_name, kind: "ticket-self-resend", channels: ["whatsapp"] });
}
