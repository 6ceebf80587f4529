import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";

// TRUST_PROXY as server/app.ts applies it (Express's `trust proxy`): the client's address and
// https come from X-Forwarded-* only when the setting names the hop that sent them. Anyone can
// send these headers; believed without a proxy, they would let one client pose as thousands
// (the per-address form ceiling) or as another person (the sign-in rate limit).

async function seenAs(env: Record<string, string>, headers: Record<string, string>) {
  const app = express();
  app.set("trust proxy", parseConfig(env).trustProxy);
  app.use((req, res) => {
    res.json({ ip: req.ip, protocol: req.protocol });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as { ip: string; protocol: string };
  } finally {
    server.close();
  }
}

const forwarded = { "x-forwarded-for": "203.0.113.7, 198.51.100.2", "x-forwarded-proto": "https" };

describe("TRUST_PROXY", () => {
  it("unset: forwarded headers are ignored; the client is the connection's address", async () => {
    expect(await seenAs({}, forwarded)).toEqual({ ip: "127.0.0.1", protocol: "http" });
    expect(await seenAs({ TRUST_PROXY: "false" }, forwarded)).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });

  it("one proxy: the address that proxy saw, and https", async () => {
    expect(await seenAs({ TRUST_PROXY: "1" }, forwarded)).toEqual({ ip: "198.51.100.2", protocol: "https" });
  });

  it("the proxies' addresses: believed from loopback, hop by hop until an untrusted one", async () => {
    expect(await seenAs({ TRUST_PROXY: "loopback, 198.51.100.0/24" }, forwarded)).toEqual({ ip: "203.0.113.7", protocol: "https" });
    // A proxy somewhere else is not believed.
    expect(await seenAs({ TRUST_PROXY: "10.0.0.0/8" }, forwarded)).toEqual({ ip: "127.0.0.1", protocol: "http" });
  });
});
