import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { SETTINGS_ID } from "~/db/schema";
import { registrationSchema } from "~/modules/person/fields";
import { registerAttendee } from "~/modules/registration/registration.server";
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
