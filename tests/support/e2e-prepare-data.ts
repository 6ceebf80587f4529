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
  await updateSettings(database.db, { event_date: eventDate });
  process.stdout.write(`${eventDate}\n`);
} finally {
  await database.close();
}
