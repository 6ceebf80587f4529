import { stopE2eEnvironment } from "./e2e-global-setup";

// Stops what globalSetup started: the server (SIGTERM, so it releases its data-dir lock), the mailbox and the SMTP capture.
export default async function globalTeardown() {
  await stopE2eEnvironment();
}
