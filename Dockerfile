# The summit site as a container image. `docker compose up -d` (compose.yaml) runs it with
# PostgreSQL and HTTPS; alone it runs on the embedded database in the /data volume. How to deploy,
# back up and update: docs/OPERATORS.md, "Deploy with containers". scripts/test-container.mjs builds and
# tries this file as it is.

# Debian bookworm (glibc), not Alpine: sharp and argon2 ship prebuilt glibc binaries.
FROM node:22-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Everything the build needs: the compilers, Vite, Tailwind, the browser's libraries.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm install
COPY . .
RUN npm run build

# Only what the server loads at run time (package.json "dependencies"; vite.config.ts compiles
# every other library into the server bundle). Its own stage, so it is cached until the lock changes.
FROM base AS runtime-deps
COPY package.json package-lock.json ./
RUN npm install --omit=dev && npm cache clean --force

FROM base
# tini as PID 1: passes SIGTERM on to the server, which then drains, and reaps any process left over.
RUN apt-get update \
  && apt-get install --yes --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# Owned by root, run by `node`: the server cannot change its own code.
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY drizzle ./drizzle
COPY server/start.js server/cli.js server/outbox-thread.js server/certificate-thread.js server/image-thread.js ./server/
# The embedded database, the local mailbox, uploads and the generated session secret live here.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/start.js"]
