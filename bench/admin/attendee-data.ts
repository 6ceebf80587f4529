import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { admin_users, attendees } from "~/db/schema";
import { createSession } from "~/modules/auth/session.server";
import { SESSION_COOKIE } from "~/modules/auth/session-policy";
import { lgasOf, STATE_NAMES } from "~/modules/person/nigeria";
import { updateSettings } from "~/modules/settings/settings.server";

// The bench's data: generated attendees and an admin session to request the pages with.

// Deterministic, so every run measures the same list.
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const FIRST = [
  "Aminu",
  "Fatima",
  "Abubakar",
  "Aisha",
  "Ibrahim",
  "Zainab",
  "Musa",
  "Hauwa",
  "Sani",
  "Maryam",
  "Chidi",
  "Ngozi",
  "Tunde",
  "Funmi",
  "Emeka",
  "Amina",
  "Ɗanladi",
  "Ƙasimu",
  "Bello",
  "Samira",
  "Yusuf",
  "Halima",
  "Kabiru",
  "Rukayya",
];
const LAST = [
  "Bello",
  "Abdullahi",
  "Usman",
  "Garba",
  "Okafor",
  "Adeyemi",
  "Lawal",
  "Sulaiman",
  "Danjuma",
  "Ƙaura",
  "Gusau",
  "Maru",
  "Okoro",
  "Balogun",
  "Ahmed",
  "Shehu",
  "Tsafe",
  "Yakubu",
];
const ORGS = ["", "Zamfara Youth Council", "Gusau Polytechnic", "Federal University Gusau", "Self-employed", "Ministry of Youth", "NYSC"];
const POSITIONS = ["", "Student", "Coordinator", "Volunteer", "Trader", "Teacher", "Engineer"];

// The Hausa hooked letters as their plain ones, for addresses: the transport refuses a recipient
// that is not one bare (ASCII) address, so "Ɗanladi.Ƙaura.7@…" would fail and never arrive.
const PLAIN: Record<string, string> = { Ɓ: "B", ɓ: "b", Ɗ: "D", ɗ: "d", Ƙ: "K", ƙ: "k", Ƴ: "Y", ƴ: "y" };
const ascii = (name: string) => name.replace(/[ƁɓƊɗƘƙƳƴ]/g, (c) => PLAIN[c] ?? c);

/** Whether row `i` is in Hausa when a share `hausa` (0 to 1) of them are: spread evenly, so every batch mixes both. */
const isHausa = (i: number, hausa: number) => Math.floor((i + 1) * hausa) > Math.floor(i * hausa);

function attendeeRows(count: number, hausa: number) {
  const random = mulberry32(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const start = Date.UTC(2026, 8, 1);
  const span = Date.UTC(2026, 10, 20) - start;
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    // Most registrants from the host state, the rest spread over the country.
    const state = random() < 0.55 ? "Zamfara" : random() < 0.05 ? "" : pick(STATE_NAMES);
    const g = random();
    return {
      full_name: `${first} ${last}`,
      email: `${ascii(first)}.${ascii(last)}.${i}@example.com`.toLowerCase(),
      phone: `+23480${String(10_000_000 + i).padStart(8, "0")}`,
      gender: g < 0.52 ? ("male" as const) : g < 0.98 ? ("female" as const) : ("other" as const),
      organization: pick(ORGS),
      position: pick(POSITIONS),
      state,
      local_government: state ? pick(lgasOf(state)) : "",
      reason: random() < 0.5 ? "" : "To learn, meet other young leaders and contribute to peacebuilding in my community.",
      ticket_id: `ZYS-${(start + i).toString(36).toUpperCase()}-${i.toString(36).toUpperCase().padStart(6, "0")}`,
      consent_at: new Date(start + Math.floor(random() * span)),
      created_at: new Date(start + Math.floor(random() * span)),
      language: isHausa(i, hausa) ? "ha" : "en",
    };
  });
}

/**
 * Inserts `count` generated attendees in batches of 500, then ANALYZE. The event is put a
 * month ahead, as on a live site with registrations: on the default date, long past, a
 * server started on this data would delete them at once (the retention purge). `hausa`: the
 * share of them who registered in Hausa (their e-mails are in Hausa); none by default.
 */
export async function seed(db: DbOrTx, count: number, { hausa = 0 }: { hausa?: number } = {}): Promise<{ ms: number }> {
  const rows = attendeeRows(count, hausa);
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 500) await db.insert(attendees).values(rows.slice(i, i + 500));
  await db.execute(sql`analyze attendees`);
  const ms = performance.now() - t0;
  // The rush's registrations all come from 127.0.0.1: the hold rates out of reach, as for every load bench.
  await updateSettings(db, {
    event_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    hold_network_per_minute: 10_000,
    hold_domain_per_10_minutes: 10_000,
    hold_overall_per_minute: 100_000,
  });
  return { ms };
}

/** An admin (an organiser, or with `role: "checkin"` a check-in account) and a session for it, as the cookie header value the server expects. */
export async function createBenchSession(db: DbOrTx, { role = "organiser" }: { role?: "organiser" | "checkin" } = {}): Promise<string> {
  const [admin] = await db
    .insert(admin_users)
    .values({
      email: role === "organiser" ? "bench-admin@example.org" : "bench-door@example.org",
      name: "Bench Admin",
      password_hash: "not-used",
      role,
    })
    .returning({ id: admin_users.id });
  if (!admin) throw new Error("no admin row");
  const { token } = await createSession(db, admin.id, { now: new Date() });
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
}
