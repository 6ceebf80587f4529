import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { startOutboxThread } from "./outbox-thread.server";
import { notifyOutbox } from "./outbox-wake.server";

// The server's side of the outbox thread, with a stand-in thread that notes what reaches it
// (the real one, server/outbox-thread.js, runs the built server; the e2e tests on PostgreSQL
// deliver every ticket through it).
const standIn = path.resolve("tests/support/outbox-thread-stand-in.mjs");
const silent = pino({ level: "silent" });
let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "outbox-thread-"));
  file = path.join(dir, "notes");
  writeFileSync(file, "");
  vi.stubEnv("OUTBOX_STAND_IN_FILE", file);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});
const notes = () => readFileSync(file, "utf8").split("\n").filter(Boolean);

it("wakes the thread when mail is queued here, and stops it when the server stops", async () => {
  const thread = startOutboxThread(standIn, silent);
  await vi.waitFor(() => expect(notes()).toEqual(["start"]));
  notifyOutbox();
  await vi.waitFor(() => expect(notes()).toEqual(["start", "kick"]));
  await thread.stop();
  expect(notes()).toEqual(["start", "kick", "stop"]);
  // Stopped, it is no longer woken.
  notifyOutbox();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(notes()).toEqual(["start", "kick", "stop"]);
});

it("starts another thread when one dies", async () => {
  vi.stubEnv("OUTBOX_STAND_IN_CRASH_FIRST", "1");
  const thread = startOutboxThread(standIn, silent);
  try {
    await vi.waitFor(() => expect(notes()).toEqual(["crash", "start"]), { timeout: 5_000 });
    notifyOutbox();
    await vi.waitFor(() => expect(notes()).toEqual(["crash", "start", "kick"]));
  } finally {
    await thread.stop();
  }
});
