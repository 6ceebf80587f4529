import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/support/fake-africastalking.ts";
import { type FakeTermii, startFakeTermii } from "#tests/support/fake-termii.ts";
import { hostileString } from "#tests/support/hostile-input.ts";
import { parseAfricasTalkingReport, parseTermiiReport, verifyTermiiSignature } from "./delivery-reports.server";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const at = (status: string, failureReason?: string) =>
  parseAfricasTalkingReport(
    form({
      id: "ATXid_1f2e",
      status,
      phoneNumber: "+2348031234567",
      networkCode: "62130",
      retryCount: "0",
      ...(failureReason ? { failureReason } : {}),
    }),
  );

describe("parseAfricasTalkingReport", () => {
  it("reads Success as delivered and the in-between statuses as pending", () => {
    expect(at("Success")).toEqual({ providerId: "ATXid_1f2e", outcome: "delivered" });
    for (const status of ["Sent", "Submitted", "Buffered", "Queued", "SomethingNew"])
      expect(at(status)).toEqual({ providerId: "ATXid_1f2e", outcome: "pending" });
  });

  it("reads the final failures with a reason an organiser can act on", () => {
    expect(at("Failed", "DoNotDisturbRejection")).toEqual({
      providerId: "ATXid_1f2e",
      outcome: "failed",
      reason: "Do not disturb (DND) is on for this number",
    });
    expect(at("Rejected", "UserInBlackList")?.reason).toBe("The number has blocked messages from this sender");
    expect(at("Failed", "UserDoesNotExist")?.reason).toBe("The number does not exist");
    expect(at("Failed", "NotNetworkSubcriber")?.reason).toMatch(/does not belong to the network/);
    expect(at("Failed")?.reason).toBe("The network could not deliver it");
    expect(at("Rejected")?.reason).toBe("The network rejected it");
    expect(at("AbsentSubscriber")).toMatchObject({ outcome: "failed", reason: expect.stringMatching(/off or out of coverage/) });
    expect(at("Expired")).toMatchObject({ outcome: "failed" });
    expect(at("Failed", "<b>NewReason</b> +2348031234567")?.reason).toBe("The network could not deliver it (bNewReasonb)");
  });

  it("never carries the phone number into the report", () => {
    for (const status of ["Success", "Failed", "Sent"]) expect(JSON.stringify(at(status, "UserIsInactive"))).not.toContain("803");
  });

  it("is null without an id or a status, or with an id that is not a token", () => {
    expect(parseAfricasTalkingReport(form({ status: "Success" }))).toBeNull();
    expect(parseAfricasTalkingReport(form({ id: "ATXid_1" }))).toBeNull();
    expect(parseAfricasTalkingReport(form({ id: "a b", status: "Success" }))).toBeNull();
    expect(parseAfricasTalkingReport(form({ id: "x".repeat(201), status: "Success" }))).toBeNull();
  });

  it("reads the fake's delivery report as AT would send it", async () => {
    const fake: FakeAfricasTalking = await startFakeAfricasTalking();
    try {
      expect(parseAfricasTalkingReport(fake.deliveryReport("ATXid_9", "Failed", "UserIsInactive"))).toMatchObject({
        providerId: "ATXid_9",
        outcome: "failed",
      });
    } finally {
      await fake.close();
    }
  });

  it("never throws on hostile forms", () => {
    fc.assert(
      fc.property(hostileString, hostileString, hostileString, (id, status, reason) => {
        const report = parseAfricasTalkingReport(form({ id, status, failureReason: reason }));
        if (report) expect(report.providerId).toMatch(/^[\w.:-]+$/);
      }),
      { numRuns: 300, seed: 5 },
    );
  });
});

describe("Termii webhooks", () => {
  let fake: FakeTermii;
  beforeAll(async () => {
    fake = await startFakeTermii();
  });
  afterAll(() => fake.close());

  it("accepts the signature Termii makes, and nothing else", () => {
    const { body, signature } = fake.deliveryReport("3017000000001", "Delivered");
    expect(verifyTermiiSignature(body, signature, fake.secretKey)).toBe(true);
    expect(verifyTermiiSignature(body, signature.toUpperCase(), fake.secretKey)).toBe(true);
    // Tampered body, tampered signature, another key, missing header, empty secret.
    expect(verifyTermiiSignature(body.replace("Delivered", "Message Failed"), signature, fake.secretKey)).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    expect(verifyTermiiSignature(body, flipped, fake.secretKey)).toBe(false);
    expect(verifyTermiiSignature(body, signature, `${fake.secretKey}x`)).toBe(false);
    expect(verifyTermiiSignature(body, undefined, fake.secretKey)).toBe(false);
    expect(verifyTermiiSignature(body, "", fake.secretKey)).toBe(false);
    expect(verifyTermiiSignature(body, signature.slice(0, 64), fake.secretKey)).toBe(false);
    expect(verifyTermiiSignature(body, "zz".repeat(64), fake.secretKey)).toBe(false);
    expect(verifyTermiiSignature(body, createHmac("sha512", "").update(body).digest("hex"), "")).toBe(false);
    // Not base64, not SHA-256.
    expect(verifyTermiiSignature(body, createHmac("sha512", fake.secretKey).update(body).digest("base64"), fake.secretKey)).toBe(false);
    expect(verifyTermiiSignature(body, createHmac("sha256", fake.secretKey).update(body).digest("hex"), fake.secretKey)).toBe(false);
  });

  it("reads Termii's statuses", () => {
    const read = (status: string) => parseTermiiReport(JSON.parse(fake.deliveryReport("3017000000001", status).body));
    expect(read("Delivered")).toEqual({ providerId: "3017000000001", outcome: "delivered" });
    expect(read("DELIVERED | Message delivered to handset")).toMatchObject({ outcome: "delivered" });
    expect(read("DND Active on Phone Number")).toEqual({
      providerId: "3017000000001",
      outcome: "failed",
      reason: "Do not disturb (DND) is on for this number",
    });
    expect(read("Message Failed")).toMatchObject({ outcome: "failed", reason: "The network could not deliver it" });
    expect(read("Rejected")).toMatchObject({ outcome: "failed" });
    expect(read("Expired")).toMatchObject({ outcome: "failed" });
    expect(read("Message Sent")).toMatchObject({ outcome: "pending" });
    expect(read("Received")).toMatchObject({ outcome: "pending" });
  });

  it("is null for another kind of event, or one without a message ID or status", () => {
    expect(parseTermiiReport({ type: "device_offline", status: "offline" })).toBeNull();
    expect(parseTermiiReport({ type: "outbound", status: "Delivered" })).toBeNull();
    expect(parseTermiiReport({ type: "outbound", message_id: "1" })).toBeNull();
    expect(parseTermiiReport(null)).toBeNull();
    expect(parseTermiiReport("Delivered")).toBeNull();
    expect(parseTermiiReport({ message_id: 3017000000001, status: "Delivered" })).toMatchObject({ providerId: "3017000000001" });
  });

  it("never carries the receiver or the text into the report", () => {
    const body = JSON.parse(fake.deliveryReport("42", "Message Failed").body);
    body.receiver = "2348031234567";
    body.message = "Your ticket ZYS-ABC";
    const report = JSON.stringify(parseTermiiReport(body));
    expect(report).not.toContain("803");
    expect(report).not.toContain("ZYS");
  });
});
