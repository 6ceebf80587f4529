import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { EventNotEndedError, queueCertificates, retryFailedCertificates } from "~/modules/certificates/certificates.server";
import { releaseWalkInShares } from "~/modules/checkin/walk-in-shares.server";
import { queueInvitations } from "~/modules/invitations/invite.server";
import { getSettings } from "~/modules/settings/settings.server";
import { readAutoReminderPlan } from "~/modules/tickets/auto-reminders.server";
import { isPreviewTemplate, sendTestEmail } from "~/modules/tickets/email-preview.server";
import { earlyReminderLine, timingReport } from "~/modules/tickets/reminder-timing";
import { queueReminders, type ReminderCounts, reminderProgress, retryFailedReminders } from "~/modules/tickets/reminders.server";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { redirectWithToast } from "~/ui/toast.server";
import { CERTIFICATES_PARAM } from "./certificates-panel";
import { isSmsIntent, smsAction } from "./sms-actions.server";
import { shareHolderOf } from "./walk-ins-overview.server";
import { RELEASE_SEATS_INTENT } from "./walk-ins-panel";
import { isWhatsAppPanelIntent, whatsappPanelAction } from "./whatsapp-actions.server";

const SENDING_PARAM = "reminders";

const figure = (count: number) => count.toLocaleString("en-US");

/**
 * What Send Reminders queued, each channel counted apart (an attendee who asked for SMS gets
 * both). Without SMS it is the wording the product fixed; SMS are named only when there are any.
 */
function remindersSending({ email, sms }: ReminderCounts): string {
  if (sms === 0) return `Sending reminder emails to ${figure(email)} attendees…`;
  if (email === 0) return `Sending reminder SMS to ${figure(sms)} attendees…`;
  return `Sending reminder emails to ${figure(email)} attendees and SMS to ${figure(sms)}…`;
}

const OPERATIONS_TOASTS = {
  timingFailed: "Failed to check reminder timing",
  sending: remindersSending,
  allReminded: "Every registered attendee already has a reminder for this event.",
  remindersFailed: "Failed to send reminder emails",
  retrying: (n: number) => `Sending ${n.toLocaleString("en-US")} failed reminders again…`,
  testSent: (email: string) => `Test e-mail sent to ${email}`,
  testFailed: "Failed to send the test e-mail",
  inviting: (n: number) =>
    `Sending invitations to ${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"} who asked to hear about future editions…`,
  allInvited: "Everyone who asked to hear about future editions already has this edition's invitation (or is registered).",
  invitationsFailed: "Failed to send the invitations",
  certificatesTooEarly: "Certificates can be sent once the event has ended.",
  certificatesSending: (certificates: number, requests: number) =>
    `Sending certificates to ${certificates.toLocaleString("en-US")} ${certificates === 1 ? "attendee" : "attendees"}${
      requests > 0 ? ` and the feedback survey to ${requests.toLocaleString("en-US")} who did not come` : ""
    }…`,
  allCertified: "Everyone who was checked in already has a certificate.",
  certificatesFailed: "Failed to send certificates",
  certificatesRetrying: (n: number) => `Sending ${n.toLocaleString("en-US")} failed certificates again…`,
  seatsReleased: (n: number) => `Released ${n.toLocaleString("en-US")} ${n === 1 ? "seat" : "seats"}: kept for walk-ins again.`,
  noSeatsHeld: "That phone holds no seats any more (it used them, or they were released).",
} as const;

/** The operations screen's buttons; each answers with a redirect back and the product's toast. */
export async function operationsAction(db: Db, actor: AuditActor, formData: FormData, back: string, now = new Date()) {
  const intent = formData.get("intent");
  if (intent === "send-reminders") {
    try {
      const { queued, kind, eventDate, settings } = await queueReminders(db, actor, now);
      // An early send says, once more, that the reminder 1–2 days before still comes.
      const early = kind === "early" ? earlyReminderLine({ now, eventDate, auto: await readAutoReminderPlan(db, settings, now) }) : null;
      // The page follows this batch (?reminders=<when>) and says when it has gone out.
      return queued.email + queued.sms > 0
        ? redirectWithToast(
            `${back}?${SENDING_PARAM}=${Date.now()}`,
            "info",
            early ? `${OPERATIONS_TOASTS.sending(queued)} ${early}` : OPERATIONS_TOASTS.sending(queued),
            {
              duration: early ? 10_000 : undefined,
            },
          )
        : redirectWithToast(back, "info", OPERATIONS_TOASTS.allReminded);
    } catch (error) {
      logger().error({ err: error }, "queueing reminders failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.remindersFailed);
    }
  }
  if (intent === "send-test") {
    const template = String(formData.get("template") ?? "");
    if (!isPreviewTemplate(template)) throw data("Unknown template", { status: 400 });
    try {
      await sendTestEmail(db, template, actor.email, ticketLinkKeys(), now);
      return redirectWithToast(`${back}?preview=${template}`, "success", OPERATIONS_TOASTS.testSent(actor.email));
    } catch (error) {
      logger().error({ err: error }, "test e-mail failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.testFailed);
    }
  }
  if (intent === "retry-reminders") {
    try {
      const settings = await getSettings(db);
      const retried = await retryFailedReminders(db, settings.event_date);
      return redirectWithToast(`${back}?${SENDING_PARAM}=${Date.now()}`, "info", OPERATIONS_TOASTS.retrying(retried));
    } catch (error) {
      logger().error({ err: error }, "retrying reminders failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.remindersFailed);
    }
  }
  if (intent === "invite-past-attendees") {
    try {
      const { queued } = await queueInvitations(db, actor);
      return queued > 0
        ? redirectWithToast(back, "info", OPERATIONS_TOASTS.inviting(queued), { duration: 8000 })
        : redirectWithToast(back, "info", OPERATIONS_TOASTS.allInvited);
    } catch (error) {
      logger().error({ err: error }, "queueing invitations failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.invitationsFailed);
    }
  }
  if (intent === "send-certificates") {
    try {
      const run = await queueCertificates(db, actor, now);
      if (run.certificates + run.feedbackRequests === 0) return redirectWithToast(back, "info", OPERATIONS_TOASTS.allCertified);
      // The page follows this batch (?certificates=<when>) and says when it has gone out.
      const toast = OPERATIONS_TOASTS.certificatesSending(run.certificates, run.feedbackRequests);
      return run.certificates > 0
        ? redirectWithToast(`${back}?${CERTIFICATES_PARAM}=${Date.now()}`, "info", toast)
        : redirectWithToast(back, "info", toast);
    } catch (error) {
      if (error instanceof EventNotEndedError) return redirectWithToast(back, "error", OPERATIONS_TOASTS.certificatesTooEarly);
      logger().error({ err: error }, "queueing certificates failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.certificatesFailed);
    }
  }
  if (intent === "retry-certificates") {
    try {
      const settings = await getSettings(db);
      const retried = await retryFailedCertificates(db, settings.edition_id);
      return redirectWithToast(`${back}?${CERTIFICATES_PARAM}=${Date.now()}`, "info", OPERATIONS_TOASTS.certificatesRetrying(retried));
    } catch (error) {
      logger().error({ err: error }, "retrying certificates failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.certificatesFailed);
    }
  }
  if (intent === "check-timing") {
    try {
      const settings = await getSettings(db);
      const counts = await reminderProgress(db, settings.event_date);
      const report = timingReport({ now, eventDate: settings.event_date, auto: await readAutoReminderPlan(db, settings, now), counts });
      // Long enough to read a few sentences.
      return redirectWithToast(back, report.inWindow ? "success" : "info", report.text, { duration: 12_000 });
    } catch (error) {
      logger().error({ err: error }, "reminder timing check failed");
      return redirectWithToast(back, "error", OPERATIONS_TOASTS.timingFailed);
    }
  }
  if (intent === RELEASE_SEATS_INTENT) {
    const holder = shareHolderOf(formData.get("id"));
    if (!holder) throw data("Unknown door phone", { status: 400 });
    const released = await releaseWalkInShares(db, actor, holder);
    return released > 0
      ? redirectWithToast(back, "success", OPERATIONS_TOASTS.seatsReleased(released))
      : redirectWithToast(back, "info", OPERATIONS_TOASTS.noSeatsHeld);
  }
  if (isSmsIntent(intent)) return smsAction(db, actor, intent, formData, back);
  if (isWhatsAppPanelIntent(intent)) return whatsappPanelAction(db, actor, intent, formData, back);
  throw data("Unknown action", { status: 400 });
}
