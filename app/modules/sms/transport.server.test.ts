import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import type { FakeOutcome } from "#tests/support/fake-sms-server.ts";
import { type FakeTermii, startFakeTermii } from "#tests/support/fake-termii.ts";
import { parseConfig } from "~/config.server";
import {
  configuredSmsStatus,
  createSmsTransport,
  PermanentSmsError,
  SmsAccountError,
  SmsBalanceError,
  type SmsConfig,
  smsFileOutboxDir,
} from "./transport.server";

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const TEXT = "Zamfara Youth Summit ticket ZYS-MXK2P9QA-7HK3QD: Sat 20 Dec 2026, 10:00, Gusau. Show this ID at the door.";

function config(env: Record<string, string>, dataDir = "/nonexistent"): SmsConfig {
  return parseConfig({ ...env, DATA_DIR: dataDir });
}

type ErrorKind = "permanent" | "balance" | "account" | "transient";

function kindOf(error: unknown): ErrorKind {
  if (error instanceof PermanentSmsError) return "permanent";
  if (error instanceof SmsBalanceError) return "balance";
  if (error instanceof SmsAccountError) return "account";
  return "transient";
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("the message was accepted");
}

// Each outcome class, for both providers: what the outbox must do with it.
const EXPECTED: [FakeOutcome, string, ErrorKind][] = [
  ["invalidPhoneNumber", "+2348030000403", "permanent"],
  ["unsupportedNumberType", "+2348030000404", "permanent"],
  ["doNotDisturb", "+2348030000409", "permanent"],
  ["insufficientBalance", "+2348030000405", "balance"],
  ["invalidSenderId", "+2348030000402", "account"],
  ["http500", "+2348030000500", "transient"],
  ["gatewayError", "+2348030000501", "transient"],
  ["rejectedByGateway", "+2348030000502", "transient"],
  ["couldNotRoute", "+2348030000407", "transient"],
  ["notJson", "+2348030000600", "transient"],
];

describe("Africa's Talking", () => {
  let fake: FakeAfricasTalking;
  beforeAll(async () => {
    fake = await startFakeAfricasTalking();
  });
  afterAll(() => fake.close());

  const env = (extra: Record<string, string> = {}) => ({
    SMS_PROVIDER: "africastalking",
    AFRICASTALKING_USERNAME: fake.username,
    AFRICASTALKING_API_KEY: fake.apiKey,
    AFRICASTALKING_SMS_URL: fake.smsUrl,
    ...extra,
  });

  it("sends the username, number and text form-encoded, and reads the message ID and cost", async () => {
    const transport = createSmsTransport(config(env()), log());
    expect(transport.kind).toBe("africastalking");
    const sent = await transport.send({ id: "row-1", to: "+2348031234567", text: TEXT });
    expect(sent.providerId).toMatch(/^ATXid_/);
    expect(sent.cost).toBe("NGN 2.2000");
    const captured = fake.messages.find((m) => m.providerId === sent.providerId);
    expect(captured).toMatchObject({ username: fake.username, to: "+2348031234567", message: TEXT, from: undefined });
  });

  it("sends the sender ID only when one is set", async () => {
    const transport = createSmsTransport(config(env({ AFRICASTALKING_SENDER_ID: "ZYSummit" })), log());
    const sent = await transport.send({ id: "row-2", to: "+2348031234568", text: TEXT });
    expect(fake.messages.find((m) => m.providerId === sent.providerId)?.from).toBe("ZYSummit");
  });

  it.each(EXPECTED)("sorts %s (%s) as %s", async (_outcome, to, kind) => {
    const transport = createSmsTransport(config(env()), log());
    const error = await failure(transport.send({ id: "row-x", to, text: TEXT }));
    expect(kindOf(error)).toBe(kind);
    expect(error.message).not.toContain(to.slice(1));
    expect(error.message).not.toContain("Zamfara");
  });

  it("says RiskHold and a blacklisted number are permanent, and why", async () => {
    const transport = createSmsTransport(config(env()), log());
    expect((await failure(transport.send({ id: "r", to: "+2348030000401", text: TEXT }))).message).toMatch(/RiskHold/);
    const blacklisted = await failure(transport.send({ id: "r", to: "+2348030000406", text: TEXT }));
    expect(blacklisted).toBeInstanceOf(PermanentSmsError);
    expect(blacklisted.message).toMatch(/blocked messages/);
  });

  it("pauses on an empty balance until it is topped up", async () => {
    const transport = createSmsTransport(config(env()), log());
    fake.setBalanceEmpty(true);
    try {
      expect(await failure(transport.send({ id: "r", to: "+2348031234567", text: TEXT }))).toBeInstanceOf(SmsBalanceError);
    } finally {
      fake.setBalanceEmpty(false);
    }
    await expect(transport.send({ id: "r", to: "+2348031234567", text: TEXT })).resolves.toHaveProperty("providerId");
  });

  it("takes a wrong API key or username as an account error naming the variables (HTTP 401)", async () => {
    const wrongs: Record<string, string>[] = [{ AFRICASTALKING_API_KEY: "x".repeat(40) }, { AFRICASTALKING_USERNAME: "someone-else" }];
    for (const wrong of wrongs) {
      const error = await failure(createSmsTransport(config(env(wrong)), log()).send({ id: "r", to: "+2348031234567", text: TEXT }));
      expect(error).toBeInstanceOf(SmsAccountError);
      expect(error).not.toBeInstanceOf(SmsBalanceError);
      expect(error.message).toContain("AFRICASTALKING_API_KEY");
    }
  });

  it("gives up on a provider that does not answer in time, as a transient failure", async () => {
    const transport = createSmsTransport(config(env()), log(), { timeoutMs: 200 });
    const error = await failure(transport.send({ id: "r", to: "+2348030000408", text: TEXT }));
    expect(kindOf(error)).toBe("transient");
    expect(error.message).toMatch(/did not answer within/);
  });

  it("takes a refused connection as transient", async () => {
    const transport = createSmsTransport(config(env({ AFRICASTALKING_SMS_URL: "http://127.0.0.1:9/version1/messaging" })), log());
    const error = await failure(transport.send({ id: "r", to: "+2348031234567", text: TEXT }));
    expect(kindOf(error)).toBe("transient");
    expect(error.message).toMatch(/Could not reach Africa's Talking/);
  });

  it("refuses a number that is not E.164 before sending anything", async () => {
    const before = fake.messages.length;
    const transport = createSmsTransport(config(env()), log());
    for (const to of ["08031234567", "+234 803 123 4567", "+2348031234567,+2348031234568", ""]) {
      expect(await failure(transport.send({ id: "r", to, text: TEXT }))).toBeInstanceOf(PermanentSmsError);
    }
    expect(fake.messages.length).toBe(before);
  });
});

describe("Termii", () => {
  let fake: FakeTermii;
  beforeAll(async () => {
    fake = await startFakeTermii();
  });
  afterAll(() => fake.close());

  const env = (extra: Record<string, string> = {}) => ({
    SMS_PROVIDER: "termii",
    TERMII_API_KEY: fake.apiKey,
    TERMII_SENDER_ID: fake.senderId,
    TERMII_BASE_URL: fake.url,
    ...extra,
  });

  it("posts JSON on the DND route with the number's digits, and reads the message ID", async () => {
    const transport = createSmsTransport(config(env()), log());
    expect(transport.kind).toBe("termii");
    const sent = await transport.send({ id: "row-1", to: "+2348031234567", text: TEXT });
    expect(sent.providerId).toMatch(/^\d+$/);
    expect(fake.messages.find((m) => m.providerId === sent.providerId)).toMatchObject({
      to: "2348031234567",
      from: fake.senderId,
      sms: TEXT,
      type: "plain",
      channel: "dnd",
    });
  });

  it.each(EXPECTED)("sorts %s (%s) as %s", async (_outcome, to, kind) => {
    const transport = createSmsTransport(config(env()), log());
    const error = await failure(transport.send({ id: "row-x", to, text: TEXT }));
    expect(kindOf(error)).toBe(kind);
    expect(error.message).not.toContain(to.slice(1));
  });

  it("takes a wrong API key as an account error (HTTP 401), an inactive account too", async () => {
    const wrong = await failure(
      createSmsTransport(config(env({ TERMII_API_KEY: "x".repeat(40) })), log()).send({ id: "r", to: "+2348031234567", text: TEXT }),
    );
    expect(wrong).toBeInstanceOf(SmsAccountError);
    expect(wrong.message).toContain("TERMII_API_KEY");
    fake.failNext("riskHold");
    expect(await failure(createSmsTransport(config(env()), log()).send({ id: "r", to: "+2348031234567", text: TEXT }))).toBeInstanceOf(
      SmsAccountError,
    );
  });

  it("gives up on a provider that does not answer in time", async () => {
    const transport = createSmsTransport(config(env()), log(), { timeoutMs: 200 });
    expect(kindOf(await failure(transport.send({ id: "r", to: "+2348030000408", text: TEXT })))).toBe("transient");
  });
});

describe("the local file outbox", () => {
  it("writes one JSON file per message, and logs the outbox id, never the number or the text", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "summit-sms-"));
    try {
      const logger = log();
      const transport = createSmsTransport(config({}, dir), logger);
      expect(transport.kind).toBe("file");
      const sent = await transport.send({ id: "row-77", to: "+2348031234567", text: TEXT });
      expect(sent.providerId).toBe("file-row-77");
      const files = await readdir(smsFileOutboxDir(dir));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-row-77\.json$/);
      const written = JSON.parse(await readFile(path.join(smsFileOutboxDir(dir), files[0] ?? ""), "utf8"));
      expect(written).toEqual({ id: "row-77", to: "+2348031234567", text: TEXT });
      const logged = JSON.stringify([logger.info.mock.calls, logger.warn.mock.calls, logger.error.mock.calls]);
      expect(logged).toContain("row-77");
      expect(logged).not.toContain("8031234567");
      expect(logged).not.toContain("Zamfara");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("configuredSmsStatus", () => {
  const status = (env: Record<string, string>) => configuredSmsStatus(parseConfig(env));
  const at = { SMS_PROVIDER: "africastalking", AFRICASTALKING_USERNAME: "summit", AFRICASTALKING_API_KEY: "k".repeat(40) };

  it("is a fault in production without SMS_PROVIDER, fine while developing or on the demo", () => {
    expect(status({ NODE_ENV: "production" })).toEqual({
      kind: "file",
      ok: false,
      detail: "SMS_PROVIDER is not set: SMS are only kept in DATA_DIR/sms",
    });
    expect(status({ NODE_ENV: "production", DEMO: "true" }).ok).toBe(true);
    expect(status({}).ok).toBe(true);
  });

  it("names the provider, and calls the sandbox a fault in production", () => {
    expect(status({ ...at, NODE_ENV: "production" })).toMatchObject({ kind: "africastalking", ok: true });
    const sandbox = {
      ...at,
      AFRICASTALKING_USERNAME: "sandbox",
      AFRICASTALKING_SMS_URL: "https://api.sandbox.africastalking.com/version1/messaging",
    };
    expect(status({ ...sandbox, NODE_ENV: "production" })).toMatchObject({ kind: "africastalking", ok: false });
    expect(status(sandbox).ok).toBe(true);
    expect(status({ SMS_PROVIDER: "termii", TERMII_API_KEY: "T".repeat(40), TERMII_SENDER_ID: "Summit" })).toMatchObject({
      kind: "termii",
      ok: true,
    });
  });
});
