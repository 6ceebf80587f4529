import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { podman, removeAll, waitForOk } from "../support/podman";
import { makeRegistrant, registerViaForm } from "../support/register-helper";
import { registrationBurst } from "../support/registration-burst";
import { siteMail } from "../support/site-mailbox";
import { ADMIN, IMAGE, recordFigure, runApp, setEventAMonthOut, signIn, startAgain } from "./container-site";

// The image on its own, as `docker run` with a volume would run it: the embedded database, the
// local mailbox and the generated session secret all in /data.

const PREFIX = "summit-ct-embedded";
const NAME = `${PREFIX}-app`;
const VOLUME = `${PREFIX}-data`;
const PORT = 3911;
const BASE = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial" });
test.beforeAll(() => removeAll(PREFIX));
test.afterAll(() => removeAll(PREFIX));

/** The volume's directory on this machine: the tests read the local mailbox there. */
async function volumeDir(): Promise<string> {
  return (await podman(["volume", "inspect", VOLUME, "--format", "{{.Mountpoint}}"])).stdout.trim();
}

/** How many messages the volume's local mailbox holds for each recipient. */
async function mailboxByRecipient(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const mail of await siteMail({ dataDir: await volumeDir() })) {
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

test("serves from a volume, never as root: first admin, an event a month out, a registration without JavaScript, a restart", async ({
  browser,
}) => {
  const coldStartMs = await runApp({ name: NAME, port: PORT, volume: VOLUME });
  recordFigure("cold start, embedded database, new volume (ms to /healthz 200)", coldStartMs);

  // Every process in the container runs as the image's `node` user, tini included.
  expect((await podman(["exec", NAME, "id", "-u"])).stdout.trim()).toBe("1000");
  const users = (await podman(["top", NAME, "user", "comm"])).stdout.trim().split("\n").slice(1);
  expect(users.length).toBeGreaterThan(0);
  for (const line of users) expect(line).toMatch(/^node\s/);
  expect((await podman(["healthcheck", "run", NAME], { allowFailure: true })).code, "HEALTHCHECK").toBe(0);
  // The secret was generated into the volume, never baked into the image.
  expect((await podman(["exec", NAME, "stat", "-c", "%a %U", "/data/session-secret"])).stdout.trim()).toBe("600 node");
  expect((await podman(["run", "--rm", IMAGE, "ls", "-A", "/data"])).stdout.trim()).toBe("");

  // The first organiser, while the site runs, as the operator's guide says: the server holds the embedded
  // database alone, so the command asks it over its socket in /data/run to add the account.
  const added = await podman(["exec", "-i", NAME, "npm", "run", "--silent", "admin", "--", "add", ADMIN.email, "--name", ADMIN.name], {
    input: `${ADMIN.password}\n`,
  });
  expect(added.stdout, added.stderr).toContain(`Added admin ${ADMIN.email}`);

  const organiser = await signIn(browser, BASE);
  await setEventAMonthOut(organiser, { crowd: true });

  // A visitor whose phone runs no JavaScript registers through the plain form.
  const visitor = await (await browser.newContext({ baseURL: BASE, javaScriptEnabled: false })).newPage();
  await visitor.goto("/register");
  const person = makeRegistrant();
  const ticket = await registerViaForm(visitor, person);
  expect(ticket.ticketId).toMatch(/^ZYS-/);
  await expect.poll(async () => (await mailboxByRecipient()).get(person.email.toLowerCase()) ?? 0, { timeout: 30_000 }).toBe(1);

  // After a restart the registration, the organiser's session and the secret are all still there.
  const restarting = Date.now();
  await podman(["restart", NAME]);
  await waitForOk(`${BASE}/healthz`);
  recordFigure("podman restart (ms to /healthz 200)", Date.now() - restarting);
  await organiser.goto("/admin/attendees");
  await expect(organiser.getByRole("table").getByText(person.email.toLowerCase())).toBeVisible();
  expect((await podman(["healthcheck", "run", NAME], { allowFailure: true })).code).toBe(0);

  // A backup while it runs, taken off the machine and restored into a new volume, as the operator's guide says.
  const backup = await podman(["exec", NAME, "npm", "run", "--silent", "backup"]);
  const file = /\/data\/backups\/(summit-[^ ]+\.tar\.gz)/.exec(backup.stdout)?.[1];
  expect(file, backup.stdout).toBeDefined();
  const away = mkdtempSync(path.join(tmpdir(), "summit-ct-backup-"));
  try {
    await podman(["cp", `${NAME}:/data/backups/${file}`, away]);
    chmodSync(away, 0o755);
    chmodSync(path.join(away, file ?? ""), 0o644);
    const restored = await podman([
      "run",
      "--rm",
      "-v",
      `${PREFIX}-restored:/data`,
      "-v",
      `${away}:/in:ro`,
      IMAGE,
      "npm",
      "run",
      "--silent",
      "restore",
      "--",
      `/in/${file}`,
    ]);
    expect(restored.stdout).toMatch(/^Restored 1 attendee and 1 admin account/);
  } finally {
    rmSync(away, { recursive: true, force: true });
  }
});

test("podman stop in the middle of a registration burst loses nothing acknowledged; after the restart each ticket is mailed once", async () => {
  let stopping: Promise<unknown> | undefined;
  let stopStartedAt = 0;
  const posts = await registrationBurst({
    urls: [BASE],
    total: 400,
    concurrency: 8,
    onRegistered: (acknowledged) => {
      if (acknowledged === 40 && !stopping) {
        stopStartedAt = Date.now();
        stopping = podman(["stop", NAME]);
      }
    },
  });
  expect(stopping, "40 registrations acknowledged before the stop").toBeDefined();
  await stopping;
  const stopMs = Date.now() - stopStartedAt;
  recordFigure("podman stop during a burst (ms, SIGTERM to exit; 10 s would mean killed)", stopMs);
  expect(stopMs, "the server drained and exited by itself, before podman's 10 s kill").toBeLessThan(9_500);
  const exit = (await podman(["inspect", NAME, "--format", "{{.State.ExitCode}}"])).stdout.trim();
  expect(exit, "exit code after SIGTERM").toBe("0");

  const told = posts.filter((post) => post.outcome === "registered");
  expect(posts.filter((post) => post.outcome === "refused" || post.outcome === "full")).toEqual([]);
  expect(
    posts.some((post) => post.outcome === "no-answer"),
    "the stop came in the middle of the burst",
  ).toBe(true);

  await startAgain(NAME, PORT);
  // Every acknowledged registration gets its ticket, once: the outbox delivers what was queued.
  const mailed = async () => {
    const counts = await mailboxByRecipient();
    return told.filter((post) => counts.get(post.email) !== 1).length;
  };
  await expect.poll(mailed, { timeout: 60_000, intervals: [1_000] }).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const counts = await mailboxByRecipient();
  expect(
    [...counts].filter(([, n]) => n > 1),
    "recipients mailed twice",
  ).toEqual([]);
  recordFigure("stop during a burst: acknowledged, unanswered, mailed once", {
    acknowledged: told.length,
    unanswered: posts.filter((post) => post.outcome === "no-answer").length,
    mailedOnce: told.length,
  });
});
