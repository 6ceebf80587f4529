import "react-router";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { getConfig } from "~/config.server";
import { getDatabase } from "~/db/db.server";
import { logger } from "~/logger.server";
import { startBackgroundWorkers } from "./workers.server";

// This module is the server bundle's entry (vite.config.ts): `react-router build`
// compiles it with the app, and server/start.js runs it.

export function createRequestListener() {
  return createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: () => ({}),
  });
}

/** Starts the production server: static assets, compression, React Router, background workers. */
export async function main() {
  const config = getConfig();
  const log = logger();
  const database = await getDatabase();
  const clientDir = path.resolve("build/client");

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(compression());
  // Hashed file names never change content: cache them for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  app.use(createRequestListener());

  const workers = startBackgroundWorkers(database.db);
  const server = app.listen(config.port, config.host, () => {
    log.info(
      { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`, database: database.kind },
      "server listening",
    );
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    server.close();
    server.closeAllConnections?.();
    await workers.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  return server;
}
