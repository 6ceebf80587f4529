import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { translateMessage } from "~/i18n/message-key";
import { BADGE_DOWNLOADS, BADGE_LAYOUTS } from "~/modules/badges/badge-layout";
import { useCountdown } from "~/modules/settings/use-countdown";
import { Badge } from "~/ui/badge";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DateTime } from "~/ui/date-time";
import { Modal } from "~/ui/modal";
import { StatCard, StatCardIcon } from "~/ui/stat-card";
import { StatusRow } from "~/ui/status-row";
import { BUTTON } from "~/ui/styles";
import { Toaster } from "~/ui/toaster";
import { useRouteModal } from "~/ui/use-route-modal";
import { useToasts } from "~/ui/use-toasts";
import { AutoReminderNote } from "./auto-reminder-note";
import { CERTIFICATE_RESULT, CERTIFICATES_PARAM, CertificatesCard, CertificatesDialog } from "./certificates-panel";
import { InvitationsLine, InviteButton, InviteDialog } from "./invitations-panel";
import { MailOffNotice } from "./mail-off-notice";
import type { OperationsOverview } from "./operations.server";
import { useBatchResult } from "./use-batch-result";

// The Event Operations screen: the four cards, the live countdown, e-mail operations,
// event management and the system's state, refreshed every 15 seconds while visible.

const REFRESH_MS = 15_000;
/** While reminders are going out, their progress refreshes faster. */
const SENDING_REFRESH_MS = 2_000;
const PAGE = "/admin/operations";
const n = (value: number) => value.toLocaleString("en-US");

function useRefresh(sending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.visibilityState === "visible" && state === "idle") void revalidate();
      },
      sending ? SENDING_REFRESH_MS : REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [revalidate, state, sending]);
}

// The product's result toasts once the last queued reminder has gone out (or failed for good).
const REMINDER_RESULT = {
  sent: (count: number) => `Reminder emails sent to ${n(count)} attendees!`,
  failed: (count: number) => `Failed to send ${n(count)} emails`,
};

const KIND_LABELS = { early: "Early reminders", due: "Reminders" } as const;

/** One line a kind: early reminders (sent more than two days ahead) apart from the ones 1–2 days before. */
function ReminderProgress({ reminders }: { reminders: OperationsOverview["reminders"] }) {
  const kinds = (["early", "due"] as const).filter((kind) => reminders[kind].total > 0);
  if (kinds.length === 0) return <p className="mt-3 text-sm text-gray-600">No reminders sent for this event date yet.</p>;
  return (
    <div className="mt-3 space-y-1 text-sm text-gray-700" aria-live="polite">
      {kinds.map((kind) => (
        <p key={kind} data-testid={`reminder-progress-${kind}`}>
          {`${KIND_LABELS[kind]}: ${n(reminders[kind].queued)} queued, ${n(reminders[kind].sent)} sent, ${n(reminders[kind].failed)} failed`}
        </p>
      ))}
    </div>
  );
}

function LiveCountdown({ overview }: { overview: OperationsOverview }) {
  const value = useCountdown(overview.countdown, overview.event.when);
  if (value.isPassed) return null;
  const parts = [
    ["Days", value.days],
    ["Hours", value.hours],
    ["Minutes", value.minutes],
    ["Seconds", value.seconds],
  ] as const;
  return (
    <section aria-label="Countdown to the event" className="rounded-2xl bg-brand-900 p-5 text-white">
      <h2 className="text-center text-sm font-semibold tracking-widest text-accent-400 uppercase">Event starts in</h2>
      <div role="timer" aria-live="off" className="mt-3 grid grid-cols-4 gap-2">
        {parts.map(([label, part]) => (
          <div key={label} className="rounded-xl bg-white/10 py-3 text-center">
            <span className="block text-3xl font-bold tabular-nums">{String(part).padStart(2, "0")}</span>
            <span className="text-xs text-brand-100">{label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

type Preview = "ticket" | "reminder";
const PREVIEW_TITLES: Record<Preview, string> = { ticket: "Ticket Email", reminder: "Reminder Email" };

function EmailPreview({ template, onClose }: { template: Preview; onClose: () => void }) {
  const src = `${PAGE}/preview/${template}`;
  return (
    <Modal title={`${PREVIEW_TITLES[template]} preview`} size="lg" onClose={onClose} closeHref={PAGE}>
      <p className="mt-2 text-center text-sm text-gray-600">The real e-mail for a made-up attendee, with the current settings.</p>
      {/* No scripts, no same-origin: the e-mail is shown, never run. */}
      <iframe
        title={`${PREVIEW_TITLES[template]} preview`}
        src={src}
        sandbox=""
        className="mt-4 h-[60vh] w-full rounded-lg border border-gray-200"
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <a href={`${src}?format=text`} target="_blank" rel="noopener" className="text-sm text-brand-700 underline">
          Plain-text version
        </a>
        <Form method="post" action={PAGE}>
          <input type="hidden" name="template" value={template} />
          <button type="submit" name="intent" value="send-test" className={BUTTON.primary}>
            Send me a test
          </button>
        </Form>
      </div>
    </Modal>
  );
}

/** The confirmations opened by `?confirm=`: Send Reminders, Invite Past Attendees, Send Certificates. */
export type OperationsConfirm = "reminders" | "invitations" | "certificates";

export function OperationsView({
  overview,
  confirm,
  preview,
}: {
  overview: OperationsOverview;
  confirm: OperationsConfirm | null;
  preview: Preview | null;
}) {
  const previewing = useRouteModal<Preview>({ param: "preview", closeHref: PAGE, fromUrl: preview, data: overview });
  const { early, due } = overview.reminders;
  useRefresh(early.queued + due.queued + overview.invitations.progress.queued + overview.certificates.progress.queued > 0);
  const { toasts, push } = useToasts();
  // A batch sent now is of the kind a send makes now: its result is that kind's count.
  useBatchResult("reminders", overview.reminders[overview.reminderKind], push, REMINDER_RESULT);
  useBatchResult(CERTIFICATES_PARAM, overview.certificates.progress, push, CERTIFICATE_RESULT);
  const confirming = useRouteModal<OperationsConfirm>({ param: "confirm", closeHref: PAGE, fromUrl: confirm, data: overview });
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check-timing";
  const { registration, checkIn, system } = overview;
  // The registration status comes as a catalogue key (the public pages say it in Hausa too).
  const { t } = useTranslation("common");
  return (
    <div className="space-y-5">
      <MailOffNotice mail={system.mail} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="operations-cards">
        <StatCard
          label="Registration Status"
          value={registration.isOpen ? "Open" : "Closed"}
          detail={translateMessage(t, registration.message)}
          icon={<StatCardIcon>{registration.isOpen ? <path d="M20 6 9 17l-5-5" /> : <path d="M18 6 6 18M6 6l12 12" />}</StatCardIcon>}
        />
        <StatCard
          label="Total Registered"
          value={n(registration.registered)}
          detail={[
            `${n(registration.spotsRemaining)} spots remaining`,
            registration.walkInSeats > 0 || registration.walkIns > 0
              ? `${n(registration.walkInsKept)} kept for walk-ins · ${n(registration.walkIns)} registered at the door`
              : "",
            overview.waitlist.waiting > 0 ? `${n(overview.waitlist.waiting)} on the waitlist` : "",
          ]
            .filter(Boolean)
            .join(" · ")}
          icon={
            <StatCardIcon>
              <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
              <circle cx="9" cy="7" r="4" />
            </StatCardIcon>
          }
        />
        <StatCard
          label="Days Until Event"
          value={overview.daysUntil === null ? "Concluded" : n(overview.daysUntil)}
          detail={overview.daysUntil === null ? "The event has ended" : overview.daysUntil === 0 ? "It is today" : "Days to go"}
          icon={
            <StatCardIcon>
              <rect x="3" y="4" width="18" height="18" rx="2" />
              <path d="M16 2v4M8 2v4M3 10h18" />
            </StatCardIcon>
          }
        />
        <StatCard
          label="Check-in Rate"
          value={`${checkIn.rate}%`}
          detail={`${n(checkIn.checkedIn)} checked in`}
          icon={
            <StatCardIcon>
              <path d="M22 11.08V12a10 10 0 1 1-5.93-9.14" />
              <path d="M22 4 12 14.01l-3-3" />
            </StatCardIcon>
          }
        />
      </div>

      <LiveCountdown overview={overview} />

      <div className="grid gap-5 lg:grid-cols-2">
        <Card title="Email Operations" level={2}>
          <p className="text-sm text-gray-600">Reminders are typically sent 1-2 days before the event.</p>
          <AutoReminderNote plan={overview.autoReminder} now={overview.updatedAt} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post">
              <button type="submit" name="intent" value="check-timing" disabled={checking} className={BUTTON.secondary}>
                {checking ? "Checking…" : "Check Timing"}
              </button>
            </Form>
            <Link
              to={`${PAGE}?confirm=reminders`}
              preventScrollReset
              className={BUTTON.primary}
              onClick={(event) => {
                event.preventDefault();
                confirming.open("reminders");
              }}
            >
              Send Reminders
            </Link>
            <InviteButton page={PAGE} onOpen={() => confirming.open("invitations")} />
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            {(["ticket", "reminder"] as const).map((template) => (
              <Link
                key={template}
                to={`${PAGE}?preview=${template}`}
                preventScrollReset
                className={BUTTON.secondary}
                onClick={(event) => {
                  event.preventDefault();
                  previewing.open(template);
                }}
              >
                {`Preview ${PREVIEW_TITLES[template]}`}
              </Link>
            ))}
          </div>
          <ReminderProgress reminders={overview.reminders} />
          <InvitationsLine invitations={overview.invitations} />
          {early.failed + due.failed > 0 ? (
            <Form method="post" className="mt-2">
              <button type="submit" name="intent" value="retry-reminders" className={BUTTON.secondary}>
                Retry failed reminders
              </button>
            </Form>
          ) : null}
        </Card>

        <Card title="Event Management" level={2}>
          <dl className="divide-y divide-gray-100">
            <StatusRow label="Registration" ok={registration.isOpen}>
              {translateMessage(t, registration.message)}
            </StatusRow>
            <StatusRow label="Capacity" ok={registration.spotsRemaining > 0}>
              {`${n(registration.registered)} / ${n(registration.max)}`}
            </StatusRow>
            <StatusRow label="Waitlist" ok>
              <Link to="/admin/attendees/waitlist" className="font-medium text-brand-700 underline underline-offset-2">
                {`${n(overview.waitlist.waiting)} waiting · ${n(overview.waitlist.offered)} offered`}
              </Link>
            </StatusRow>
            <StatusRow label="Event" ok={!overview.concluded}>
              <Badge tone={overview.concluded ? "gray" : "green"}>{overview.concluded ? "Concluded" : "Upcoming"}</Badge>
            </StatusRow>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href="/admin/attendees/export.csv" download className={BUTTON.secondary}>
              Export Attendee List
            </a>
            {/* Plain links: the PDF streams as it is drawn, with or without JavaScript. */}
            {BADGE_LAYOUTS.map((layout) => (
              <a key={layout} href={BADGE_DOWNLOADS[layout].href} download className={BUTTON.secondary}>
                {BADGE_DOWNLOADS[layout].label}
              </a>
            ))}
          </div>
          <p className="mt-3 text-xs text-gray-500">
            Last updated <DateTime value={overview.updatedAt} />
          </p>
        </Card>
      </div>

      {/* Before the event too: organisers set up and preview the certificates ahead. */}
      <CertificatesCard certificates={overview.certificates} page={PAGE} onOpen={() => confirming.open("certificates")} />
      {confirming.target === "certificates" ? (
        <CertificatesDialog certificates={overview.certificates} page={PAGE} onClose={confirming.close} />
      ) : null}
      {confirming.target === "invitations" ? (
        <InviteDialog invitations={overview.invitations} page={PAGE} onClose={confirming.close} />
      ) : null}
      {confirming.target === "reminders" ? (
        <ConfirmDialog
          title="Send Reminders"
          message="Send reminder emails to all registered attendees?"
          note={overview.reminderNote}
          id="reminders"
          action={PAGE}
          cancelHref={PAGE}
          onClose={confirming.close}
          intent="send-reminders"
          confirmLabel="Send Reminders"
          pendingLabel="Sending…"
          tone="primary"
        />
      ) : null}
      {previewing.target ? <EmailPreview template={previewing.target} onClose={previewing.close} /> : null}
      {toasts.length > 0 ? <Toaster toasts={toasts} /> : null}

      <Card title="System Status" level={2}>
        <dl className="divide-y divide-gray-100" data-testid="system-status">
          <StatusRow label="Database" ok>
            {`Connected, answered in ${overview.system.databaseMs} ms`}
          </StatusRow>
          <StatusRow label="E-mail" ok={system.mail.ok}>
            {system.mail.detail}
          </StatusRow>
          <StatusRow label="Outbox" ok={system.outbox.failed === 0}>
            {`${n(system.outbox.pending)} queued, ${n(system.outbox.failed)} failed`}
          </StatusRow>
          <StatusRow label="Registration" ok={registration.isOpen}>
            {registration.isOpen ? "Active" : translateMessage(t, registration.message)}
          </StatusRow>
        </dl>
      </Card>
    </div>
  );
}
