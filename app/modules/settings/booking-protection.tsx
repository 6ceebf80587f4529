import { getInputProps } from "@conform-to/react";
import type { BookingProtectionSettings } from "~/db/schema";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";
import { Switch } from "~/ui/switch";
import { HOLD_RATE_LIMIT, OFFER_HOURS_LIMIT } from "./schemas";

// Event Settings' card for the booking-attack rules (booking-protection/hold-decision.server.ts): the rates
// beyond which new registrations are held until confirmed by e-mail, how long a hold waits,
// and the proof-of-work challenge at all times.

export type BookingProtectionField = keyof BookingProtectionSettings;

type Meta = Parameters<typeof getInputProps>[0];

export function BookingProtection({ fields: f }: { fields: Record<BookingProtectionField, Meta> }) {
  const number = (meta: Meta, max: number, label: string, description: string) => (
    <FormField label={label} required id={meta.id} errorId={meta.errorId} error={meta.errors?.[0]} description={description}>
      <input {...getInputProps(meta, { type: "number" })} key={meta.key} min={1} max={max} inputMode="numeric" className={INPUT} />
    </FormField>
  );
  return (
    <Card title="Protection Against Booking Scripts" level={2}>
      <p className="mb-4 text-sm text-gray-600">
        When registrations arrive faster than these rates, new ones are held: the person confirms the seat from their e-mail (a link, or a
        six-digit code) before it is theirs. In normal times tickets stay instant. The dashboard says when this happens.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        {number(
          f.hold_network_per_minute,
          HOLD_RATE_LIMIT,
          "From one network, per minute",
          "Default 10. A network is one IPv4 address or one IPv6 /64; a school or a carrier's shared address still registers, by e-mail confirmation.",
        )}
        {number(
          f.hold_domain_per_10_minutes,
          HOLD_RATE_LIMIT,
          "From one e-mail domain, per 10 minutes",
          "Default 30. Gmail, Yahoo, Outlook and the other large public providers are never counted.",
        )}
        {number(
          f.hold_overall_per_minute,
          HOLD_RATE_LIMIT,
          "Overall, per minute",
          "Default 120. Visitors who solved the proof-of-work challenge are not held.",
        )}
        {number(f.held_expiry_hours, OFFER_HOURS_LIMIT, "Delete unconfirmed after (hours)", "Default 24.")}
        <div className="sm:col-span-2">
          <Switch
            {...getInputProps(f.proof_of_work_always, { type: "checkbox" })}
            key={f.proof_of_work_always.key}
            id={f.proof_of_work_always.id}
            label="Proof-of-work challenge at all times"
            description="Normally it is asked only during an attack. The registration page solves it in about a second while the person types; without JavaScript, they confirm by e-mail."
          />
        </div>
      </div>
    </Card>
  );
}
