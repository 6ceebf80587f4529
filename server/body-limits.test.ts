import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { acceptsMultipart, bodyLimits, PUBLIC_FORM_BYTES } from "./body-limits";

// The limits on their own, on a bare Express app: which routes take multipart, and how long a
// body may be. The attack tests (tests/attacks/multipart.spec.ts) post to the real site.

async function withApp<T>(run: (port: number, bodiesRead: () => number) => Promise<T>): Promise<T> {
  let read = 0;
  const app = express();
  app.use(bodyLimits());
  app.use((req, res) => {
    req.on("data", (chunk: Buffer) => {
      read += chunk.length;
    });
    req.on("end", () => res.status(200).send("read"));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return await run((server.address() as AddressInfo).port, () => read);
  } finally {
    server.close();
  }
}

/** Sends headers that announce `length` bytes and then only the first few KB: the answer must not wait for the rest. */
function announce(port: number, path: string, type: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      port,
      host: "127.0.0.1",
      path,
      method: "POST",
      headers: { "content-type": type, "content-length": length },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on("error", reject);
    request.write(Buffer.alloc(Math.min(length, 4096), 97));
  });
}

const MULTIPART = "multipart/form-data; boundary=----x";
const FORM = "application/x-www-form-urlencoded";

/** The longest registration the schema allows (every field at its maximum) in three-byte letters, as a browser encodes it. */
function longestRegistration(): string {
  const letter = "\uA78C"; // ꞌ, a Hausa saltillo: three bytes in UTF-8, nine percent-encoded
  const fields = {
    intent: "register",
    formStamp: "x".repeat(300),
    website: "",
    fullName: letter.repeat(120),
    email: `${"%".repeat(64)}@${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(61)}`,
    phone: `+${"(".repeat(29)}`,
    gender: "female",
    organization: letter.repeat(160),
    position: letter.repeat(120),
    state: "Federal Capital Territory",
    localGovernment: letter.repeat(80),
    reason: letter.repeat(2000),
    consent: "on",
  };
  return new URLSearchParams(fields).toString();
}

describe("body limits", () => {
  it("take multipart only on the organisers' upload routes", () => {
    for (const path of [
      "/admin/speakers/new",
      "/admin/partners/3f1/edit",
      "/admin/special-guests/new.data",
      "/admin/agenda/x/edit",
      "/admin/settings",
    ])
      expect(acceptsMultipart(path), path).toBe(true);
    for (const path of [
      "/register",
      "/register.data",
      "/",
      "/tickets/abc/cancel",
      "/waitlist/abc",
      "/admin/login",
      "/admin/attendees",
      "/admin/speakers",
      "/csp-report",
    ])
      expect(acceptsMultipart(path), path).toBe(false);
  });

  it("refuse a 25 MB multipart post to a public form with 415 without reading it", async () => {
    await withApp(async (port, read) => {
      expect(await announce(port, "/register", MULTIPART, 25 * 1024 * 1024)).toBe(415);
      expect(await announce(port, "/waitlist/abc", "Multipart/Form-Data; boundary=y", 1000)).toBe(415);
      expect(read()).toBe(0);
    });
  });

  it("refuse a public urlencoded body over PUBLIC_FORM_BYTES with 413, and keep the admin's larger room", async () => {
    await withApp(async (port) => {
      expect(await announce(port, "/register", FORM, PUBLIC_FORM_BYTES + 1)).toBe(413);
      const admin = await fetch(`http://127.0.0.1:${port}/admin/attendees`, {
        method: "POST",
        headers: { "content-type": FORM },
        body: "a=".padEnd(100_000, "b"),
      });
      expect(admin.status).toBe(200);
    });
  });

  it("let the longest valid registration through, with room to spare", async () => {
    const body = longestRegistration();
    expect(Buffer.byteLength(body)).toBeLessThan(PUBLIC_FORM_BYTES * 0.9);
    await withApp(async (port, read) => {
      const response = await fetch(`http://127.0.0.1:${port}/register`, { method: "POST", headers: { "content-type": FORM }, body });
      expect(response.status).toBe(200);
      expect(read()).toBe(Buffer.byteLength(body));
    });
  });

  it("let a door's longest valid sync through (500 check-ins of 500 three-byte letters), and no more", async () => {
    const item = {
      id: "0b6c1f9e-2a5d-4c7e-9f1a-3b2d4e5f6a7b",
      ticket: "\uA78C".repeat(500),
      method: "ticket-id",
      at: new Date().toISOString(),
    };
    const body = JSON.stringify({ door: "\uA78C".repeat(60), checkIns: Array(500).fill(item) });
    expect(Buffer.byteLength(body)).toBeGreaterThan(256 * 1024);
    await withApp(async (port, read) => {
      const response = await fetch(`http://127.0.0.1:${port}/admin/check-in/sync`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(200);
      expect(read()).toBe(Buffer.byteLength(body));
      expect(await announce(port, "/admin/check-in/sync", "application/json", 1024 * 1024 + 1)).toBe(413);
      // The room is the sync's own: the door's page keeps the admin forms' limit.
      expect(await announce(port, "/admin/check-in", FORM, 256 * 1024 + 1)).toBe(413);
    });
  });

  it("let an organiser's upload through", async () => {
    await withApp(async (port) => {
      const form = new FormData();
      form.append("name", "Amina");
      form.append("photo", new Blob([Buffer.alloc(200_000)], { type: "image/png" }), "photo.png");
      const response = await fetch(`http://127.0.0.1:${port}/admin/speakers/new`, { method: "POST", body: form });
      expect(response.status).toBe(200);
    });
  });
});
