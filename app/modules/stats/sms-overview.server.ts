import { and, eq, sql } from "drizzle-orm";
import type { Config } from "~/config.server";
import type { DbOrTx } from "~/db/client.server";
import { mail_outbox } from "~/db/schema";
import { channelPauses } from "~/modules/mail/channel-pauses.server";
import type { EventSettings } from "~/modules/settings/settings.server";
import { configuredSmsStatus, type SmsConfig } from "~/modules/sms/transport.server";
import { reminderProgress } from "~/modules/tickets/reminders.server";

// What the SMS panel on Event Operations shows: the gateway, whether the channel is paused,
// the SMS of this edition by state, and what they cost by the price per segment an organiser set.

export async function smsOverview(
  db: DbOrTx,
  config: SmsConfig & Pick<Config, "nodeEnv" | "demo">,
  settings: Pick<EventSettings, "edition_id" | "event_date" | "sms_price_kobo">,
) {
  const [counts] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mail_outbox.status} in ('pending', 'sending'))::int`,
      sent: sql<number>`count(*) filter (where ${mail_outbox.status} = 'sent')::int`,
      delivered: sql<number>`count(*) filter (where ${mail_outbox.status} = 'sent' and ${mail_outbox.delivered_at} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${mail_outbox.status} = 'failed')::int`,
      segments: sql<number>`coalesce(sum(${mail_outbox.segments}) filter (where ${mail_outbox.status} = 'sent'), 0)::int`,
    })
    .from(mail_outbox)
    .where(and(eq(mail_outbox.channel, "sms"), eq(mail_outbox.edition_id, settings.edition_id)));
  const pause = (await channelPauses(db)).find((p) => p.channel === "sms") ?? null;
  const reminders = await reminderProgress(db, settings.event_date, "sms");
  const c = counts ?? { queued: 0, sent: 0, delivered: 0, failed: 0, segments: 0 };
  return {
    status: configuredSmsStatus(config),
    pause: pause ? { reason: pause.reason, since: pause.paused_at.toISOString() } : null,
    counts: c,
    reminders: { queued: reminders.early.queued + reminders.due.queued, sent: reminders.early.sent + reminders.due.sent },
    priceKobo: settings.sms_price_kobo,
    // Sent segments at the set price; null until a price is set.
    costKobo: settings.sms_price_kobo > 0 ? c.segments * settings.sms_price_kobo : null,
  };
}

export type SmsOverview = Awaited<ReturnType<typeof smsOverview>>;
