// Run by the e2e global setup before the server starts (the server then holds the
// data directory's lock), on the embedded database or DATABASE_URL's. A fresh database
// carries the default event date, 12 August 2025, which is past: registration would be
// closed. An organiser would set the coming date in Event Settings; this does the same,
// 30 days ahead in Africa/Lagos.
import path from "node:path";
import { openDbConnection } from "~/db/client.server";
import { updateSettings } from "~/modules/settings/settings.server";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const lagosToday = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 10);
const eventDate = new Date(Date.parse(`${lagosToday}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
const url = process.env.DATABASE_URL;
const database = await openDbConnection(url ? { kind: "postgres", url } : { kind: "pglite", dir: path.join(dataDir, "db") });
try {
  // Every test registers from 127.0.0.1, which a real site would take for one network
  // registering faster than people do, and hold (registration/holds.server.ts). The attack
  // suite keeps the defaults (E2E_HOLDS=default); the other tests set the rates out of reach.
  const holds =
    process.env.E2E_HOLDS === "default"
      ? {}
      : { hold_network_per_minute: 10_000, hold_domain_per_10_minutes: 10_000, hold_overall_per_minute: 10_000 };
  await updateSettings(database.db, { event_date: eventDate, ...holds });
  process.stdout.write(`${eventDate}\n`);
} finally {
  await database.close();
}
