import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS } from "#tests/support/test-database.ts";
import type { DatabaseAvailability } from "~/db/availability.server";
import type { Db, DbConnection } from "~/db/client.server";
import { pauseChannel, resumeChannel } from "~/modules/mail/channel-pauses.server";
import { configuredSmsStatus } from "~/modules/sms/transport.server";

const NO_GATEWAY = {
  dataDir: "/nonexistent",
  smsProvider: undefined,
  africastalkingUsername: undefined,
  africastalkingApiKey: undefined,
  africastalkingSenderId: undefined,
  africastalkingSmsUrl: "https://api.africastalking.com/version1/messaging",
  termiiApiKey: undefined,
  termiiSenderId: undefined,
  termiiBaseUrl: "https://api.ng.termii.com",
};

import { enqueueMail } from "~/modules/mail/outbox.server";
import { configuredMailStatus } from "~/modules/mail/transport.server";
import { checkHealth } from "./health.server";

const mail = { to: "ada@example.org", subject: "Your ticket", html: "<p>hi</p>", text: "hi", kind: "ticket" };

describe.each(DATABASE_KINDS)("checkHealth on %s", (kind) => {
  let database: DbConnection;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reports ok with the outbox counts and the uptime", async () => {
    await enqueueMail(database.db, mail);
    await enqueueMail(database.db, mail);
    const report = await checkHealth(database.db, { mail: { ok: true, detail: "SMTP_URL is set" } });
    expect(report).toEqual({
      status: "ok",
      database: "up",
      mail: { ok: true, detail: "SMTP_URL is set" },
      sms: { ok: true, provider: "file", paused: false, detail: "" },
      whatsapp: { ok: true, provider: "off", paused: false, detail: "" },
      outbox: { pending: 2, failed: 0 },
      uptime: expect.any(Number),
    });
  });

  it("reports degraded, still up, while SMS is paused, and ok again once resumed", async () => {
    const sms = { kind: "africastalking", ok: true, detail: "Africa's Talking" };
    await pauseChannel(database.db, "sms", "InsufficientBalance");
    expect(await checkHealth(database.db, { sms })).toMatchObject({
      status: "degraded",
      database: "up",
      sms: { ok: false, provider: "africastalking", paused: true, detail: expect.stringContaining("InsufficientBalance") },
    });
    expect(await resumeChannel(database.db, "sms")).toBe(true);
    expect(await checkHealth(database.db, { sms })).toMatchObject({ status: "ok", sms: { ok: true, paused: false } });
  });

  it("reports degraded while WhatsApp is paused (Meta refused the token), and ok once resumed", async () => {
    const whatsapp = { kind: "cloud-api", ok: true, detail: "Meta's Cloud API" };
    await pauseChannel(database.db, "whatsapp", "Meta refused the access token (190)");
    expect(await checkHealth(database.db, { whatsapp })).toMatchObject({
      status: "degraded",
      whatsapp: { ok: false, provider: "cloud-api", paused: true, detail: expect.stringContaining("(190)") },
    });
    expect(await resumeChannel(database.db, "whatsapp")).toBe(true);
    expect(await checkHealth(database.db, { whatsapp })).toMatchObject({ status: "ok", whatsapp: { ok: true, paused: false } });
  });

  it("reports ok on a production site without an SMS gateway (it sends no SMS), degraded with the sandbox's", async () => {
    const none = configuredSmsStatus({ ...NO_GATEWAY, nodeEnv: "production", demo: false });
    expect(await checkHealth(database.db, { sms: none })).toMatchObject({ status: "ok", sms: { ok: true, provider: "file" } });
    const sandbox = { kind: "africastalking", ok: false, detail: "the sandbox reaches only the simulator" };
    expect(await checkHealth(database.db, { sms: sandbox })).toMatchObject({ status: "degraded", sms: { ok: false } });
  });

  it("reports degraded, still up, when a production site cannot e-mail tickets", async () => {
    const mail = configuredMailStatus({ smtpUrl: undefined, nodeEnv: "production", demo: false });
    expect(await checkHealth(database.db, { mail })).toMatchObject({
      status: "degraded",
      database: "up",
      mail: { ok: false, detail: "Tickets are not being e-mailed. SMTP_URL is not set: mail is only kept in DATA_DIR/mail on this server" },
    });
    // The demo and a developer's machine keep their mail on purpose.
    expect(configuredMailStatus({ smtpUrl: undefined, nodeEnv: "production", demo: true }).ok).toBe(true);
    expect(configuredMailStatus({ smtpUrl: undefined, nodeEnv: "development", demo: false }).ok).toBe(true);
  });

  it("reports the database down once it is closed", async () => {
    const closing = await createTestDatabase(kind);
    await closing.close();
    expect(await checkHealth(closing.db)).toEqual({ status: "error", database: "down" });
  });
});

describe("checkHealth with a database that does not answer", () => {
  it("gives up after the timeout and reports down", async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    expect(await checkHealth(hanging, { timeoutMs: 100 })).toEqual({ status: "error", database: "down" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("checkHealth while the database is known to be out of reach", () => {
  it("reports down at once, without asking the database", async () => {
    let asked = false;
    const hanging = {
      execute: () => {
        asked = true;
        return new Promise(() => {});
      },
    } as unknown as Db;
    const availability = { isDown: () => true } as DatabaseAvailability;
    expect(await checkHealth(hanging, { availability })).toEqual({ status: "error", database: "down" });
    expect(asked).toBe(false);
  });
});
