import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users, agenda, attendees, audit_log, partners, speakers, special_guests } from "~/db/schema";
import { type Admin, createAdmin } from "~/modules/auth/accounts.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { lagosDate } from "~/ui/date-time";
import { DEMO_ABOUT, DEMO_AGENDA, DEMO_PARTNERS, DEMO_SPEAKERS, DEMO_SPECIAL_GUESTS } from "./demo-data";

// Fills an empty database with the fictional demo content, once. The audit log
// records that it happened: it tells later runs "already seeded", and tells
// organisers where the made-up speakers came from.

const DEMO_SEED_ACTION = "demo.seed";
const DEMO_EVENT_OFFSET_DAYS = 30;
// Two demo processes on one PostgreSQL database must not both seed.
const SEED_LOCK = 727275;

export type DemoSeedResult =
  | {
      seeded: true;
      eventDate: string;
      speakers: number;
      specialGuests: number;
      agendaItems: number;
      partners: number;
      admin: Admin | null;
    }
  | {
      seeded: false;
      /** already-seeded: an earlier run did it; not-empty: the database holds other data, which we leave alone. */
      reason: "already-seeded" | "not-empty";
    };

/** The calendar date `days` after `now`'s date in the event's time zone, as YYYY-MM-DD. */
export function eventDateFrom(now: Date, days: number): string {
  const date = new Date(`${lagosDate(now)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function seedDemo(
  db: DbOrTx,
  options: { today: Date; admin?: { email: string; name?: string; password: string } },
): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [marker] = await tx
      .select({ id: audit_log.id })
      .from(audit_log)
      .where(and(eq(audit_log.action, DEMO_SEED_ACTION), eq(audit_log.entity, "content")))
      .limit(1);
    if (marker) return { seeded: false, reason: "already-seeded" };
    // A demo pointed at a real database (DATABASE_URL) must not mix fake people into it.
    if (!(await isEmpty(tx))) return { seeded: false, reason: "not-empty" };

    const { today } = options;
    // Every list is shown in the order written, as organisers would arrange it.
    const stamp = (index: number) => new Date(today.getTime() - index * 60_000);
    const place = (i: number) => ({ order_index: i + 1, created_at: stamp(i) });
    await tx.insert(speakers).values(DEMO_SPEAKERS.map((speaker, i) => ({ ...speaker, ...place(i) })));
    await tx.insert(special_guests).values(DEMO_SPECIAL_GUESTS.map((guest, i) => ({ ...guest, ...place(i) })));
    await tx.insert(agenda).values(DEMO_AGENDA.map((item, i) => ({ ...item, ...place(i) })));
    await tx.insert(partners).values(DEMO_PARTNERS.map((partner, i) => ({ ...partner, ...place(i) })));

    const eventDate = eventDateFrom(today, DEMO_EVENT_OFFSET_DAYS);
    await updateSettings(tx, { event_date: eventDate, about: DEMO_ABOUT });
    const admin = options.admin ? await createAdmin(tx, options.admin) : null;

    const counts = {
      speakers: DEMO_SPEAKERS.length,
      specialGuests: DEMO_SPECIAL_GUESTS.length,
      agendaItems: DEMO_AGENDA.length,
      partners: DEMO_PARTNERS.length,
    };
    await tx.insert(audit_log).values({
      admin_id: admin?.id ?? null,
      admin_email: admin?.email ?? "npm run demo",
      action: DEMO_SEED_ACTION,
      entity: "content",
      details: { ...counts, eventDate },
    });
    return { seeded: true, eventDate, ...counts, admin };
  });
}

async function isEmpty(tx: DbOrTx): Promise<boolean> {
  for (const table of [speakers, special_guests, agenda, partners, attendees, admin_users]) {
    const [row] = await tx.select({ one: sql`1` }).from(table).limit(1);
    if (row) return false;
  }
  return true;
}
