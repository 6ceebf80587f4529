import { renderMessage } from "~/modules/mail/message-registry.server";
import { renderInvitationMail } from "./invitation-email.server";
import { invitationMessage } from "./invite.server";

// The invitations' one message, as the outbox's registry renders it (server/outbox.server.ts):
// the next edition's announcement to someone who asked for it.

export const invitationMessages = [renderMessage(invitationMessage, { email: renderInvitationMail })];
