// Prepares an e2e site's database before its server starts (the server then holds the embedded
// database's lock), in one process: a new process per step paid a TypeScript loader and a
// database start-up each, seconds apiece on a loaded machine. Reads E2E_SITE (JSON, SitePlan),
// DATA_DIR and DATABASE_URL; prints { eventDate, seeded } as JSON.
//
// With E2E_PGLITE_TEMPLATE (a migrated embedded data directory, made once per run by
// `E2E_MAKE_TEMPLATE=<dir>`), a new embedded database starts as a copy of it: creating and
// migrating one takes seconds, copying it a fraction of one.
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { openDbConnection } from "~/db/client.server";
import { updateSettings } from "~/modules/settings/settings.server";
import { addAccounts, type SiteAccount, seedAttendees, seedPastEdition, setComingEvent } from "./e2e-site-data";

export type SitePlan = {
  accounts: SiteAccount[];
  holds?: "default";
  attendees?: number;
  capacity?: number;
  pastEdition?: boolean;
  /** as a fresh install: the settings never saved (no coming event set), accounts only */
  fresh?: boolean;
};

const makeTemplate = process.env.E2E_MAKE_TEMPLATE;
if (makeTemplate) {
  const database = await openDbConnection({ kind: "pglite", dir: makeTemplate });
  await database.close();
} else {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR is required");
  const plan = JSON.parse(process.env.E2E_SITE ?? "{}") as SitePlan;
  const url = process.env.DATABASE_URL;
  const dir = path.join(dataDir, "db");
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (!url && template && !existsSync(dir)) cpSync(template, dir, { recursive: true });
  const database = await openDbConnection(url ? { kind: "postgres", url } : { kind: "pglite", dir });
  try {
    await addAccounts(database.db, plan.accounts ?? []);
    const eventDate = plan.fresh ? "" : await setComingEvent(database.db, plan.holds);
    const seeded = plan.attendees ? await seedAttendees(database.db, plan.attendees) : [];
    if (plan.pastEdition) await seedPastEdition(database.db);
    if (plan.capacity !== undefined) await updateSettings(database.db, { max_attendees: plan.capacity });
    process.stdout.write(`${JSON.stringify({ eventDate, seeded })}\n`);
  } finally {
    await database.close();
  }
}
