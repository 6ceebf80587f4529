import { z } from "zod";
import { searchText, textProblem } from "~/db/text";

// One WhatsApp message as the outbox stores it: the body of Meta's "send message" request
// (POST /<phone number id>/messages) without what the transport adds itself (messaging_product,
// recipient_type, to). The renderers build it, the outbox keeps it as JSON, and the transport
// checks it again with whatsappPayloadSchema before it leaves, so a row written by an older
// version, or by a renderer's mistake, fails as a permanent error of its own instead of as
// Meta's 131009 ("parameter value is not valid") after the request.
//
// The limits are Meta's (Cloud API reference, "Messages"): a text up to 4096 characters, a caption
// or an interactive body up to 1024 (a list's up to 4096), a header or footer up to 60, at most 3
// reply buttons (titles up to 20), a list of at most 10 rows (titles up to 24, descriptions up to
// 72). Objects are strict: a key Meta does not know is a renderer's mistake, found in its tests.

const NOT_SENDABLE = "not sendable text (a control character or half a character)";

/** Text of one line (a title, an id, a header): no line break, no control character, no half character. */
const line = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => textProblem(text, "line") === null, NOT_SENDABLE);

/** Text of several lines (a message's body, a caption). */
const lines = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => textProblem(text, "lines") === null, NOT_SENDABLE)
    .refine((text) => text.trim() !== "", "empty");

/** A template's parameter: Meta refuses a line break, a tab or more than 4 spaces in a row in one (132018). */
const templateText = (max: number) => line(max).refine((text) => !/ {5}/.test(text), "more than 4 spaces in a row");

// Meta fetches media from the link itself: the site's public address, https on a live site.
const link = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      return ["https:", "http:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "expected an http(s) URL Meta can fetch");

const image = z.strictObject({ link, caption: lines(1024).optional() });
const document = z.strictObject({ link, filename: line(240).optional(), caption: lines(1024).optional() });

// ── Templates ──

const textParameter = (max: number) =>
  z.strictObject({
    type: z.literal("text"),
    text: templateText(max),
    // Templates approved with named parameters ({{first_name}}) name each value.
    parameter_name: z
      .string()
      .regex(/^[a-z0-9_]{1,64}$/)
      .optional(),
  });

const headerParameter = z.discriminatedUnion("type", [
  textParameter(60),
  z.strictObject({ type: z.literal("image"), image: z.strictObject({ link }) }),
  z.strictObject({ type: z.literal("document"), document: z.strictObject({ link, filename: line(240).optional() }) }),
]);

const templateComponent = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("header"), parameters: z.array(headerParameter).length(1) }),
  z.strictObject({ type: z.literal("body"), parameters: z.array(textParameter(1024)).max(100) }),
  z.strictObject({
    type: z.literal("button"),
    // quick_reply: what comes back in the webhook when it is tapped; url: the end of a dynamic URL.
    sub_type: z.enum(["quick_reply", "url"]),
    index: z.string().regex(/^\d$/, "expected the button's position, 0 to 9"),
    parameters: z
      .array(
        z.discriminatedUnion("type", [
          z.strictObject({ type: z.literal("payload"), payload: line(1000) }),
          z.strictObject({ type: z.literal("text"), text: line(2000) }),
        ]),
      )
      .length(1),
  }),
]);

const template = z.strictObject({
  type: z.literal("template"),
  template: z.strictObject({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/, "expected a template name: lowercase letters, digits and _"),
    language: z.strictObject({ code: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "expected a language code such as en or en_US") }),
    components: z.array(templateComponent).max(10).optional(),
  }),
});

// ── Interactive messages (only inside the 24-hour window, like text) ──

const footer = z.strictObject({ text: line(60) }).optional();
const unique = (ids: string[]) => new Set(ids).size === ids.length;

const replyButtons = z.strictObject({
  type: z.literal("button"),
  header: z
    .discriminatedUnion("type", [
      z.strictObject({ type: z.literal("text"), text: line(60) }),
      z.strictObject({ type: z.literal("image"), image: z.strictObject({ link }) }),
      z.strictObject({ type: z.literal("document"), document: z.strictObject({ link, filename: line(240).optional() }) }),
    ])
    .optional(),
  body: z.strictObject({ text: lines(1024) }),
  footer,
  action: z.strictObject({
    buttons: z
      .array(z.strictObject({ type: z.literal("reply"), reply: z.strictObject({ id: line(256), title: line(20) }) }))
      .min(1)
      .max(3)
      .refine((buttons) => unique(buttons.map((b) => b.reply.id)), "two buttons with one id"),
  }),
});

const listRow = z.strictObject({ id: line(200), title: line(24), description: line(72).optional() });

const list = z.strictObject({
  type: z.literal("list"),
  header: z.strictObject({ type: z.literal("text"), text: line(60) }).optional(),
  body: z.strictObject({ text: lines(4096) }),
  footer,
  action: z.strictObject({
    // The label of the button that opens the list.
    button: line(20),
    sections: z
      .array(z.strictObject({ title: line(24).optional(), rows: z.array(listRow).min(1).max(10) }))
      .min(1)
      .max(10)
      .refine((sections) => sections.flatMap((s) => s.rows).length <= 10, "more than 10 rows in all")
      .refine((sections) => sections.length === 1 || sections.every((s) => s.title), "several sections need a title each")
      .refine((sections) => unique(sections.flatMap((s) => s.rows.map((r) => r.id))), "two rows with one id"),
  }),
});

/** A stored WhatsApp message, checked before it is sent. */
export const whatsappPayloadSchema = z.discriminatedUnion("type", [
  template,
  z.strictObject({ type: z.literal("text"), text: z.strictObject({ body: lines(4096), preview_url: z.boolean().optional() }) }),
  z.strictObject({ type: z.literal("image"), image }),
  z.strictObject({ type: z.literal("document"), document }),
  z.strictObject({ type: z.literal("interactive"), interactive: z.discriminatedUnion("type", [replyButtons, list]) }),
]);

export type WhatsAppPayload = z.output<typeof whatsappPayloadSchema>;

/**
 * One line saying what a message is, for an organiser's list of messages: the template and its
 * language, or the start of what the person reads.
 */
export function describePayload(payload: WhatsAppPayload): string {
  switch (payload.type) {
    case "template":
      return `WhatsApp template ${payload.template.name} (${payload.template.language.code})`;
    case "text":
      return `WhatsApp message: ${excerpt(payload.text.body)}`;
    case "image":
      return payload.image.caption ? `WhatsApp picture: ${excerpt(payload.image.caption)}` : "WhatsApp picture";
    case "document": {
      const name = payload.document.filename ? ` ${excerpt(payload.document.filename)}` : "";
      return payload.document.caption ? `WhatsApp document${name}: ${excerpt(payload.document.caption)}` : `WhatsApp document${name}`;
    }
    case "interactive":
      return `WhatsApp ${payload.interactive.type === "button" ? "buttons" : "list"}: ${excerpt(payload.interactive.body.text)}`;
  }
}

/** The first 60 characters (not UTF-16 halves) of `text` on one line, with … when cut. */
function excerpt(text: string): string {
  const characters = Array.from(searchText(text).replace(/\s+/g, " ").trim());
  return characters.length > 60 ? `${characters.slice(0, 59).join("")}…` : characters.join("");
}
