import { Form } from "react-router";
import { Card } from "~/ui/card";
import { StatusRow } from "~/ui/status-row";
import { BUTTON, INPUT } from "~/ui/styles";
import type { SmsOverview } from "./sms-overview.server";
import { naira } from "./sms-schemas";

// The SMS panel on Event Operations: which gateway carries the SMS (or the local file outbox),
// whether the channel is paused and why, what was sent, delivered and failed, the estimated
// cost, the price per SMS behind it, and a test message to the organiser's own phone.

const n = (value: number) => value.toLocaleString("en-US");

const PROVIDERS = { africastalking: "Africa's Talking", termii: "Termii", file: "Local file outbox" } as const;

export function SmsPanel({ sms }: { sms: SmsOverview }) {
  const { counts } = sms;
  return (
    <Card title="SMS" level={2}>
      {sms.pause ? (
        <div role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">SMS paused: the gateway refused the account.</p>
          <p className="mt-1" data-testid="sms-pause-reason">
            {sms.pause.reason}
          </p>
          <p className="mt-1">{`Messages wait in the outbox (${n(counts.queued)} now). Top up the account or fix the setting, then resume.`}</p>
          <Form method="post" className="mt-2">
            <button type="submit" name="intent" value="sms-resume" className={BUTTON.primary}>
              Resume SMS
            </button>
          </Form>
        </div>
      ) : null}
      <dl className="divide-y divide-gray-100" data-testid="sms-status">
        <StatusRow label="Gateway" ok={sms.status.ok && !sms.pause}>
          {`${PROVIDERS[sms.status.kind]}${sms.pause ? " (paused)" : ""}`}
          <span className="block text-xs text-gray-500">{sms.status.detail}</span>
        </StatusRow>
        <StatusRow label="Messages" ok={counts.failed === 0}>
          <span data-testid="sms-counts">
            {`${n(counts.sent)} sent, ${n(counts.delivered)} delivered, ${n(counts.failed)} failed, ${n(counts.queued)} queued`}
          </span>
        </StatusRow>
        <StatusRow label="Estimated cost" ok>
          <span data-testid="sms-cost">
            {sms.costKobo === null
              ? "Set the price per SMS to see it"
              : `${naira(sms.costKobo)} for ${n(counts.segments)} ${counts.segments === 1 ? "segment" : "segments"} at ${naira(sms.priceKobo)}`}
          </span>
        </StatusRow>
        <StatusRow label="Reminders by SMS" ok>
          {`${n(sms.reminders.sent)} sent, ${n(sms.reminders.queued)} waiting (never 20:00–08:00)`}
        </StatusRow>
      </dl>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Form method="post" className="flex items-end gap-2">
          <label className="block min-w-0 flex-1 text-sm font-semibold text-gray-800">
            Price per SMS (₦)
            <input
              name="price"
              inputMode="decimal"
              defaultValue={sms.priceKobo > 0 ? (sms.priceKobo / 100).toFixed(2) : ""}
              placeholder="4.00"
              className={INPUT}
            />
          </label>
          <button type="submit" name="intent" value="sms-price" className={BUTTON.secondary}>
            Save
          </button>
        </Form>
        <Form method="post" className="flex items-end gap-2">
          <label className="block min-w-0 flex-1 text-sm font-semibold text-gray-800">
            Your phone
            <input name="phone" type="tel" autoComplete="tel" placeholder="0803 123 4567" className={INPUT} />
          </label>
          <button type="submit" name="intent" value="sms-test" className={BUTTON.secondary}>
            Send me a test SMS
          </button>
        </Form>
      </div>
    </Card>
  );
}
