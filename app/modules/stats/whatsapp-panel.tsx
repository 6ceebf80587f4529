import { Form } from "react-router";
import { Card } from "~/ui/card";
import { StatusRow } from "~/ui/status-row";
import { BUTTON, INPUT } from "~/ui/styles";
import { naira } from "./sms-schemas";
import type { WhatsAppOverview } from "./whatsapp-overview.server";

// The WhatsApp panel on Event Operations, beside the SMS panel: whether WhatsApp is configured,
// whether the channel is paused and why, this edition's messages by how far each got (and how
// many that failed went by SMS instead), the estimated cost and the price per message behind it.

const n = (value: number) => value.toLocaleString("en-US");

export function WhatsAppPanel({ whatsapp }: { whatsapp: WhatsAppOverview | null }) {
  if (!whatsapp) return null;
  const { counts } = whatsapp;
  return (
    <Card title="WhatsApp" level={2}>
      {whatsapp.pause ? (
        <div role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">WhatsApp paused: Meta refused the account.</p>
          <p className="mt-1" data-testid="whatsapp-pause-reason">
            {whatsapp.pause.reason}
          </p>
          <p className="mt-1">{`Messages wait in the outbox (${n(counts.queued)} now). Fix the account or the setting, then resume.`}</p>
          <Form method="post" className="mt-2">
            <button type="submit" name="intent" value="whatsapp-resume" className={BUTTON.primary}>
              Resume WhatsApp
            </button>
          </Form>
        </div>
      ) : null}
      <dl className="divide-y divide-gray-100" data-testid="whatsapp-status">
        <StatusRow label="Cloud API" ok={whatsapp.configured && !whatsapp.pause}>
          {whatsapp.configured ? `Configured${whatsapp.pause ? " (paused)" : ""}` : "Not configured"}
          <span className="block text-xs text-gray-500">
            {whatsapp.configured
              ? "Tickets, reminders and offers go on WhatsApp to those who asked"
              : "WHATSAPP_ACCESS_TOKEN is not set: no more messages go on WhatsApp"}
          </span>
        </StatusRow>
        <StatusRow label="Messages" ok={counts.failed === 0}>
          <span data-testid="whatsapp-counts">
            {`${n(counts.sent)} sent, ${n(counts.delivered)} delivered, ${n(counts.read)} read, ${n(counts.failed)} failed${
              counts.smsInstead > 0 ? ` (${n(counts.smsInstead)} sent by SMS instead)` : ""
            }, ${n(counts.queued)} queued`}
          </span>
        </StatusRow>
        <StatusRow label="Estimated cost" ok>
          <span data-testid="whatsapp-cost">
            {whatsapp.costKobo === null ? (
              <a href="#whatsapp-price" className="font-medium text-brand-700 underline">
                Price not set
              </a>
            ) : (
              `${naira(whatsapp.costKobo)} for ${n(whatsapp.accepted)} ${whatsapp.accepted === 1 ? "message" : "messages"} at ${naira(whatsapp.priceKobo)}`
            )}
          </span>
        </StatusRow>
        <StatusRow label="Reminders on WhatsApp" ok>
          {`${n(whatsapp.reminders.sent)} sent, ${n(whatsapp.reminders.queued)} waiting (never 20:00–08:00)`}
        </StatusRow>
      </dl>
      <Form method="post" className="mt-4 flex items-end gap-2 sm:max-w-sm">
        <label className="block min-w-0 flex-1 text-sm font-semibold text-gray-800">
          Price per WhatsApp message (₦)
          <input
            id="whatsapp-price"
            name="price"
            inputMode="decimal"
            defaultValue={whatsapp.priceKobo > 0 ? (whatsapp.priceKobo / 100).toFixed(2) : ""}
            placeholder="6.00"
            className={INPUT}
          />
        </label>
        <button type="submit" name="intent" value="whatsapp-price" className={BUTTON.secondary}>
          Save
        </button>
      </Form>
    </Card>
  );
}
