import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMailboxServer } from "./mailbox-server";
import { ensureProductionBuild, type ProductionServer, startProductionServer } from "./production-server";
import { makePgliteTemplate, prepareSite } from "./site-preparation";
import { startSmtpCapture } from "./smtp-capture";

// Playwright's globalSetup: runs the PRODUCTION build (node server/start.js) on a
// fresh embedded database, with its mail going to an SMTP capture that test
// workers read through tests/support/mailbox-client.ts. Workers inherit the
// E2E_* variables set here. globalTeardown (e2e-global-teardown.ts) stops it all.

export const E2E_ADMIN_EMAIL = "e2e-admin@example.org";
/** A check-in account (the door's role), for the role tests. */
export const E2E_DOOR_EMAIL = "e2e-door@example.org";

/** A browser's saved state: the door's "yes" to checking in before the event's day. */
function earlyDoorState(eventDate: string) {
  const cookie = { name: "summit-door-early", value: eventDate, domain: "127.0.0.1", path: "/admin" };
  const expires = Math.floor(Date.now() / 1000) + 120 * 86_400;
  return { cookies: [{ ...cookie, expires, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] };
}

type E2eState = { stop: () => Promise<void> };
const holder = globalThis as unknown as { __summitE2e?: E2eState };

export default async function globalSetup() {
  // `npm test` builds right before; a bare `playwright test` builds if there is no build.
  ensureProductionBuild("if-missing");
  const dir = mkdtempSync(path.join(tmpdir(), "summit-e2e-"));
  const dataDir = path.join(dir, "data");
  const capture = await startSmtpCapture();
  const mailbox = await startMailboxServer(capture);
  let server: ProductionServer | undefined;
  const stop = async () => {
    await server?.stop();
    await mailbox.stop();
    await capture.stop();
    if (!process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
  };
  holder.__summitE2e = { stop };

  try {
    // The accounts and the data preparation work on the server's own embedded database, before
    // the server holds its lock; every other site's embedded database starts as a copy of the
    // migrated template made first (site-preparation.ts).
    makePgliteTemplate(path.join(dir, "pglite-template"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    delete env.DATABASE_URL;
    delete env.SESSION_SECRET;
    const password = `e2e-${randomBytes(12).toString("hex")}`;
    const { eventDate } = prepareSite(env, {
      accounts: [
        { email: E2E_ADMIN_EMAIL, name: "E2E Admin", password },
        { email: E2E_DOOR_EMAIL, name: "Door Team", role: "checkin", password },
      ],
    });
    process.env.E2E_EVENT_DATE = eventDate;
    // The event is 30 days ahead, and a door asks once before checking anyone in before its day
    // (app/modules/checkin/early-door.ts). Every browser and request context of the suite starts
    // as a door that has said yes (the cookie holds for any port of 127.0.0.1: the private sites
    // share the date); check-in.spec.ts clears it to meet the question.
    const storageState = path.join(dir, "storage-state.json");
    writeFileSync(storageState, JSON.stringify(earlyDoorState(eventDate)));
    process.env.E2E_STORAGE_STATE = storageState;

    // Every test's browser comes from 127.0.0.1: the per-address ceiling on the public forms
    // (meant for one carrier address among many) would count the whole suite as one visitor.
    // hostile-requests.spec.ts checks the ceiling on a server with the default.
    server = await startProductionServer({ dataDir, smtpUrl: capture.url, output: "forward", env: { FORM_POSTS_PER_IP: "1000000" } });
    const baseUrl = server.url;

    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_MAILBOX_URL = mailbox.url;
    process.env.E2E_DATA_DIR = dataDir;
    process.env.E2E_ADMIN_EMAIL = E2E_ADMIN_EMAIL;
    process.env.E2E_ADMIN_PASSWORD = password;
    process.env.E2E_DOOR_EMAIL = E2E_DOOR_EMAIL;
  } catch (error) {
    await stop();
    holder.__summitE2e = undefined;
    throw error;
  }
}

export async function stopE2eEnvironment() {
  const state = holder.__summitE2e;
  holder.__summitE2e = undefined;
  await state?.stop();
}
