import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drain } from "./drain";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose requests take `ms` to answer, like a registration being saved. */
function slowServer(ms: number): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer({ keepAliveTimeout: 65_000 }, (_req, res) => {
    setTimeout(() => res.end("saved"), ms);
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })),
  );
}

function get(url: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("drain", () => {
  it("answers the requests in flight, closes idle keep-alive connections, and refuses new ones", async () => {
    const { server, url } = await slowServer(400);
    const agent = new http.Agent({ keepAlive: true });
    // One keep-alive connection left idle, as a proxy keeps them.
    expect(await get(url, agent)).toEqual({ status: 200, body: "saved" });
    const inFlight = get(url, new http.Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    const drained = drain(server, 5_000);
    expect(await inFlight).toEqual({ status: 200, body: "saved" });
    await drained;
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(get(url, new http.Agent())).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it("cuts a request still running when the time is up", async () => {
    const { server, url } = await slowServer(60_000);
    const stuck = get(url, new http.Agent()).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await drain(server, 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toMatch(/socket hang up|ECONNRESET/);
  });
});
