import { renderMessage } from "~/modules/mail/message-registry.server";
import { renderHeldMail } from "./held-registrations.server";
import { heldMessage } from "./hold-decision.server";

// Booking protection's one message, as the outbox's registry renders it (server/outbox.server.ts):
// the confirmation of a registration held during a booking attack, its link and code.

export const heldMessages = [renderMessage(heldMessage, { email: renderHeldMail })];
