import { spawnSync } from "node:child_process";
import path from "node:path";
import type { SitePlan } from "./e2e-prepare-site";
import type { SeededAttendee } from "./e2e-site-data";

// Runs e2e-prepare-site.ts, the one process that gives an e2e site its accounts, its event date
// and what a test asked to find there, before the site's server starts.

const root = path.resolve(import.meta.dirname, "../..");

function runPreparation(env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", "tests/support/e2e-prepare-site.ts"], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`preparing the e2e site failed (exit ${result.status}): ${result.stderr || result.stdout || result.error?.message}`);
  }
  return result.stdout;
}

/** The site's data: `env` carries DATA_DIR and, for PostgreSQL, DATABASE_URL. */
export function prepareSite(env: NodeJS.ProcessEnv, plan: SitePlan): { eventDate: string; seeded: SeededAttendee[] } {
  return JSON.parse(runPreparation({ ...env, E2E_SITE: JSON.stringify(plan) }));
}

/**
 * A migrated embedded database at `dir`, which every e2e site on the embedded database then
 * starts from (E2E_PGLITE_TEMPLATE, set here for the workers Playwright starts after its global setup).
 */
export function makePgliteTemplate(dir: string): void {
  runPreparation({ ...process.env, E2E_MAKE_TEMPLATE: dir });
  process.env.E2E_PGLITE_TEMPLATE = dir;
}
