import type { z } from "zod";
import type { DbOrTx } from "~/db/client.server";
import type { MessageChannel } from "~/db/schema";
import { describePayload, type WhatsAppPayload } from "~/modules/whatsapp/payload";
import { enqueueMail, type MailRenderer, type RenderedMail } from "./outbox.server";
import { enqueueSms } from "./sms-outbox.server";
import { enqueueWhatsApp } from "./whatsapp-outbox.server";

// One concept for every message the site sends, whatever carries it. A message is declared where
// it is queued (defineMessage: its name, the schema of its data, the channels it goes by), and
// queued with its declaration and data of that schema, checked then: a mistake fails in the
// request that made it, not in the worker hours later. Each domain offers its messages'
// renderers, e-mail and SMS together, in one list (renderMessage; e.g.
// tickets/ticket-messages.server.ts), and server/outbox.server.ts, above every domain, gathers
// the lists into the registry the worker renders with (messageRegistry). Declaring and rendering
// are apart because a renderer imports its domain's workflow (the cancellation e-mail reads the
// cancelled registration), which queues the message: one file holding both would close a circle.
// The outbox (this module) never imports a domain: it is handed the lists.

/** What a renderer may need besides the database: the site's address and the secret its links are signed with. */
export type MessageContext = { publicUrl: string; secret: string };

/** What each channel's renderer makes: an e-mail's subject, bodies and attachments; an SMS's text; a WhatsApp message's Cloud API body. */
type ChannelOutput = { email: RenderedMail; sms: string; whatsapp: WhatsAppPayload };
type ChannelRenderer<Data, C extends MessageChannel> = (db: DbOrTx, data: Data, context: MessageContext) => Promise<ChannelOutput[C]>;

/**
 * A message: its name (the outbox row's `template`, kept as long as rows with it may wait), the
 * schema of its data and the channels it goes by. `smsFallback`: for a WhatsApp message, the SMS
 * message of the same data that goes instead when WhatsApp cannot deliver it.
 */
export type Message<Data, C extends MessageChannel> = {
  readonly name: string;
  readonly data: z.ZodType<Data>;
  readonly channels: readonly C[];
  readonly smsFallback?: Message<Data, "sms">;
};

/** Declares a message; queueMessage takes it with data of its schema, on one of its channels. */
export function defineMessage<Data, const C extends MessageChannel>(message: Message<Data, C>): Message<Data, C> {
  return message;
}

/** A message with its renderers, as the registry holds it. */
type RenderedMessage = {
  readonly name: string;
  readonly data: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: the registry checks each message's data against its own schema before its renderer sees it
  readonly render: { readonly [K in MessageChannel]?: ChannelRenderer<any, K> };
};

/** A message's renderer on each of its channels (no more, no fewer), for its domain's list. */
export function renderMessage<Data, C extends MessageChannel>(
  message: Message<Data, C>,
  render: { [K in C]: ChannelRenderer<Data, K> },
): RenderedMessage {
  return { name: message.name, data: message.data, render };
}

type Envelope = {
  /** an e-mail address, or a phone number in E.164 */
  to: string;
  /** what the message is, e.g. "ticket", "ticket-resend", "reminder" (the ceilings and the admin's lists go by it) */
  kind: string;
  attendeeId?: string | null;
};
/** Where and how a message goes: an e-mail needs its subject (the admin's lists show it until it is sent). */
type ChannelEnvelope = {
  email: Envelope & { subject: string };
  /** `notBefore`: quiet hours (a reminder waits for the morning) */
  sms: Envelope & { notBefore?: Date };
  /** `answering`: a reply to what the person just wrote in the chat, which goes even after a STOP */
  whatsapp: Envelope & { answering?: boolean };
};

/** What queueing returns: the outbox row's id; for WhatsApp null when nothing was queued (off, or the number said STOP). */
type Queued<Via extends MessageChannel> = Via extends "whatsapp" ? string | null : string;

/** A programmer's mistake: a message queued with data its schema refuses, or on a channel it lacks. */
export class MessageDataError extends Error {}

/**
 * Queues `message` on `channel` in the caller's transaction (it exists exactly when the change
 * causing it commits), after checking `data` against the message's schema; wakes the worker
 * once the transaction has committed. Returns the outbox row's id.
 */
export async function queueMessage<Data, C extends MessageChannel, Via extends C>(
  tx: DbOrTx,
  message: Message<Data, C>,
  channel: Via,
  data: NoInfer<Data>,
  envelope: ChannelEnvelope[Via],
): Promise<Queued<Via>> {
  if (!(message.channels as readonly MessageChannel[]).includes(channel)) {
    throw new MessageDataError(`message "${message.name}" does not go by ${channel}`);
  }
  const parsed = message.data.safeParse(data);
  if (!parsed.success) throw new MessageDataError(`message "${message.name}" queued with bad data: ${parsed.error.message}`);
  const templateData = parsed.data as Record<string, unknown>;
  // Each wakes the worker once the transaction commits (wakeAfterCommit).
  if (channel === "whatsapp") {
    const queued = enqueueWhatsApp(tx, {
      ...envelope,
      template: message.name,
      templateData,
      fallbackTemplate: message.smsFallback?.name ?? null,
    });
    return queued as Promise<Queued<Via>>;
  }
  const queued =
    channel === "sms"
      ? enqueueSms(tx, { ...(envelope as ChannelEnvelope["sms"]), template: message.name, templateData })
      : enqueueMail(tx, { ...(envelope as ChannelEnvelope["email"]), template: message.name, templateData });
  return queued as Promise<Queued<Via>>;
}

/**
 * The registry of every message: the worker's renderer, which picks a row's message by its
 * `template` and its renderer by the row's channel, after checking the stored data against the
 * schema. Two messages of one name are refused when it is made; an unknown name when rendered.
 */
export function messageRegistry(messages: readonly RenderedMessage[]): {
  names: readonly string[];
  renderer: (db: DbOrTx, context: MessageContext) => MailRenderer;
} {
  const byName = new Map<string, RenderedMessage>();
  for (const message of messages) {
    if (byName.has(message.name)) throw new Error(`two messages are named "${message.name}"`);
    byName.set(message.name, message);
  }
  return {
    names: [...byName.keys()],
    renderer: (db, context) => async (mail) => {
      const message = mail.template === null ? undefined : byName.get(mail.template);
      if (!message) throw new Error(`unknown mail template "${mail.template}"`);
      const parsed = message.data.safeParse(mail.template_data ?? {});
      if (!parsed.success) throw new Error(`message "${message.name}": its stored data does not fit: ${parsed.error.message}`);
      if (mail.channel === "whatsapp") {
        const render = message.render.whatsapp;
        if (!render) throw new Error(`message "${message.name}" has no WhatsApp renderer`);
        const payload = await render(db, parsed.data, context);
        // The row keeps the Cloud API body as its text and a line saying what it is as its subject.
        return { subject: describePayload(payload), html: "", text: JSON.stringify(payload) };
      }
      if (mail.channel === "sms") {
        const render = message.render.sms;
        if (!render) throw new Error(`message "${message.name}" has no SMS renderer`);
        const text = await render(db, parsed.data, context);
        // The text is the whole message; kept as the row's subject, it is what the admin lists.
        return { subject: text, html: "", text };
      }
      const render = message.render.email;
      if (!render) throw new Error(`message "${message.name}" has no e-mail renderer`);
      return render(db, parsed.data, context);
    },
  };
}
