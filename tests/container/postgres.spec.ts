import { expect, test } from "@playwright/test";
import { POSTGRES_IMAGE } from "../support/container-stand-ins";
import { podman, removeAll } from "../support/podman";
import { registrationBurst } from "../support/registration-burst";
import { ADMIN, recordFigure, runApp, setEventAMonthOut, signIn } from "./container-site";

// As compose.yaml runs it, scaled to two: two app containers on one network with PostgreSQL,
// sharing one /data volume (its session secret, uploads and local mailbox). A rush of
// registrations at capacity, spread over both, must give exactly capacity seats and no errors.

const PREFIX = "summit-ct-pg";
const NETWORK = `${PREFIX}-net`;
const DB = `${PREFIX}-postgres`;
const PASSWORD = "container-test-password";
const DATABASE_URL = `postgres://summit:${PASSWORD}@${DB}:5432/summit`;
const PORTS = [3912, 3913];
const CAPACITY = 60;

test.beforeAll(() => removeAll(PREFIX));
test.afterAll(() => removeAll(PREFIX));

async function psql(sql: string): Promise<string> {
  return (await podman(["exec", DB, "psql", "-U", "summit", "-d", "summit", "-tAc", sql])).stdout.trim();
}

test("two app containers on one PostgreSQL: a rush at capacity gives exactly capacity seats and no errors", async ({ browser }) => {
  await podman(["network", "create", NETWORK]);
  await podman([
    "run",
    "-d",
    "--name",
    DB,
    "--network",
    NETWORK,
    "-v",
    `${PREFIX}-postgres-data:/var/lib/postgresql/data`,
    "-e",
    `POSTGRES_PASSWORD=${PASSWORD}`,
    "-e",
    "POSTGRES_USER=summit",
    "-e",
    "POSTGRES_DB=summit",
    POSTGRES_IMAGE,
  ]);
  // compose.yaml's health check: the app starts once it passes.
  await expect
    .poll(async () => (await podman(["exec", DB, "pg_isready", "-U", "summit", "-d", "summit"], { allowFailure: true })).code, {
      timeout: 60_000,
    })
    .toBe(0);

  // Both at once, as `docker compose up --scale app=2` starts them: the migrations' advisory lock
  // and the shared session secret must hold.
  const [first, second] = PORTS.map((port) => `http://127.0.0.1:${port}`);
  const starts = await Promise.all(
    PORTS.map((port, i) =>
      runApp({
        name: `${PREFIX}-app-${i + 1}`,
        port,
        volume: `${PREFIX}-data`,
        network: NETWORK,
        env: { DATABASE_URL, PUBLIC_URL: first ?? "" },
      }),
    ),
  );
  recordFigure("cold start, two app containers on a new PostgreSQL database (ms to /healthz 200)", starts);

  // With PostgreSQL the first account is added while the app runs, as docs/OPERATORS.md shows for compose.
  const added = await podman(
    ["exec", "-i", `${PREFIX}-app-1`, "npm", "run", "--silent", "admin", "--", "add", ADMIN.email, "--name", ADMIN.name],
    {
      input: `${ADMIN.password}\n`,
    },
  );
  expect(added.stdout).toContain(`Added admin ${ADMIN.email}`);
  const organiser = await signIn(browser, first ?? "");
  await setEventAMonthOut(organiser, { capacity: CAPACITY, crowd: true });

  const started = Date.now();
  const posts = await registrationBurst({ urls: [first ?? "", second ?? ""], total: CAPACITY * 2, concurrency: 16 });
  const rushMs = Date.now() - started;
  const outcome = (kind: string) => posts.filter((post) => post.outcome === kind).length;
  const rush = {
    posts: posts.length,
    registered: outcome("registered"),
    full: outcome("full"),
    refused: outcome("refused"),
    noAnswer: outcome("no-answer"),
    ms: rushMs,
  };
  recordFigure("rush at capacity over two app containers", rush);
  const odd = posts.find((post) => post.outcome === "refused" || post.outcome === "no-answer");
  expect(odd?.body ?? "", `a post neither registered nor told the event is full (${odd?.status})`).toBe("");
  expect(rush).toEqual({ posts: CAPACITY * 2, registered: CAPACITY, full: CAPACITY, refused: 0, noAnswer: 0, ms: rushMs });
  expect(Number(await psql("select count(*) from attendees"))).toBe(CAPACITY);
  // Both served people: the rush was really spread over the two containers.
  for (const url of [first, second]) expect(posts.some((post) => post.url === url && post.outcome === "registered")).toBe(true);
  // One secret on the shared volume: a ticket signed by one container opens on the other.
  const secrets = await Promise.all(
    [1, 2].map(async (i) => (await podman(["exec", `${PREFIX}-app-${i}`, "cat", "/data/session-secret"])).stdout),
  );
  expect(secrets[0]).toBe(secrets[1]);
});
