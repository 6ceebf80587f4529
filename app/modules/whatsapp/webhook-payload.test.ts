import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inboundChoiceWebhook, inboundTextWebhook, statusWebhook } from "#tests/support/fake-graph.ts";
import { hostileString } from "#tests/support/hostile-input.ts";
import { textProblem } from "~/db/text";
import { parseWebhook } from "./webhook-payload";

const PHONE_ID = "106540352242922";
const FROM = "+2348031234567";

/** Meta's envelope around one change's value. */
function body(value: Record<string, unknown>, field = "messages"): unknown {
  return {
    object: "whatsapp_business_account",
    entry: [{ id: "1", changes: [{ field, value: { messaging_product: "whatsapp", metadata: { phone_number_id: PHONE_ID }, ...value } }] }],
  };
}
const message = (extra: Record<string, unknown>) => ({ from: "2348031234567", id: "wamid.ABC=", timestamp: "1718035200", ...extra });
const textOf = (text: unknown) => parseWebhook(body({ messages: [message({ type: "text", text: { body: text } })] }))?.messages[0]?.text;

describe("parseWebhook", () => {
  it("reads a typed message, with the person's WhatsApp name", () => {
    const parsed = parseWebhook(
      inboundTextWebhook({ from: FROM, text: "REGISTER", id: "wamid.1", phoneNumberId: PHONE_ID, profileName: "Amina Ɗanladi" }),
    );
    expect(parsed).toEqual({
      messages: [
        {
          id: "wamid.1",
          from: FROM,
          timestamp: expect.any(Date),
          phoneNumberId: PHONE_ID,
          profileName: "Amina Ɗanladi",
          kind: "text",
          text: "REGISTER",
        },
      ],
      statuses: [],
    });
  });

  it("reads a tapped button, a list row and a template's quick reply as the choice's id", () => {
    const button = parseWebhook(inboundChoiceWebhook({ from: FROM, choiceId: "lang:ha", title: "Hausa", phoneNumberId: PHONE_ID }));
    expect(button?.messages[0]).toMatchObject({ kind: "choice", text: "lang:ha" });
    const row = parseWebhook(
      inboundChoiceWebhook({ from: FROM, choiceId: "state:37", title: "Zamfara", phoneNumberId: PHONE_ID, list: true }),
    );
    expect(row?.messages[0]).toMatchObject({ kind: "choice", text: "state:37" });
    const quickReply = parseWebhook(body({ messages: [message({ type: "button", button: { payload: "cancel:abc", text: "Cancel" } })] }));
    expect(quickReply?.messages[0]).toMatchObject({ kind: "choice", text: "cancel:abc" });
  });

  it("keeps pictures, voice notes, places, stickers and reactions as 'other', without their content", () => {
    const others = [
      { type: "image", image: { id: "1", mime_type: "image/jpeg", caption: "my face" } },
      { type: "audio", audio: { id: "2", voice: true } },
      { type: "location", location: { latitude: 12.17, longitude: 6.66 } },
      { type: "sticker", sticker: { id: "3" } },
      { type: "reaction", reaction: { message_id: "wamid.x", emoji: "👍" } },
      { type: "unsupported", errors: [{ code: 131051 }] },
      { type: "interactive", interactive: { type: "nfm_reply", nfm_reply: {} } },
    ];
    const parsed = parseWebhook(body({ messages: others.map((m, i) => message({ ...m, id: `wamid.${i}` })) }));
    expect(parsed?.messages.map((m) => [m.kind, m.text])).toEqual(others.map(() => ["other", ""]));
  });

  it("reads statuses, with Meta's error code and title for a failure", () => {
    const parsed = parseWebhook(
      body({
        statuses: [
          { id: "wamid.A", status: "sent", timestamp: "1718035200", recipient_id: "2348031234567", conversation: { id: "c" }, pricing: {} },
          { id: "wamid.A", status: "delivered", timestamp: "1718035201", recipient_id: "2348031234567" },
          { id: "wamid.A", status: "read", timestamp: "1718035202", recipient_id: "2348031234567" },
          {
            id: "wamid.B",
            status: "failed",
            timestamp: "1718035203",
            recipient_id: "2348031234568",
            errors: [{ code: 131026, title: "Message undeliverable", error_data: { details: "x" } }],
          },
          { id: "wamid.C", status: "deleted", timestamp: "1718035203", recipient_id: "2348031234568" },
        ],
      }),
    );
    expect(parsed?.statuses).toEqual([
      { providerId: "wamid.A", status: "sent", timestamp: new Date(1718035200_000), recipient: FROM },
      { providerId: "wamid.A", status: "delivered", timestamp: new Date(1718035201_000), recipient: FROM },
      { providerId: "wamid.A", status: "read", timestamp: new Date(1718035202_000), recipient: FROM },
      {
        providerId: "wamid.B",
        status: "failed",
        timestamp: new Date(1718035203_000),
        recipient: "+2348031234568",
        errorCode: 131026,
        errorTitle: "Message undeliverable",
      },
    ]);
    expect(parseWebhook(statusWebhook({ providerId: "wamid.Z", status: "failed", recipient: FROM }))?.statuses[0]).toMatchObject({
      errorCode: 131026,
    });
  });

  it("is null for a body that is not a WhatsApp Business Account's, and skips other fields", () => {
    for (const json of [null, "text", 42, [], {}, { object: "page", entry: [] }, { object: "whatsapp_business_account" }])
      expect(parseWebhook(json)).toBeNull();
    expect(parseWebhook(body({ messages: [message({ type: "text", text: { body: "hi" } })] }, "message_template_status_update"))).toEqual({
      messages: [],
      statuses: [],
    });
  });

  it("drops a malformed item and keeps the rest", () => {
    const good = message({ type: "text", text: { body: "hi" } });
    const parsed = parseWebhook(
      body({
        messages: [
          null,
          "wamid",
          { ...good, from: "+234 803" },
          { ...good, id: "wamid with spaces" },
          { ...good, timestamp: "yesterday" },
          { ...good, type: "text", text: { body: 42 } },
          { ...good, type: "button", button: {} },
          good,
        ],
        statuses: [
          { id: "wamid.A", status: "sent" },
          { id: "wamid.A", status: "sent", timestamp: "1", recipient_id: "2348031234567" },
        ],
      }),
    );
    expect(parsed?.messages).toHaveLength(1);
    expect(parsed?.statuses).toHaveLength(1);
    const entries = { object: "whatsapp_business_account", entry: [null, { changes: "x" }, { changes: [null, { field: "messages" }] }] };
    expect(parseWebhook(entries)).toEqual({ messages: [], statuses: [] });
  });

  it("reads at most 100 items of each kind, and at most 4096 characters of a text", () => {
    const many = Array.from({ length: 500 }, (_, i) => message({ id: `wamid.${i}`, type: "text", text: { body: "x" } }));
    const changes = Array.from({ length: 3 }, () => ({
      field: "messages",
      value: { metadata: { phone_number_id: PHONE_ID }, messages: many },
    }));
    const parsed = parseWebhook({ object: "whatsapp_business_account", entry: [{ changes }, { changes }] });
    expect(parsed?.messages).toHaveLength(100);
    expect(textOf("ƙ".repeat(10_000))).toBe("ƙ".repeat(4096));
    const cut = textOf(`${"a".repeat(4095)}😀`) ?? "";
    expect(cut).toBe("a".repeat(4095));
  });

  it("cleans a text: NUL, controls, direction overrides and half characters read as spaces; NFC; Hausa letters kept", () => {
    expect(textOf("Ami\u0000na")).toBe("Ami na");
    expect(textOf("REG\uD800ISTER")).toBe("REG ISTER");
    expect(textOf("\uDC00stop")).toBe("stop");
    expect(textOf("\u202Eevil\u202C name")).toBe("evil name");
    expect(textOf("Sannu\n\n  duka\t!")).toBe("Sannu duka !");
    expect(textOf("Cafe\u0301")).toBe("Café");
    expect(textOf("ɗ ƙ ƴ ɓ ʼ Ɗ Ƙ Ƴ Ɓ")).toBe("ɗ ƙ ƴ ɓ ʼ Ɗ Ƙ Ƴ Ɓ");
    expect(textOf("👍🏾 na gode")).toBe("👍🏾 na gode");
    const name = parseWebhook(inboundTextWebhook({ from: FROM, text: "hi", phoneNumberId: PHONE_ID, profileName: "\u0000\u202E" }));
    expect(name?.messages[0]?.profileName).toBeUndefined();
  });

  it("never throws, and every text it gives is one storable line", () => {
    fc.assert(
      fc.property(hostileString, hostileString, (text, name) => {
        const parsed = parseWebhook(inboundTextWebhook({ from: FROM, text, phoneNumberId: PHONE_ID, profileName: name }));
        const read = parsed?.messages[0];
        expect(read).toBeDefined();
        expect(textProblem(read?.text ?? "", "line")).toBeNull();
        expect(textProblem(read?.profileName ?? "", "line")).toBeNull();
        expect((read?.text ?? "").length).toBeLessThanOrEqual(4096);
      }),
    );
  });
});
