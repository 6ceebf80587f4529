import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { certificates } from "~/db/schema";
import { type NetworkSlot, takeNetworkSlot } from "~/limits/network-limits.server";
import type { EventSettings } from "~/modules/settings/settings.server";
import { verifyCertificateCode } from "./certificate-code.server";
import type { Verification } from "./verification";

// What /verify says of a code. Only what the certificate itself shows, and only while it is
// meant to be checkable: the name, the event, its date and venue. An erased person's
// certificate says it is no longer available (not why); one past the organisers' verification
// period says it has expired; anything altered or never issued is simply not valid.

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 60 * 60_000;

/** How many days after the event a certificate verifies: the organisers' choice, else the retention period. */
function certificateValidDays(settings: Pick<EventSettings, "certificate_valid_days" | "retention_days">): number {
  return settings.certificate_valid_days ?? settings.retention_days;
}

/** The end of verification: the event day's end in Gusau, plus the days. */
function certificateExpiry(eventDate: string, validDays: number): Date {
  const [year, month, day] = eventDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1) - LAGOS_OFFSET_MS + validDays * DAY_MS);
}

/**
 * What starting the next edition leaves of the current one's certificates (its review screen
 * says so): how many were issued and still stand, and until when they verify.
 */
export async function editionCertificates(
  db: DbOrTx,
  edition: number,
  settings: Pick<EventSettings, "event_date" | "certificate_valid_days" | "retention_days">,
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certificates)
    .where(and(eq(certificates.edition_id, edition), isNull(certificates.withdrawn_at), isNull(certificates.expired_at)));
  return { issued: row?.n ?? 0, verifiableUntil: certificateExpiry(settings.event_date, certificateValidDays(settings)) };
}

export async function verifyCertificate(
  db: DbOrTx,
  input: string,
  {
    secret,
    settings,
    now = new Date(),
  }: { secret: string; settings: Pick<EventSettings, "certificate_valid_days" | "retention_days">; now?: Date },
): Promise<Verification> {
  const serial = verifyCertificateCode(input, secret);
  if (!serial) return { state: "invalid" };
  const [row] = await db.select().from(certificates).where(eq(certificates.serial, serial)).limit(1);
  if (!row) return { state: "invalid" };
  if (row.withdrawn_at !== null) return { state: "withdrawn" };
  const expired =
    row.expired_at !== null || row.full_name === null || now >= certificateExpiry(row.event_date, certificateValidDays(settings));
  if (expired) return { state: "expired" };
  return {
    state: "valid",
    fullName: row.full_name as string,
    eventName: row.event_name,
    eventDate: row.event_date,
    venue: row.venue,
    issuedAt: row.issued_at.toISOString(),
  };
}

// Checks per network (an IPv4 address or an IPv6 /64) per 10 minutes. An employer or a
// scholarship office checks a handful; a script walking codes is stopped long before it
// could matter (and the signature already rejects invented codes without a lookup).
const VERIFY_WINDOW_MS = 10 * 60_000;
export const VERIFY_CEILING = 60;

/** Counts one check from `ip`'s network; refused with the seconds until its window ends once over the ceiling. */
export function takeVerifySlot(db: DbOrTx, ip: string, now = new Date()): Promise<NetworkSlot> {
  return takeNetworkSlot(db, ip, { name: "verify", windowMs: VERIFY_WINDOW_MS, ceiling: VERIFY_CEILING, now });
}

/**
 * Erasure withdraws: the certificates of these registrations (current or past editions) stop
 * verifying and lose the name they carried. Inside the erasure's transaction.
 */
export async function withdrawCertificates(tx: DbOrTx, registrationIds: readonly string[], now = new Date()): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx
    .update(certificates)
    .set({ withdrawn_at: now, full_name: null })
    .where(and(sql`${certificates.registration_id} in ${registrationIds}`, isNull(certificates.withdrawn_at)));
}

/**
 * The verification period's end: certificates past it lose the name they carried (the page
 * already says "expired" from that instant; this deletes what it no longer shows). Runs with
 * the retention purge's schedule; returns how many expired.
 */
export async function expireCertificates(
  db: DbOrTx,
  settings: Pick<EventSettings, "certificate_valid_days" | "retention_days">,
  now = new Date(),
): Promise<number> {
  const days = certificateValidDays(settings);
  // The same instant as certificateExpiry: the day after the event date at 00:00 in Gusau (UTC+1), plus the days.
  const expiry = sql`((${certificates.event_date} + 1)::timestamp - interval '1 hour' + make_interval(days => ${days}::int)) at time zone 'UTC'`;
  const expired = await db
    .update(certificates)
    .set({ expired_at: now, full_name: null })
    .where(and(isNull(certificates.expired_at), isNull(certificates.withdrawn_at), lt(expiry, now)))
    .returning({ id: certificates.id });
  return expired.length;
}

/** A registration's certificate while it verifies (the ticket page offers it for download then), else undefined. */
export async function certificateOfRegistration(
  db: DbOrTx,
  registrationId: string,
  settings: Pick<EventSettings, "certificate_valid_days" | "retention_days">,
  now = new Date(),
) {
  const [row] = await db.select().from(certificates).where(eq(certificates.registration_id, registrationId)).limit(1);
  if (!row || row.withdrawn_at !== null || row.expired_at !== null || row.full_name === null) return undefined;
  if (now >= certificateExpiry(row.event_date, certificateValidDays(settings))) return undefined;
  return { ...row, full_name: row.full_name };
}
