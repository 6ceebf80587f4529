import { describe, expect, it } from "vitest";
import { describePayload, type WhatsAppPayload, whatsappPayloadSchema } from "./payload";

const TICKET: WhatsAppPayload = {
  type: "template",
  template: {
    name: "summit_ticket",
    language: { code: "ha" },
    components: [
      {
        type: "header",
        parameters: [{ type: "document", document: { link: "https://summit.example.org/t/abc.pdf", filename: "ticket.pdf" } }],
      },
      {
        type: "body",
        parameters: [
          { type: "text", text: "Ɗanladi Ƙasimu" },
          { type: "text", text: "ZYS-MXK2P9QA-7HK3QD" },
        ],
      },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "abc123" }] },
      { type: "button", sub_type: "quick_reply", index: "1", parameters: [{ type: "payload", payload: "cancel:abc123" }] },
    ],
  },
};

const BUTTONS: WhatsAppPayload = {
  type: "interactive",
  interactive: {
    type: "button",
    header: { type: "text", text: "Zamfara Youth Summit" },
    body: { text: "Which language?\nWane harshe?" },
    footer: { text: "Reply STOP to stop" },
    action: {
      buttons: [
        { type: "reply", reply: { id: "lang:en", title: "English" } },
        { type: "reply", reply: { id: "lang:ha", title: "Hausa" } },
      ],
    },
  },
};

const LIST: WhatsAppPayload = {
  type: "interactive",
  interactive: {
    type: "list",
    body: { text: "Choose your state" },
    action: {
      button: "States",
      sections: [
        { rows: Array.from({ length: 10 }, (_, i) => ({ id: `state:${i}`, title: `State ${i}`, description: "Arewa maso Yamma" })) },
      ],
    },
  },
};

const ok = (payload: unknown) => whatsappPayloadSchema.safeParse(payload).success;

describe("whatsappPayloadSchema", () => {
  it("takes each kind of message Meta sends", () => {
    expect(ok(TICKET)).toBe(true);
    expect(ok({ type: "template", template: { name: "summit_reminder", language: { code: "en_US" } } })).toBe(true);
    expect(ok({ type: "text", text: { body: "Sannu! Tikitinka: ZYS-MXK2P9QA", preview_url: false } })).toBe(true);
    expect(ok({ type: "image", image: { link: "https://summit.example.org/t/abc.png", caption: "Your ticket" } })).toBe(true);
    expect(ok({ type: "document", document: { link: "http://127.0.0.1:3000/c/x.pdf", filename: "certificate.pdf" } })).toBe(true);
    expect(ok(BUTTONS)).toBe(true);
    expect(ok(LIST)).toBe(true);
  });

  const text = (body: string) => ({ type: "text", text: { body } });
  it.each([
    ["a NUL in a text", text("Sannu\u0000")],
    ["half a character", text("Sannu \uD83D")],
    ["a direction override", text("\u202Eevil")],
    ["an empty text", text("")],
    ["a text of spaces", text("   \n ")],
    ["a text over 4096", text("x".repeat(4097))],
    ["a key Meta does not know", { type: "text", text: { body: "hi" }, to: "2348031234567" }],
    ["no type", { text: { body: "hi" } }],
    ["an unknown type", { type: "sticker", sticker: { link: "https://x.org/s.webp" } }],
    ["a link that is no URL", { type: "image", image: { link: "javascript:alert(1)" } }],
    ["a template name with capitals", { type: "template", template: { name: "Summit_Ticket", language: { code: "en" } } }],
    ["a language like en-US", { type: "template", template: { name: "summit_ticket", language: { code: "en-US" } } }],
    [
      "a line break in a template parameter",
      {
        type: "template",
        template: { name: "t", language: { code: "en" }, components: [{ type: "body", parameters: [{ type: "text", text: "a\nb" }] }] },
      },
    ],
    [
      "5 spaces in a template parameter",
      {
        type: "template",
        template: { name: "t", language: { code: "en" }, components: [{ type: "body", parameters: [{ type: "text", text: "a     b" }] }] },
      },
    ],
    [
      "a header text over 60",
      {
        type: "template",
        template: {
          name: "t",
          language: { code: "en" },
          components: [{ type: "header", parameters: [{ type: "text", text: "x".repeat(61) }] }],
        },
      },
    ],
  ])("refuses %s", (_what, payload) => {
    expect(ok(payload)).toBe(false);
  });

  it("refuses interactive messages beyond Meta's limits", () => {
    if (
      BUTTONS.type !== "interactive" ||
      BUTTONS.interactive.type !== "button" ||
      LIST.type !== "interactive" ||
      LIST.interactive.type !== "list"
    )
      throw new Error("fixtures");
    const buttons = BUTTONS.interactive;
    const list = LIST.interactive;
    const reply = (id: string, title = "Yes") => ({ type: "reply", reply: { id, title } });
    const withButtons = (b: unknown[]) => ({ type: "interactive", interactive: { ...buttons, action: { buttons: b } } });
    expect(ok(withButtons([reply("a"), reply("b"), reply("c"), reply("d")]))).toBe(false);
    expect(ok(withButtons([]))).toBe(false);
    expect(ok(withButtons([reply("a"), reply("a")]))).toBe(false);
    expect(ok(withButtons([reply("a", "A title longer than 20")]))).toBe(false);
    const withSections = (sections: unknown[]) => ({
      type: "interactive",
      interactive: { ...list, action: { button: "States", sections } },
    });
    const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, title: `Row ${from + i}` }));
    expect(ok(withSections([{ rows: rows(11) }]))).toBe(false);
    expect(
      ok(
        withSections([
          { title: "A", rows: rows(6) },
          { title: "B", rows: rows(5, 6) },
        ]),
      ),
    ).toBe(false);
    expect(ok(withSections([{ rows: rows(2) }, { rows: rows(2, 2) }]))).toBe(false);
    expect(
      ok(
        withSections([
          { title: "A", rows: rows(2) },
          { title: "B", rows: rows(2, 2) },
        ]),
      ),
    ).toBe(true);
    expect(
      ok(
        withSections([
          { title: "A", rows: rows(2) },
          { title: "B", rows: rows(2) },
        ]),
      ),
    ).toBe(false);
    expect(ok({ type: "interactive", interactive: { ...list, header: { type: "image", image: { link: "https://x.org/a.png" } } } })).toBe(
      false,
    );
  });
});

describe("describePayload", () => {
  it("names a template and its language", () => {
    expect(describePayload(TICKET)).toBe("WhatsApp template summit_ticket (ha)");
  });

  it("shows the start of a text on one line, cut at 60 characters without halving one", () => {
    expect(describePayload({ type: "text", text: { body: "Sannu Ɗanladi,\nyour ticket ʼ ƙ ƴ ɓ" } })).toBe(
      "WhatsApp message: Sannu Ɗanladi, your ticket ʼ ƙ ƴ ɓ",
    );
    const long = describePayload({ type: "text", text: { body: `${"😀".repeat(70)}` } });
    expect(long).toBe(`WhatsApp message: ${"😀".repeat(59)}…`);
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it("says what a picture, a document and an interactive message are", () => {
    expect(describePayload({ type: "image", image: { link: "https://x.org/a.png" } })).toBe("WhatsApp picture");
    expect(describePayload({ type: "image", image: { link: "https://x.org/a.png", caption: "Your badge" } })).toBe(
      "WhatsApp picture: Your badge",
    );
    expect(describePayload({ type: "document", document: { link: "https://x.org/c.pdf", filename: "certificate.pdf" } })).toBe(
      "WhatsApp document certificate.pdf",
    );
    expect(describePayload(BUTTONS)).toBe("WhatsApp buttons: Which language? Wane harshe?");
    expect(describePayload(LIST)).toBe("WhatsApp list: Choose your state");
  });
});
