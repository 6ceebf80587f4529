import { performance } from "node:perf_hooks";
import { getConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import { pingDatabase } from "~/db/client.server";
import { certificateOverview, readAutoCertificatePlan } from "~/modules/certificates/certificates.server";
import { countCheckedIn } from "~/modules/checkin/checkin.server";
import { walkInCounts } from "~/modules/checkin/walk-ins.server";
import { findEdition } from "~/modules/invitations/edition-facts.server";
import { invitationOverview } from "~/modules/invitations/invite.server";
import { outboxCounts } from "~/modules/mail/outbox.server";
import { mailStatus } from "~/modules/mail/transport.server";
import { whatsappOn } from "~/modules/mail/whatsapp-outbox.server";
import { formatEventHours } from "~/modules/settings/event-hours";
import { countdown, daysUntilEvent, hasEventPassed, isReminderWindow } from "~/modules/settings/event-time";
import { doorReserve, registrationStatus } from "~/modules/settings/registration-status";
import { getSettings } from "~/modules/settings/settings.server";
import { readAutoReminderPlan } from "~/modules/tickets/auto-reminders.server";
import { reminderKind, sendReminderNote } from "~/modules/tickets/reminder-timing";
import { reminderProgress } from "~/modules/tickets/reminders.server";
import { waitlistCounts } from "~/modules/waitlist/waitlist-admin.server";
import { doorsOverview } from "./doors-overview.server";
import { smsOverview } from "./sms-overview.server";
import { walkInsOverview } from "./walk-ins-overview.server";
import { whatsappOverview } from "./whatsapp-overview.server";

// Everything the Event Operations screen shows, read fresh on every request (the screen
// polls it): registration, seats, the waitlist, days left, check-in rate, and the system's state.

export async function operationsOverview(db: Db, now = new Date()) {
  const started = performance.now();
  await pingDatabase(db);
  const databaseMs = performance.now() - started;
  const [settings, checkedIn, outbox, mail, waitlist, walkIns] = await Promise.all([
    getSettings(db),
    countCheckedIn(db),
    outboxCounts(db),
    mailStatus(getConfig()),
    waitlistCounts(db),
    walkInCounts(db),
  ]);
  const [reminders, invitations, edition, sms, whatsapp, doors, certificates, offlineWalkIns] = await Promise.all([
    reminderProgress(db, settings.event_date),
    invitationOverview(db, settings.edition_id),
    findEdition(db, settings.edition_id),
    smsOverview(db, getConfig(), settings),
    // Null (no panel) while WhatsApp is off and this edition sent none.
    whatsappOverview(db, settings, { configured: whatsappOn() }),
    doorsOverview(db),
    certificateOverview(db, settings.edition_id),
    walkInsOverview(db),
  ]);
  const [autoReminder, autoCertificates] = await Promise.all([
    readAutoReminderPlan(db, settings, now),
    readAutoCertificatePlan(db, settings),
  ]);
  const status = registrationStatus(
    { ...settings, held_seats: waitlist.offered, walk_ins: walkIns.total, door_shares: offlineWalkIns.held.total },
    now,
  );
  const passed = hasEventPassed(now, settings);
  const registered = settings.registered_count;
  return {
    updatedAt: now.toISOString(),
    event: {
      date: settings.event_date,
      time: formatEventHours(settings),
      name: settings.event_name,
      when: { event_date: settings.event_date, event_starts_at: settings.event_starts_at, event_ends_at: settings.event_ends_at },
    },
    registration: {
      isOpen: status.isOpen,
      message: status.message,
      registered,
      max: settings.max_attendees,
      spotsRemaining: status.spotsRemaining,
      // Seats kept for walk-ins (online never takes them), and the walk-ins registered at the door.
      walkInSeats: settings.walk_in_seats,
      walkIns: walkIns.total,
      // Still kept: those not yet used, and never fewer than the door phones hold (doorReserve).
      walkInsKept: doorReserve({ ...settings, walk_ins: walkIns.total, door_shares: offlineWalkIns.held.total }),
    },
    waitlist: { waiting: waitlist.waiting, offered: waitlist.offered },
    daysUntil: passed ? null : Math.max(0, daysUntilEvent(now, settings.event_date)),
    countdown: countdown(now, settings),
    concluded: passed,
    checkIn: { checkedIn, rate: registered > 0 ? Math.round((checkedIn / registered) * 100) : 0 },
    // Check-ins per door, and tickets let in at two doors.
    doors,
    // The seats door phones hold for offline walk-ins, and the walk-ins they registered that conflicted.
    offlineWalkIns,
    reminderWindow: isReminderWindow(now, settings.event_date),
    reminders,
    // What Send Reminders would make now, and the dialog's words about it.
    reminderKind: reminderKind(now, settings.event_date),
    reminderNote: sendReminderNote({ now, eventDate: settings.event_date, auto: autoReminder }),
    autoReminder,
    // "Invite Past Attendees": the current edition's announcement to those who opted in.
    invitations: { ...invitations, edition: edition?.name ?? "" },
    sms,
    whatsapp,
    // "Send Certificates", after the event: who would get what, and how the last send is going.
    certificates: { ...certificates, auto: autoCertificates, concluded: passed },
    system: { databaseMs: Math.round(databaseMs * 10) / 10, mail, outbox },
  };
}

export type OperationsOverview = Awaited<ReturnType<typeof operationsOverview>>;
