import { renderMessage } from "~/modules/mail/message-registry.server";
import { chatReplyMessage } from "./chat-session.server";

// The chat's message, as the outbox's registry renders it (server/outbox.server.ts): a reply made
// when the person wrote, already laid out, sent as it is.

export const chatMessages = [renderMessage(chatReplyMessage, { whatsapp: async (_db, data) => data.payload })];
