import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inboundChoiceWebhook, inboundTextWebhook, signedWebhook, startFakeGraph } from "#tests/support/fake-graph.ts";
import { createWhatsAppTransport, PermanentWhatsAppError, whatsappErrorFor } from "./graph-transport.server";
import { parseWebhook } from "./webhook-payload";
import { verifyWhatsAppSignature } from "./webhook-signature.server";

// The fake Graph API behaves as Meta does toward a site: it takes messages, answers with a wamid
// or Meta's error, and posts signed status webhooks back: what the transport and the webhook's
// route will meet.

const APP_SECRET = "0123456789abcdef0123456789abcdef";
const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

type Received = { signature: string | undefined; body: string };
let received: Received[] = [];
let site: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  // A site's webhook: checks the signature on the raw body, as the route will, and answers 200 or 401.
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const signature = request.headers["x-hub-signature-256"] as string | undefined;
      received.push({ signature, body: raw.toString("utf8") });
      response.writeHead(verifyWhatsAppSignature(raw, signature, APP_SECRET) ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/whatsapp/webhook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => site.close());

describe("the fake Graph API", () => {
  it("takes a message, then posts 'sent' and 'delivered' webhooks signed with the app secret", async () => {
    const fake = await startFakeGraph({ appSecret: APP_SECRET, webhookUrl: site.url });
    try {
      received = [];
      const whatsapp = whatsappConfigFor(fake.url, fake.accessToken, fake.phoneNumberId);
      const sent = await createWhatsAppTransport(whatsapp, log()).send({ id: "r1", to: "+2348031234567", payload: TEXT });
      await fake.idle();
      expect(fake.webhooks.map((w) => w.status)).toEqual([200, 200]);
      const statuses = received.map((r) => parseWebhook(JSON.parse(r.body))?.statuses[0]);
      expect(statuses).toMatchObject([
        { providerId: sent.providerId, status: "sent", recipient: "+2348031234567" },
        { providerId: sent.providerId, status: "delivered", recipient: "+2348031234567" },
      ]);
      expect(fake.sent()).toEqual([{ messaging_product: "whatsapp", recipient_type: "individual", to: "2348031234567", ...TEXT }]);
    } finally {
      await fake.close();
    }
  });

  it("takes a message to a number not on WhatsApp with 200, then reports it failed with 131026", async () => {
    const fake = await startFakeGraph({ appSecret: APP_SECRET, webhookUrl: site.url, notOnWhatsApp: ["+2348030000000"] });
    try {
      received = [];
      const whatsapp = whatsappConfigFor(fake.url, fake.accessToken, fake.phoneNumberId);
      const sent = await createWhatsAppTransport(whatsapp, log()).send({ id: "r2", to: "+2348030000000", payload: TEXT });
      await fake.idle();
      const status = parseWebhook(JSON.parse(received[0]?.body ?? "null"))?.statuses[0];
      expect(status).toMatchObject({
        providerId: sent.providerId,
        status: "failed",
        errorCode: 131026,
        errorTitle: "Message undeliverable",
      });
      const error = whatsappErrorFor(status?.errorCode, status?.errorTitle);
      expect(error).toBeInstanceOf(PermanentWhatsAppError);
      expect((error as PermanentWhatsAppError).fallbackToSms).toBe(true);
      expect(received).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it("answers a wrong token 401 in Meta's shape, and records every request", async () => {
    const fake = await startFakeGraph({ accessToken: `EAAG${"a".repeat(40)}` });
    try {
      const response = await fetch(`${fake.url}/${fake.phoneNumberId}/messages`, {
        method: "POST",
        headers: { Authorization: "Bearer wrong", "Content-Type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to: "2348031234567", ...TEXT }),
      });
      expect(response.status).toBe(401);
      const answer = (await response.json()) as { error: Record<string, unknown> };
      expect(answer.error).toMatchObject({ type: "OAuthException", code: 190, fbtrace_id: expect.any(String) });
      expect(fake.requests).toEqual([
        {
          path: `/v23.0/${fake.phoneNumberId}/messages`,
          authorization: "Bearer wrong",
          body: expect.objectContaining({ to: "2348031234567" }),
        },
      ]);
      expect(fake.sent()).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it("posts a person's messages signed, and a forged or unsigned one is refused by the site", async () => {
    const fake = await startFakeGraph({ appSecret: APP_SECRET, webhookUrl: site.url });
    try {
      received = [];
      const text = inboundTextWebhook({ from: "+2348031234567", text: "Sannu ɗan'uwa ʼ", phoneNumberId: fake.phoneNumberId });
      expect(await fake.postWebhook(text)).toMatchObject({ status: 200 });
      expect(received[0]?.body).toContain("\\u0257");
      expect(parseWebhook(JSON.parse(received[0]?.body ?? "null"))?.messages[0]).toMatchObject({ kind: "text", text: "Sannu ɗan'uwa ʼ" });
      const choice = inboundChoiceWebhook({ from: "+2348031234567", choiceId: "yes", title: "Yes", phoneNumberId: fake.phoneNumberId });
      expect(await fake.postWebhook(choice, "a-forger's-secret-of-some-length")).toMatchObject({ status: 401 });
      expect(await fake.postWebhook(choice, null)).toMatchObject({ status: 401 });
      expect(received[2]?.signature).toBeUndefined();
      expect(signedWebhook(choice, APP_SECRET).headers["X-Hub-Signature-256"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    } finally {
      await fake.close();
    }
  });
});

const TEXT = { type: "text", text: { body: "Your ticket: ZYS-MXK2P9QA" } } as const;

function whatsappConfigFor(graphUrl: string, accessToken: string, phoneNumberId: string) {
  return {
    accessToken,
    phoneNumberId,
    appSecret: APP_SECRET,
    verifyToken: "verify-token-of-at-least-16",
    graphUrl,
    templates: { ticket: "summit_ticket", reminder: "summit_reminder", offer: "summit_waitlist_offer", certificate: "summit_certificate" },
    languages: { en: "en", ha: "ha" },
  };
}
