import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { attendees } from "~/db/schema";
import { storedPhone } from "~/modules/person/phone.server";
import { MAX_REGISTRATIONS_PER_PHONE } from "./registration.server";

/**
 * "s***@gmail.com": enough for the holder to know their address, too little to give it to
 * whoever typed the phone number. The domain stays: it is what says which mailbox to look in.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${Array.from(email.slice(0, at))[0]}***${email.slice(at)}`;
}

/**
 * The registrations already made with this phone number, as the form may show them (each
 * address masked; none when the site sends the ticket by SMS instead), or null when there are
 * none, or when the address typed is one of them: that is the same person registering again,
 * which the e-mail's own duplicate answer ("Send my ticket again") covers.
 */
export async function phoneOnFile(db: DbOrTx, phone: string, email: string): Promise<{ emails: string[] } | null> {
  const rows = await db
    .select({ email: attendees.email, same: sql<boolean>`lower(trim(${attendees.email})) = lower(trim(${email}))` })
    .from(attendees)
    .where(eq(attendees.phone, storedPhone(phone)))
    .orderBy(attendees.created_at)
    .limit(MAX_REGISTRATIONS_PER_PHONE);
  if (rows.length === 0 || rows.some((row) => row.same)) return null;
  return { emails: [...new Set(rows.flatMap((row) => (row.email ? [maskEmail(row.email)] : [])))] };
}
