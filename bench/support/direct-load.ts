import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { networkLadder } from "~/client-network.server";
import type { Db } from "~/db/client.server";
import { SETTINGS_ID } from "~/db/schema";
import { takePostSlot } from "~/limits/network-limits.server";
import { holdOrPass } from "~/modules/booking-protection/hold-gate.server";
import { spendStamp } from "~/modules/booking-protection/human-check.server";
import { registrationSchema } from "~/modules/person/fields";
import { registerAttendee } from "~/modules/registration/registration.server";
import { getGateSettings } from "~/modules/settings/settings.server";
import { uniqueRegistration } from "./http-load";

export type DirectResult = { ok: number; failed: number; seconds: number; perSecond: number; p50: number; p99: number };

/** `concurrency` callers share `amount` operations; latency is per operation, in ms. */
async function drive(amount: number, concurrency: number, operation: () => Promise<boolean>): Promise<DirectResult> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const caller = async () => {
    while (next < amount) {
      next++;
      const t = performance.now();
      const succeeded = await operation().catch(() => false);
      latencies.push(performance.now() - t);
      if (succeeded) ok++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { ok, failed, seconds, perSecond: ok / seconds, p50: at(0.5), p99: at(0.99) };
}

/** registerAttendee itself: the action's transaction without HTTP, parsing or rendering. */
export function runDirectRegistrations(db: Db, options: { amount: number; concurrency: number; secret: string }) {
  return drive(options.amount, options.concurrency, async () => {
    const input = registrationSchema.parse(uniqueRegistration());
    const result = await registerAttendee(db, input, { secret: options.secret });
    return result.ok;
  });
}

/**
 * registerAttendee behind the booking protection's database work for one post, as /register's
 * action does it (registration/actions.server.ts): the form stamp spent, the network's post slot,
 * the settings read, the hold gate's counters (each IPv6 post a new /48: three network sizes,
 * the domain, everyone) and surges, the held-address look. Its gap to runDirectRegistrations is
 * what the protection costs a registration in the database. The bench's thresholds are out of
 * reach (databases.ts), so nothing is held.
 */
export function runGuardedRegistrations(db: Db, options: { amount: number; concurrency: number; secret: string }) {
  return drive(options.amount, options.concurrency, async () => {
    const input = registrationSchema.parse(uniqueRegistration());
    const ip = `2001:db8:${randomBytes(4)
      .toString("hex")
      .replace(/(....)(....)/, "$1:$2")}::1`;
    const [fresh, slot] = await Promise.all([
      spendStamp(db, randomBytes(18).toString("base64url")),
      takePostSlot(db, ip, { ceiling: 1_000_000 }),
    ]);
    if (!fresh || !slot.ok) return false;
    const settings = await getGateSettings(db);
    const held = await holdOrPass(
      db,
      { ...input, language: "en" },
      { networks: networkLadder(ip), proved: false, settings, intent: "register" },
    );
    if (held) return false;
    const result = await registerAttendee(db, input, { secret: options.secret });
    return result.ok;
  });
}

/**
 * The floor under any locked registration: BEGIN; SELECT … FOR UPDATE on the
 * settings row; INSERT one attendee; COMMIT — no count, no duplicate check, no mail row.
 */
export function runBareTransactions(db: Db, options: { amount: number; concurrency: number }) {
  return drive(options.amount, options.concurrency, async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select max_attendees from event_settings where id = ${SETTINGS_ID} for update`);
      const id = randomUUID();
      await tx.execute(sql`insert into attendees (id, full_name, email, phone, gender, ticket_id)
        values (${id}, 'Bare Insert', ${`bare-${id}@example.org`}, '08030000000', 'female', ${id})`);
    });
    return true;
  });
}
