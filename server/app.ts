import "react-router";
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { getConfig } from "~/config.server";
import { getDb, getDbConnection } from "~/db/db.server";
import { logger } from "~/logger.server";
import { drawPicturesInThreads, stopPictureThreads } from "~/modules/badges/drawing-pool.server";
import { serveAdminCommands } from "./admin-commands";
import { isAdminPath } from "./admin-path";
import { listenForBackups } from "./backup-socket";
import { bodyLimits } from "./body-limits";
import { runClusterPrimary } from "./cluster";
import { cspReports } from "./csp-report";
import { databaseGuard } from "./database-guard";
import { drain } from "./drain";
import { languageChoice } from "./language";
import { loadShedding } from "./load-shedding";
import { securityHeaders } from "./security";
import { trackedLinkParams } from "./tracked-link-params";
import { startBackgroundWorkers } from "./workers.server";

// The outbox's, the certificates' and the drawing pool's threads (server/outbox-thread.js,
// server/certificate-thread.js, server/image-thread.js) load this bundle and call these.
export { drawTicketInThread } from "~/modules/badges/drawing-pool.server";
export { drawCertificateInThread, serveCertificateThread } from "~/modules/certificates/pdf-thread.server";
// The command-line tools (server/cli.js) run from this bundle in production.
export { runAdminCli } from "./admin-cli";
export { runBackupCli } from "./backup-cli";
export { runOutboxThread } from "./outbox.server";

// This module is the server bundle's entry (vite.config.ts): `react-router build`
// compiles it with the app, and server/start.js runs it.

declare module "react-router" {
  interface AppLoadContext {
    clientIp?: string;
    /** the request came over https, directly or through a proxy TRUST_PROXY names (cookies are then Secure) */
    secure?: boolean;
    /** this response's Content-Security-Policy nonce (server/security.ts) */
    cspNonce?: string;
  }
}

export function createRequestListener() {
  return createRequestHandler({
    // The build itself, not a function returning it: given a function, React Router derives its
    // route tables again for every request (4% of the server's CPU in a registration rush),
    // which only a dev server reloading code needs. This bundle is never reloaded.
    build,
    // The client's address as trust proxy resolves it: the sign-in rate limit needs it (modules/auth).
    getLoadContext: (req, res) => ({ clientIp: req.ip ?? "", secure: req.secure, cspNonce: res.locals.cspNonce }),
  });
}

/** The production entry (server/start.js): one server, or a cluster of them with WEB_CONCURRENCY. */
export async function main(): Promise<void> {
  const config = getConfig();
  if (config.processes > 1 && cluster.isPrimary) runClusterPrimary(config.processes, logger());
  else await startServer();
}

/** Starts one server process: static assets, compression, React Router, background workers. */
export async function startServer() {
  const config = getConfig();
  const log = logger();
  const database = await getDbConnection();
  const clientDir = path.resolve("build/client");

  const app = express();
  app.disable("x-powered-by");
  // Forwarded headers (the client's address, https) only from the proxies TRUST_PROXY names.
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders(config));
  app.use(compression());
  // Hashed file names never change content: cache them for a year.
  const assets = express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false });
  app.use("/assets", precompressed(path.join(clientDir, "assets"), assets), assets);
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  app.post("/csp-report", cspReports(log));
  app.use(bodyLimits());
  app.use(languageChoice(config.secureCookies));
  // Without its database the site answers 503 at once; with it, no more than it can answer in time.
  app.use(databaseGuard(database));
  app.use(loadShedding({ maxActive: config.maxActiveRequests, maxQueueWaitMs: config.maxQueueWaitMs, retryAfterSeconds: 5, log }));
  // ?ref= and utm_source= on a public page: counted, then on to the page without them.
  app.use(trackedLinkParams(getDb));
  // Admin pages and their data requests (/admin.data, /admin/attendees.data) hold personal data: no cache may keep them.
  app.use((req, res, next) => {
    if (isAdminPath(req.path)) res.setHeader("Cache-Control", "no-store");
    next();
  });
  app.use(createRequestListener());

  const workers = startBackgroundWorkers(database);
  // Pictures drawn per person (Save ticket, the ticket page's certificate) are drawn in threads
  // of their own, below the requests (drawing-pool.server.ts).
  drawPicturesInThreads(path.resolve("server/image-thread.js"));
  // The embedded database lives in this process: `npm run backup` asks it for a copy, and
  // `npm run admin` to carry out its command (server/backup-socket.ts).
  const backups = database.snapshot
    ? await listenForBackups(config.dataDir, database.snapshot, log, serveAdminCommands(database))
    : undefined;
  // A client that sends its headers a byte at a time (slow loris) is cut off after 15 s, checked
  // every 2 s; a whole request, body included, may take 2 minutes: a 5 MB photo over a slow
  // mobile link.
  // An idle connection stays open for 65 s, longer than the idle limit of the proxies and clients
  // that reuse it (nginx and most load balancers keep 60 s): whoever reuses a connection must be
  // the one to close it, else a request sent just as Node closes it is reset (a 502 behind a
  // proxy). Node's 5 s default did that to the test clients on a loaded machine.
  const server = http
    .createServer({ headersTimeout: 15_000, requestTimeout: 120_000, connectionsCheckingInterval: 2_000, keepAliveTimeout: 65_000 }, app)
    .listen(config.port, config.host, () => {
      log.info(
        { origin: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`, database: database.kind },
        "server listening",
      );
    });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    await drain(server);
    await Promise.all([workers.stop(), backups?.close(), stopPictureThreads()]);
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  return server;
}

const PRECOMPRESSED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

/**
 * Serves the `.br` / `.gz` twin that scripts/compress-assets.mjs wrote at build time (npm run build)
 * when the client accepts it: smaller than the middleware's on-the-fly compression, at no CPU cost.
 * Only names listed in the directory at start-up qualify; anything else goes on to `serve` as usual.
 */
function precompressed(dir: string, serve: express.RequestHandler): express.RequestHandler {
  let names: Set<string>;
  try {
    names = new Set(readdirSync(dir));
  } catch {
    names = new Set();
  }
  const accepts = (header: string | undefined, coding: string) =>
    (header ?? "").split(",").some((part) => {
      const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith("q="));
      return name === coding && (q === undefined || Number(q.slice(2)) > 0);
    });
  return (req, res, next) => {
    const type = PRECOMPRESSED_TYPES[path.extname(req.path)];
    if (!type || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const header = req.headers["accept-encoding"];
    const name = req.path.slice(1);
    const twins = [
      { coding: "br", file: `${name}.br` },
      { coding: "gzip", file: `${name}.gz` },
    ].filter((twin) => names.has(twin.file));
    if (twins.length === 0) return next();
    res.vary("Accept-Encoding");
    const variant = twins.find((twin) => accepts(header, twin.coding));
    if (!variant) return next();
    const url = req.url;
    req.url = `/${variant.file}`;
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", variant.coding);
    serve(req, res, (error?: unknown) => {
      // The file went away (a rebuild while running): answer from the original instead.
      req.url = url;
      res.removeHeader("Content-Type");
      res.removeHeader("Content-Encoding");
      next(error);
    });
  };
}
