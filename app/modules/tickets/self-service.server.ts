import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees, cancelled_registrations, past_registrations } from "~/db/schema";
import { readSelfServiceToken } from "./ticket-token.server";

/**
 * The registration a self-service link opens: its id when the token is genuine and names the
 * link version the registration holds now (active, cancelled or of a past edition). Null for a
 * forged token, a door code, or a link an organiser's change of address or phone has replaced.
 * A registration found nowhere gives its id back: each page says "gone" in its own way.
 */
export async function selfServiceRegistration(db: DbOrTx, token: string, secret: string): Promise<string | null> {
  const claim = readSelfServiceToken(token, secret);
  if (!claim) return null;
  const version = await currentVersion(db, claim.id);
  return version === undefined || version === claim.version ? claim.id : null;
}

async function currentVersion(db: DbOrTx, id: string): Promise<number | undefined> {
  for (const table of [attendees, cancelled_registrations, past_registrations]) {
    const [row] = await db.select({ version: table.token_version }).from(table).where(eq(table.id, id)).limit(1);
    if (row) return row.version;
  }
  return undefined;
}
