import { z } from "zod";
import { searchText } from "~/db/text";

// What one of Meta's webhook posts says (field "messages" of a WhatsApp Business Account): the
// messages people wrote to the summit's number, and the statuses of the messages it sent (sent,
// delivered, read, failed with Meta's error code). Pure reading: the route checks the signature
// first (webhook-signature.server.ts), then acts on these.
//
// The body is the internet's: every item is read on its own, and one that is malformed is
// dropped without refusing the rest (Meta would only post the whole body again). At most
// MAX_ITEMS of each kind are read, whatever the body holds, and texts are cut to MAX_TEXT.
// A person's text is cleaned as a search box's (app/db/text.ts): NUL, other control characters,
// line breaks, direction overrides and half characters read as a space; then NFC.

const MAX_ITEMS = 100;
const MAX_TEXT = 4096;

export type InboundMessage = {
  /** Meta's id (wamid.…): Meta posts a message again until it is answered 200, so act on each id once */
  id: string;
  /** E.164, with + */
  from: string;
  timestamp: Date;
  /** the business number it was written to (config's phoneNumberId when it is ours) */
  phoneNumberId: string;
  /** the name the person gave WhatsApp, when Meta sends it */
  profileName?: string;
  /** text: typed; choice: a tapped button or list row; other: a picture, a voice note, a sticker… */
  kind: "text" | "choice" | "other";
  /** the typed text, or the tapped choice's id (a legacy quick reply's payload); "" for other */
  text: string;
};

export type StatusUpdate = {
  /** Meta's id of the message sent (wamid.…), as the transport's send answered it */
  providerId: string;
  status: "sent" | "delivered" | "read" | "failed";
  timestamp: Date;
  /** E.164, with + */
  recipient: string;
  /** for "failed": Meta's error code, to sort with whatsappErrorFor */
  errorCode?: number;
  errorTitle?: string;
};

// ── The pieces ──

const wamid = z.string().regex(/^[\w.:=+/-]{1,256}$/);
const digits = z.string().regex(/^[1-9]\d{6,14}$/);
// Unix seconds as a string ("1718035200"); a number is taken too.
const unixTime = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()])
  .transform((value) => new Date(Number(value) * 1000));
const rawText = z.string().transform((text) => cleanText(text, MAX_TEXT));

const inboundSchema = z.object({ id: wamid, from: digits, timestamp: unixTime, type: z.string().max(64) });
const textSchema = z.object({ text: z.object({ body: rawText }) });
const interactiveSchema = z.object({
  interactive: z.union([
    z.object({ type: z.literal("button_reply"), button_reply: z.object({ id: rawText }) }),
    z.object({ type: z.literal("list_reply"), list_reply: z.object({ id: rawText }) }),
  ]),
});
// A quick-reply button of a template: its payload is what the template's sender set.
const buttonSchema = z.object({ button: z.object({ payload: rawText }) });

const statusSchema = z.object({
  id: wamid,
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: unixTime,
  recipient_id: digits,
  errors: z
    .array(z.unknown())
    .optional()
    .transform((errors) => errors?.[0]),
});
const errorSchema = z.object({ code: z.number().int().optional(), title: z.string().optional() });

const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().regex(/^\d{1,32}$/) }),
  contacts: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
const contactSchema = z.object({ wa_id: digits, profile: z.object({ name: z.string() }) });

/**
 * The messages and statuses of a webhook body, or null when it is not a WhatsApp Business
 * Account's post at all. Changes of other fields (templates, account updates) are skipped.
 */
export function parseWebhook(json: unknown): { messages: InboundMessage[]; statuses: StatusUpdate[] } | null {
  const body = z.object({ object: z.literal("whatsapp_business_account"), entry: z.array(z.unknown()) }).safeParse(json);
  if (!body.success) return null;
  const messages: InboundMessage[] = [];
  const statuses: StatusUpdate[] = [];
  for (const entry of body.data.entry.slice(0, MAX_ITEMS)) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes.slice(0, MAX_ITEMS)) {
      if ((change as { field?: unknown } | null)?.field !== "messages") continue;
      const value = valueSchema.safeParse((change as { value?: unknown }).value);
      if (!value.success) continue;
      const { metadata, contacts = [], messages: inbound = [], statuses: updates = [] } = value.data;
      for (const item of inbound.slice(0, MAX_ITEMS - messages.length)) {
        const message = readMessage(item, metadata.phone_number_id, contacts);
        if (message) messages.push(message);
      }
      for (const item of updates.slice(0, MAX_ITEMS - statuses.length)) {
        const status = readStatus(item);
        if (status) statuses.push(status);
      }
    }
  }
  return { messages, statuses };
}

function readMessage(item: unknown, phoneNumberId: string, contacts: unknown[]): InboundMessage | null {
  const parsed = inboundSchema.safeParse(item);
  if (!parsed.success) return null;
  const { id, from, timestamp, type } = parsed.data;
  const base = { id, from: `+${from}`, timestamp, phoneNumberId, ...profileName(contacts, from) };
  if (type === "text") {
    const text = textSchema.safeParse(item);
    return text.success ? { ...base, kind: "text", text: text.data.text.body } : null;
  }
  if (type === "interactive") {
    const choice = interactiveSchema.safeParse(item);
    if (!choice.success) return { ...base, kind: "other", text: "" };
    const reply = choice.data.interactive;
    return { ...base, kind: "choice", text: reply.type === "button_reply" ? reply.button_reply.id : reply.list_reply.id };
  }
  if (type === "button") {
    const button = buttonSchema.safeParse(item);
    return button.success ? { ...base, kind: "choice", text: button.data.button.payload } : null;
  }
  // A picture, a voice note, a location, a sticker, a reaction, "unsupported": the chat can say
  // it understands only words, so the message is kept, without its content.
  return { ...base, kind: "other", text: "" };
}

function profileName(contacts: unknown[], from: string): { profileName?: string } {
  for (const contact of contacts.slice(0, MAX_ITEMS)) {
    const parsed = contactSchema.safeParse(contact);
    if (parsed.success && parsed.data.wa_id === from) {
      const name = cleanText(parsed.data.profile.name, 256);
      return name ? { profileName: name } : {};
    }
  }
  return {};
}

function readStatus(item: unknown): StatusUpdate | null {
  const parsed = statusSchema.safeParse(item);
  if (!parsed.success) return null;
  const { id, status, timestamp, recipient_id, errors } = parsed.data;
  const update: StatusUpdate = { providerId: id, status, timestamp, recipient: `+${recipient_id}` };
  const error = errorSchema.safeParse(errors);
  if (error.success) {
    if (error.data.code !== undefined) update.errorCode = error.data.code;
    const title = error.data.title === undefined ? "" : cleanText(error.data.title, 200);
    if (title) update.errorTitle = title;
  }
  return update;
}

/**
 * `text` as the chat reads it: cut to `max` first (so a huge body costs nothing), cleaned, runs
 * of spaces as one, trimmed. A cut through a surrogate pair leaves half a character, which the
 * cleaning turns into a space; NFC may lengthen a text a little, so it is cut once more after.
 */
function cleanText(text: string, max: number): string {
  const cleaned = searchText(text.slice(0, max)).replace(/\s+/g, " ").trim();
  if (cleaned.length <= max) return cleaned;
  // Not through a pair: the last unit kept is no high surrogate.
  const cut = cleaned.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}
