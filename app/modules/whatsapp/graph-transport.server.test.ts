import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeGraph, startFakeGraph } from "#tests/support/fake-graph.ts";
import { virtualClock } from "#tests/support/virtual-clock.ts";
import { parseConfig } from "~/config.server";
import type { WhatsAppConfig } from "~/config-whatsapp";
import { configuredWhatsAppStatus, createWhatsAppTransport, PermanentWhatsAppError, WhatsAppAccountError } from "./graph-transport.server";
import type { WhatsAppPayload } from "./payload";

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const TO = "+2348031234567";
const SECRET_TEXT = "Zamfara Youth Summit ticket ZYS-MXK2P9QA-7HK3QD";
const TEXT: WhatsAppPayload = { type: "text", text: { body: SECRET_TEXT } };
const TICKET: WhatsAppPayload = {
  type: "template",
  template: {
    name: "summit_ticket",
    language: { code: "ha" },
    components: [{ type: "body", parameters: [{ type: "text", text: "ZYS-MXK2P9QA-7HK3QD" }] }],
  },
};

type Kind = "sms-instead" | "permanent" | "account" | "transient";

function kindOf(error: unknown): Kind {
  if (error instanceof PermanentWhatsAppError) return error.fallbackToSms ? "sms-instead" : "permanent";
  if (error instanceof WhatsAppAccountError) return "account";
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

let fake: FakeGraph;
let config: WhatsAppConfig;
// No pacing unless a test asks: the numbers repeat from test to test.
const unpaced = { minGapPerNumberMs: 0, maxPerSecond: 0 };

beforeAll(async () => {
  fake = await startFakeGraph();
  const whatsapp = parseConfig({
    WHATSAPP_ACCESS_TOKEN: fake.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_APP_SECRET: fake.appSecret,
    WHATSAPP_VERIFY_TOKEN: "verify-token-of-at-least-16",
    WHATSAPP_GRAPH_URL: fake.url,
  }).whatsapp;
  if (!whatsapp) throw new Error("WhatsApp is off");
  config = whatsapp;
});
afterAll(() => fake.close());

describe("createWhatsAppTransport", () => {
  it("posts the payload to the phone number's messages with the bearer token, and reads the wamid", async () => {
    const transport = createWhatsAppTransport(config, log(), unpaced);
    const sent = await transport.send({ id: "row-1", to: TO, payload: TICKET });
    expect(sent.providerId).toMatch(/^wamid\./);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe(`/v23.0/${fake.phoneNumberId}/messages`);
    expect(request?.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(request?.body).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: "2348031234567", ...TICKET });
    expect(fake.messages.at(-1)?.providerId).toBe(sent.providerId);
  });

  it("sends texts, pictures, documents and buttons as they are", async () => {
    const transport = createWhatsAppTransport(config, log(), unpaced);
    const payloads: WhatsAppPayload[] = [
      TEXT,
      { type: "image", image: { link: "https://summit.example.org/t/a.png", caption: "Tikitinka" } },
      { type: "document", document: { link: "https://summit.example.org/c/a.pdf", filename: "certificate.pdf" } },
      {
        type: "interactive",
        interactive: {
          type: "button",
          body: { text: "Wane harshe?" },
          action: { buttons: [{ type: "reply", reply: { id: "ha", title: "Hausa" } }] },
        },
      },
    ];
    for (const payload of payloads) {
      await transport.send({ id: "row-2", to: TO, payload });
      expect(fake.sent().at(-1)).toMatchObject(payload);
    }
  });

  it.each([
    [131026, "sms-instead", /^Not on WhatsApp: this number has no WhatsApp account \(131026\)$/],
    [132001, "sms-instead", /template does not exist/],
    [131047, "sms-instead", /24 hours/],
    [131021, "permanent", /own WhatsApp number/],
    [131031, "account", /locked/],
    [131042, "account", /payment/],
    [130429, "transient", /per second/],
    [131056, "transient", /short time/],
    [131000, "transient", /went wrong/],
  ] as [number, Kind, RegExp][])("sorts Meta's %i as %s", async (code, kind, words) => {
    fake.setFailure(TO, { code, message: `(#${code}) Refused for 2348031234567` });
    try {
      const logger = log();
      const error = await failure(createWhatsAppTransport(config, logger, unpaced).send({ id: "row-3", to: TO, payload: TEXT }));
      expect(kindOf(error)).toBe(kind);
      expect(error.message).toMatch(words);
      const said = JSON.stringify([error.message, logger.warn.mock.calls, logger.info.mock.calls, logger.error.mock.calls]);
      expect(said).not.toContain("8031234567");
      expect(said).not.toContain(SECRET_TEXT);
      expect(said).not.toContain(fake.accessToken);
    } finally {
      fake.setFailure(TO, null);
    }
  });

  it("warns in the log when Meta answers with a rate limit, naming the row, not the number", async () => {
    fake.setFailure(TO, { code: 131056, status: 400 });
    try {
      const logger = log();
      await failure(createWhatsAppTransport(config, logger, unpaced).send({ id: "row-rate", to: TO, payload: TEXT }));
      expect(logger.warn).toHaveBeenCalledWith({ whatsappId: "row-rate", code: 131056 }, expect.stringContaining("rate limit"));
    } finally {
      fake.setFailure(TO, null);
    }
  });

  it("takes a wrong token (HTTP 401, 190) or phone number ID as an account error naming the variable", async () => {
    const wrongToken = await failure(
      createWhatsAppTransport({ ...config, accessToken: `EAAG${"w".repeat(60)}` }, log(), unpaced).send({ id: "r", to: TO, payload: TEXT }),
    );
    expect(wrongToken).toBeInstanceOf(WhatsAppAccountError);
    expect(wrongToken.message).toContain("WHATSAPP_ACCESS_TOKEN");
    expect((wrongToken as WhatsAppAccountError).code).toBe(190);
    const wrongId = await failure(
      createWhatsAppTransport({ ...config, phoneNumberId: "999999999" }, log(), unpaced).send({ id: "r", to: TO, payload: TEXT }),
    );
    expect(wrongId).toBeInstanceOf(WhatsAppAccountError);
    expect(wrongId.message).toContain("WHATSAPP_PHONE_NUMBER_ID");
    fake.respondNext(401, "Unauthorized");
    expect(await failure(createWhatsAppTransport(config, log(), unpaced).send({ id: "r", to: TO, payload: TEXT }))).toBeInstanceOf(
      WhatsAppAccountError,
    );
  });

  it.each([
    [500, { error: { message: "An unknown error occurred", type: "OAuthException", code: 1 } }, /Meta's API had a problem \(1\)/],
    [502, "<html>Bad gateway 2348031234567</html>", /^WhatsApp could not send it now \(HTTP 502\): <html>Bad gateway …<\/html>$/],
    [429, "", /limiting how fast/],
    [200, { messaging_product: "whatsapp", messages: [] }, /gave no message ID/],
    [200, "not json", /gave no message ID/],
  ])("takes HTTP %i (%o) as transient", async (status, body, words) => {
    fake.respondNext(status, body);
    const error = await failure(createWhatsAppTransport(config, log(), unpaced).send({ id: "r", to: TO, payload: TEXT }));
    expect(kindOf(error)).toBe("transient");
    expect(error.message).toMatch(words);
  });

  it("gives up on a Meta that does not answer in time, or cannot be reached, as transient", async () => {
    fake.hangNext();
    const slow = await failure(
      createWhatsAppTransport(config, log(), { ...unpaced, timeoutMs: 200 }).send({ id: "r", to: TO, payload: TEXT }),
    );
    expect(kindOf(slow)).toBe("transient");
    expect(slow.message).toMatch(/did not answer within/);
    const away = await failure(
      createWhatsAppTransport({ ...config, graphUrl: "http://127.0.0.1:9/v23.0" }, log(), unpaced).send({ id: "r", to: TO, payload: TEXT }),
    );
    expect(kindOf(away)).toBe("transient");
    expect(away.message).toMatch(/Could not reach WhatsApp/);
  });

  it("refuses a number that is not E.164, or a payload Meta would refuse, before sending anything", async () => {
    const before = fake.requests.length;
    const transport = createWhatsAppTransport(config, log(), unpaced);
    for (const to of ["08031234567", "+234 803 123 4567", "2348031234567", "+2348031234567,+2348031234568", ""]) {
      const error = await failure(transport.send({ id: "r", to, payload: TEXT }));
      expect(error).toBeInstanceOf(PermanentWhatsAppError);
      expect((error as PermanentWhatsAppError).fallbackToSms).toBe(false);
    }
    const bad = { type: "text", text: { body: `${SECRET_TEXT}\u0000` } } as WhatsAppPayload;
    const error = await failure(transport.send({ id: "r", to: TO, payload: bad }));
    expect(error).toBeInstanceOf(PermanentWhatsAppError);
    expect((error as PermanentWhatsAppError).fallbackToSms).toBe(true);
    expect(error.message).toMatch(/^The WhatsApp message is not one Meta accepts \(text\.body: .*\); not sent$/);
    expect(error.message).not.toContain(SECRET_TEXT);
    const smuggled = { ...TEXT, to: "2340000000000" } as WhatsAppPayload;
    expect(await failure(transport.send({ id: "r", to: TO, payload: smuggled }))).toBeInstanceOf(PermanentWhatsAppError);
    expect(fake.requests.length).toBe(before);
  });

  it("takes a number not on WhatsApp: Meta reports that later, by webhook", async () => {
    fake.setNotOnWhatsApp(["+2348030000000"]);
    const sent = await createWhatsAppTransport(config, log(), unpaced).send({ id: "r", to: "+2348030000000", payload: TICKET });
    expect(sent.providerId).toMatch(/^wamid\./);
    fake.setNotOnWhatsApp([]);
  });

  it("keeps Meta's pace: 6 seconds between messages to one number, the rest of the second for others", async () => {
    const clock = virtualClock();
    const transport = createWhatsAppTransport(config, log(), { now: clock.now, sleep: clock.sleep });
    const before = fake.requests.length;
    await Promise.all([
      transport.send({ id: "a", to: TO, payload: TEXT }),
      transport.send({ id: "b", to: TO, payload: TEXT }),
      transport.send({ id: "c", to: "+2348031234568", payload: TEXT }),
    ]);
    expect(fake.requests.length - before).toBe(3);
    // c waits only its turn in the 80 a second; b waits out the gap after a.
    expect(clock.sleeps).toContain(12.5);
    expect(clock.sleeps).toContain(6000);
  });
});

describe("configuredWhatsAppStatus", () => {
  const on = {
    WHATSAPP_ACCESS_TOKEN: `EAAG${"x".repeat(60)}`,
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
    WHATSAPP_VERIFY_TOKEN: "verify-token-of-at-least-16",
  };
  const status = (env: Record<string, string>) => configuredWhatsAppStatus(parseConfig(env));

  it("is off, and no fault, without WHATSAPP_ACCESS_TOKEN", () => {
    expect(status({ NODE_ENV: "production" })).toEqual({
      kind: "off",
      ok: true,
      detail: "WhatsApp is off: WHATSAPP_ACCESS_TOKEN is not set",
    });
  });

  it("names Meta's API and its version, and calls another Graph URL a fault in production", () => {
    expect(status({ ...on, NODE_ENV: "production" })).toEqual({
      kind: "cloud-api",
      ok: true,
      detail: "Meta's WhatsApp Cloud API v23.0 (WHATSAPP_ACCESS_TOKEN is set)",
    });
    const elsewhere = { ...on, WHATSAPP_GRAPH_URL: "http://127.0.0.1:4010/v23.0" };
    expect(status({ ...elsewhere, NODE_ENV: "production" })).toMatchObject({ kind: "cloud-api", ok: false });
    expect(status({ ...elsewhere, NODE_ENV: "production" }).detail).toContain("127.0.0.1:4010");
    expect(status({ ...elsewhere, NODE_ENV: "production", DEMO: "true" }).ok).toBe(true);
    expect(status(elsewhere).ok).toBe(true);
  });
});
