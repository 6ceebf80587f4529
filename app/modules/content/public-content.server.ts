import { count, eq } from "drizzle-orm";
import { publicContentGeneration } from "~/cache/public-content-generation";
import type { DbOrTx } from "~/db/client.server";
import { door_walk_in_shares, waitlist, walk_ins } from "~/db/schema";
import { imageSizes } from "~/modules/media/media.server";
import { type CurrentEdition, currentEdition } from "~/modules/settings/current-edition.server";
import { type EventSettings, getSettings } from "~/modules/settings/settings.server";
import {
  type AgendaItem,
  listAgenda,
  listPartners,
  listSpeakers,
  listSpecialGuests,
  type Partner,
  type SpeakerRecord,
  type SpecialGuestRecord,
} from "./content.server";

export type PublicContent = {
  settings: EventSettings;
  /** the edition running now ("First edition"), in every language */
  edition: CurrentEdition;
  /** seats offered to the waitlist: taken, as far as visitors are concerned */
  heldSeats: number;
  /** walk-ins registered at the door: they use the seats kept for them (settings.walk_in_seats) first */
  walkIns: number;
  /** seats door phones hold for offline walk-ins: kept for the door as well */
  doorShares: number;
  /** with every language's texts: landingPage picks the reader's */
  speakers: SpeakerRecord[];
  specialGuests: SpecialGuestRecord[];
  agenda: AgendaItem[];
  partners: Partner[];
  /** stored width and height of the partners' logos, by URL (ours only) */
  logoSizes: Map<string, { width: number; height: number }>;
};

// The landing page reads everything at once and is the page
// that takes the load, so its data is kept in memory. Writes in this process
// invalidate it; other instances see a change within the TTL. Kept per database handle: a
// process serves one database, and a copy read from another (a test's) must never be shown.
const PUBLIC_CONTENT_TTL_MS = 5_000;

type Entry = { value: Promise<PublicContent>; expires: number; generation: number };
const entries = new WeakMap<DbOrTx, Entry>();

async function loadPublicContent(db: DbOrTx): Promise<PublicContent> {
  const [settings, edition, speakers, specialGuests, agenda, partners, [held], [walkIns], [shares]] = await Promise.all([
    getSettings(db),
    currentEdition(db),
    listSpeakers(db),
    listSpecialGuests(db),
    listAgenda(db),
    listPartners(db),
    db.select({ n: count() }).from(waitlist).where(eq(waitlist.status, "offered")),
    db.select({ n: count() }).from(walk_ins),
    db.select({ n: count() }).from(door_walk_in_shares),
  ]);
  const logoSizes = await imageSizes(db, [settings.logo_url, ...partners.map((p) => p.logo_url)]);
  return {
    settings,
    edition,
    heldSeats: held?.n ?? 0,
    walkIns: walkIns?.n ?? 0,
    doorShares: shares?.n ?? 0,
    speakers,
    specialGuests,
    agenda,
    partners,
    logoSizes,
  };
}

export function getPublicContent(db: DbOrTx, now = Date.now()): Promise<PublicContent> {
  const generation = publicContentGeneration();
  const entry = entries.get(db);
  if (entry && entry.expires > now && entry.generation === generation) return entry.value;
  const value = loadPublicContent(db);
  const current = { value, expires: now + PUBLIC_CONTENT_TTL_MS, generation };
  entries.set(db, current);
  // A failed read must not be served from the cache.
  value.catch(() => {
    if (entries.get(db) === current) entries.delete(db);
  });
  return value;
}
