import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { podman, runProgram, startComposeApi } from "../support/podman";
import { ADMIN, IMAGE, recordFigure } from "./container-site";

// compose.yaml itself, as the operator's guide's "Deploy with containers" (docs/OPERATORS.md) runs it: docker-compose up -d on
// a fresh machine starts PostgreSQL, waits for its health check, starts the app (which migrates)
// and Caddy in front with HTTPS; the first admin is added with `exec` while it runs. Here
// SITE_DOMAIN is localhost (Caddy's own certificate authority instead of Let's Encrypt) and the
// ports are on 127.0.0.1.

const PROJECT = "summit-ct-compose";
const HTTPS_PORT = 3943;
const HTTP_PORT = 3980;
const root = path.resolve(import.meta.dirname, "../..");

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request through Caddy, as a browser asking for https://localhost would send it (its certificate is Caddy's own). */
function throughCaddy(pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: "127.0.0.1",
          port: HTTPS_PORT,
          path: pathname,
          servername: "localhost",
          headers: { host: "localhost" },
          rejectUnauthorized: false,
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      )
      .on("error", reject);
  });
}

let dir = "";
let api: Awaited<ReturnType<typeof startComposeApi>> | undefined;

function compose(args: string[], input?: string) {
  return runProgram("docker-compose", ["-p", PROJECT, ...args], { input, cwd: dir, env: api?.env, timeoutMs: 180_000 });
}

test.beforeAll(async () => {
  api = await startComposeApi();
  dir = mkdtempSync(path.join(tmpdir(), "summit-compose-"));
  for (const file of ["compose.yaml", "Caddyfile"]) copyFileSync(path.join(root, file), path.join(dir, file));
  writeFileSync(
    path.join(dir, ".env"),
    [
      "SITE_DOMAIN=localhost",
      `POSTGRES_PASSWORD=${randomBytes(18).toString("hex")}`,
      `HTTP_PORT=127.0.0.1:${HTTP_PORT}`,
      `HTTPS_PORT=127.0.0.1:${HTTPS_PORT}`,
      "",
    ].join("\n"),
    { mode: 0o600 },
  );
  // The image compose.yaml names, as `docker compose build` would have made it.
  await podman(["tag", IMAGE, "localhost/youth-summit:latest"]);
});

test.afterAll(async () => {
  if (dir) {
    await compose(["down", "--volumes", "--timeout", "10"]);
    rmSync(dir, { recursive: true, force: true });
  }
  api?.stop();
});

test("docker-compose up -d: PostgreSQL, then the app, then HTTPS through Caddy; the first admin added while it runs", async () => {
  const started = Date.now();
  const up = compose(["up", "-d", "--no-build"]);
  // Podman runs health checks from systemd timers, which this machine lacks: run them as the
  // timers would, so compose sees PostgreSQL become healthy and starts the app.
  let done = false;
  const beat = (async () => {
    while (!done) {
      const names = (await podman(["ps", "--format", "{{.Names}}"])).stdout.split("\n").filter((name) => name.startsWith(PROJECT));
      for (const name of names) await podman(["healthcheck", "run", name], { allowFailure: true });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  const result = await up;
  done = true;
  await beat;
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);

  await expect.poll(async () => (await throughCaddy("/healthz").catch(() => ({ status: 0 }))).status, { timeout: 90_000 }).toBe(200);
  recordFigure("docker-compose up -d to /healthz 200 through Caddy (ms)", Date.now() - started);
  const health = JSON.parse((await throughCaddy("/healthz")).body) as { database: string };
  expect(health.database).toBe("up");

  // Caddy redirects http to https, and the app knows the visit came over https through it
  // (TRUST_PROXY=1): HSTS, and the registration form's browser cookie is __Host- and Secure.
  const plain = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port: HTTP_PORT, path: "/", headers: { host: "localhost" } }, resolve).on("error", reject);
  });
  plain.resume();
  expect(plain.statusCode).toBe(308);
  expect(plain.headers.location).toBe("https://localhost/");
  const landing = await throughCaddy("/");
  expect(landing.status).toBe(200);
  expect(landing.headers["strict-transport-security"]).toBeDefined();
  const form = await throughCaddy("/register");
  expect(String(form.headers["set-cookie"] ?? "")).toMatch(/__Host-[^;]+;.*Secure/i);

  // The first account, while everything runs (docs/OPERATORS.md: `docker compose exec app npm run admin -- add`,
  // which asks for the password at the terminal). docker-compose 1.29 passes no piped input through
  // podman's API to `exec -T`, so the password goes in with podman's own exec, into the container
  // compose started; `list` then goes through compose.
  const added = await podman(
    ["exec", "-i", `${PROJECT}_app_1`, "npm", "run", "--silent", "admin", "--", "add", ADMIN.email, "--name", ADMIN.name],
    {
      input: `${ADMIN.password}\n`,
    },
  );
  expect(added.stdout, added.stderr).toContain(`Added admin ${ADMIN.email}`);
  const listed = await compose(["exec", "-T", "app", "npm", "run", "--silent", "admin", "--", "list"]);
  expect(listed.stdout, listed.stderr).toContain(ADMIN.email);

  // Backups, as the operator's guide says: the app's image has no pg_dump and says where to find one; the
  // postgres container's own dumps the database.
  const fromApp = await compose(["exec", "-T", "app", "npm", "run", "--silent", "backup"]);
  expect(fromApp.code).not.toBe(0);
  expect(fromApp.stdout + fromApp.stderr).toContain(
    "docker compose exec -T postgres pg_dump --format=custom -U summit summit > summit.dump",
  );
  const dump = await compose(["exec", "-T", "postgres", "pg_dump", "--format=custom", "-U", "summit", "summit"]);
  expect(dump.code, dump.stderr).toBe(0);
  expect(dump.stdout.startsWith("PGDMP"), "a pg_dump custom-format archive").toBe(true);
});
