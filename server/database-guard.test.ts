import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import type { DatabaseAvailability } from "~/db/availability.server";
import { databaseGuard } from "./database-guard";
import { unavailableText } from "./unavailable-page";

// The guard on a bare Express app: what passes and what is answered for it. The outage
// itself, with the real server and a stopped PostgreSQL, is tests/e2e/database-outage.spec.ts.

const tracker = (down: boolean) => ({ isDown: () => down }) as DatabaseAvailability;

async function answer(availability: DatabaseAvailability | undefined, path: string) {
  const app = express();
  app.use(databaseGuard({ availability }));
  app.use((_req, res) => {
    res.send("the route");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept: "text/html" } });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
  } finally {
    server.close();
  }
}

describe("databaseGuard", () => {
  it("lets every request through while the database is reachable, and always for the embedded one", async () => {
    expect((await answer(tracker(false), "/register")).body).toBe("the route");
    expect((await answer(undefined, "/register")).body).toBe("the route");
  });

  it("answers 503 with Retry-After and the page while the database is away, except /healthz", async () => {
    const page = await answer(tracker(true), "/register");
    expect(page.status).toBe(503);
    expect(page.retryAfter).toMatch(/^\d+$/);
    expect(page.body).toContain(unavailableText("database").title);
    expect((await answer(tracker(true), "/healthz")).body).toBe("the route");
  });
});
