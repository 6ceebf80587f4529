import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { channelPauses } from "~/modules/mail/channel-pauses.server";
import type { EventSettings } from "~/modules/settings/settings.server";
import { reminderProgress } from "~/modules/tickets/reminders.server";

// What the WhatsApp panel on Event Operations shows (docs/WHATSAPP.md): whether WhatsApp is
// configured, whether the channel is paused and why, this edition's WhatsApp messages by how far
// each got, how many that failed went by SMS instead, and what they cost at the price per message
// an organiser set. Shown while WhatsApp is configured, or when this edition has sent any.

/** The end of a failed WhatsApp message's error when its SMS stand-in went instead (mail/whatsapp-outbox.server.ts). */
const SMS_INSTEAD = "%sent by SMS instead";

export async function whatsappOverview(
  db: DbOrTx,
  settings: Pick<EventSettings, "edition_id" | "event_date" | "whatsapp_price_kobo">,
  { configured }: { configured: boolean },
) {
  // Each message counted once, by the furthest it got: a read message was delivered too, and a
  // delivered one sent. One aggregate over the edition's WhatsApp rows.
  const [counts] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mail_outbox.status} in ('pending', 'sending'))::int`,
      sent: sql<number>`count(*) filter (where ${mail_outbox.status} = 'sent' and ${mail_outbox.delivered_at} is null and ${mail_outbox.read_at} is null)::int`,
      delivered: sql<number>`count(*) filter (where ${mail_outbox.status} = 'sent' and ${mail_outbox.delivered_at} is not null and ${mail_outbox.read_at} is null)::int`,
      read: sql<number>`count(*) filter (where ${mail_outbox.status} = 'sent' and ${mail_outbox.read_at} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${mail_outbox.status} = 'failed')::int`,
      smsInstead: sql<number>`count(*) filter (where ${mail_outbox.status} = 'failed' and ${mail_outbox.last_error} like ${SMS_INSTEAD})::int`,
    })
    .from(mail_outbox)
    .where(and(eq(mail_outbox.channel, "whatsapp"), eq(mail_outbox.edition_id, settings.edition_id)));
  const c = counts ?? { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, smsInstead: 0 };
  const any = c.queued + c.sent + c.delivered + c.read + c.failed > 0;
  if (!configured && !any) return null;
  const pause = (await channelPauses(db)).find((p) => p.channel === "whatsapp") ?? null;
  const reminders = await reminderProgress(db, settings.event_date, "whatsapp");
  // What Meta accepted (and bills): sent, delivered or read.
  const accepted = c.sent + c.delivered + c.read;
  const price = settings.whatsapp_price_kobo;
  return {
    configured,
    pause: pause ? { reason: pause.reason, since: pause.paused_at.toISOString() } : null,
    counts: c,
    reminders: { queued: reminders.early.queued + reminders.due.queued, sent: reminders.early.sent + reminders.due.sent },
    accepted,
    priceKobo: price,
    // Accepted messages at the set price; null until a price is set.
    costKobo: price > 0 ? accepted * price : null,
  };
}

export type WhatsAppOverview = NonNullable<Awaited<ReturnType<typeof whatsappOverview>>>;
