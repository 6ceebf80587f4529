import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import { startFakeTermii } from "#tests/support/fake-termii.ts";
import { parseAfricasTalkingReport, parseTermiiReport, verifyTermiiSignature } from "./delivery-reports.server";

// The fakes' callbacks reach a site as the real providers' do: what the routes will receive.

type Received = { method: string; contentType: string; headers: IncomingMessage["headers"]; body: string };

let received: Received[] = [];
let site: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ method: request.method ?? "", contentType: request.headers["content-type"] ?? "", headers: request.headers, body });
      const text = new URLSearchParams(body).get("text");
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end(text === "" ? "CON Welcome\n1. Register" : "END Thank you");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => site.close());

describe("the fake Africa's Talking", () => {
  it("drives a USSD callback: a form-encoded POST, answered in text/plain", async () => {
    const fake = await startFakeAfricasTalking({ outcomesBySuffix: false });
    try {
      received = [];
      const first = await fake.postUssd(`${site.url}/ussd`, {
        sessionId: "ATUid_1",
        serviceCode: "*384*123#",
        phoneNumber: "+2348031234567",
        text: "",
      });
      expect(first).toMatchObject({ status: 200, body: "CON Welcome\n1. Register" });
      expect(first.contentType).toMatch(/^text\/plain/);
      const second = await fake.postUssd(`${site.url}/ussd`, {
        sessionId: "ATUid_1",
        serviceCode: "*384*123#",
        phoneNumber: "+2348031234567",
        text: "1",
      });
      expect(second.body).toBe("END Thank you");
      expect(received[0]?.contentType).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(new URLSearchParams(received[1]?.body))).toEqual({
        sessionId: "ATUid_1",
        serviceCode: "*384*123#",
        phoneNumber: "+2348031234567",
        networkCode: "62130",
        text: "1",
      });
    } finally {
      await fake.close();
    }
  });

  it("posts a delivery report the parser reads", async () => {
    const fake = await startFakeAfricasTalking();
    try {
      received = [];
      await fake.postDeliveryReport(`${site.url}/sms/at`, "ATXid_abc", "Failed", "DoNotDisturbRejection");
      expect(parseAfricasTalkingReport(new URLSearchParams(received[0]?.body))).toMatchObject({
        providerId: "ATXid_abc",
        outcome: "failed",
      });
    } finally {
      await fake.close();
    }
  });
});

describe("the fake Termii", () => {
  it("posts a signed webhook the verifier accepts", async () => {
    const fake = await startFakeTermii();
    try {
      received = [];
      await fake.postDeliveryReport(`${site.url}/sms/termii`, "3017", "Delivered");
      const hit = received[0];
      const signature = hit?.headers["x-termii-signature"];
      expect(verifyTermiiSignature(hit?.body ?? "", typeof signature === "string" ? signature : undefined, fake.secretKey)).toBe(true);
      expect(parseTermiiReport(JSON.parse(hit?.body ?? "null"))).toEqual({ providerId: "3017", outcome: "delivered" });
    } finally {
      await fake.close();
    }
  });
});
