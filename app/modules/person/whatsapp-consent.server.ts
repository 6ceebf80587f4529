import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, waitlist, whatsapp_optouts } from "~/db/schema";
import { PRIVACY_NOTICE } from "./privacy-notice";

// Who gets WhatsApp messages (docs/WHATSAPP.md): a person who ticked "Send my ticket on WhatsApp
// too" (or registered by chatting with the summit's number), recorded like the privacy consent,
// when and under which notice. A number that replied STOP gets nothing more on WhatsApp, whichever
// registration it is on, until it writes START or its owner asks again on the ticket page: Meta's
// rules demand an opt-out be honoured at once, and the outbox checks the list before queueing.

/** The consent columns of a person who asked for WhatsApp at `at`, under the notice of now. */
export function whatsappConsent(wanted: boolean, at: Date) {
  return wanted
    ? { whatsapp_opt_in: true, whatsapp_consent_at: at, whatsapp_consent_version: PRIVACY_NOTICE.version }
    : { whatsapp_opt_in: false, whatsapp_consent_at: null, whatsapp_consent_version: "" };
}

/**
 * STOP: nothing more goes to `phone` on WhatsApp. Every registration and place in line with that
 * number loses its consent (the time it was given stays on record). True when it was not stopped yet.
 */
export async function stopWhatsApp(db: DbOrTx, phone: string): Promise<boolean> {
  const added = await db.insert(whatsapp_optouts).values({ phone }).onConflictDoNothing().returning({ phone: whatsapp_optouts.phone });
  await db
    .update(attendees)
    .set({ whatsapp_opt_in: false })
    .where(and(eq(attendees.phone, phone), eq(attendees.whatsapp_opt_in, true)));
  await db
    .update(waitlist)
    .set({ whatsapp_opt_in: false })
    .where(and(eq(waitlist.phone, phone), eq(waitlist.whatsapp_opt_in, true), inArray(waitlist.status, ["waiting", "offered"])));
  return added.length > 0;
}

/** START from the number itself: its STOP is lifted (a registration still needs its own consent). */
export async function restartWhatsApp(db: DbOrTx, phone: string): Promise<boolean> {
  const gone = await db.delete(whatsapp_optouts).where(eq(whatsapp_optouts.phone, phone)).returning({ phone: whatsapp_optouts.phone });
  return gone.length > 0;
}

/**
 * The ticket page's "Send my messages on WhatsApp too": this registration consents now, and the
 * number's STOP, if any, is lifted (its owner asked again). False when the registration is gone.
 */
export async function consentToWhatsApp(db: DbOrTx, attendeeId: string, at = new Date()): Promise<boolean> {
  const [row] = await db
    .update(attendees)
    .set({ ...whatsappConsent(true, at) })
    .where(eq(attendees.id, attendeeId))
    .returning({ phone: attendees.phone });
  if (!row) return false;
  await restartWhatsApp(db, row.phone);
  return true;
}

/** The ticket page's "Stop WhatsApp messages": the whole number stops, as replying STOP does. */
export async function stopWhatsAppFor(db: DbOrTx, attendeeId: string): Promise<boolean> {
  const [row] = await db.select({ phone: attendees.phone }).from(attendees).where(eq(attendees.id, attendeeId));
  if (!row) return false;
  await stopWhatsApp(db, row.phone);
  return true;
}

/** Whether messages to this person go on WhatsApp: they asked, and their number has not said STOP since. */
export async function wantsWhatsApp(db: DbOrTx, person: { phone: string; whatsapp_opt_in: boolean }): Promise<boolean> {
  if (!person.whatsapp_opt_in) return false;
  const [stopped] = await db.select({ one: sql<number>`1` }).from(whatsapp_optouts).where(eq(whatsapp_optouts.phone, person.phone));
  return stopped === undefined;
}
