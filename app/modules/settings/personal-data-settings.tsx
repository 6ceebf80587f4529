import { getInputProps } from "@conform-to/react";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";
import { CORRECTIONS_CLOSE_DAYS_LIMIT, RETENTION_DAYS_LIMIT } from "./schemas";

// Event Settings' card for personal data: who is responsible for it (the privacy notice names
// them), how long it is kept after the event, and until when people may correct their own.

export type PersonalDataField = "organiser_name" | "privacy_email" | "retention_days" | "corrections_close_days";

type Meta = Parameters<typeof getInputProps>[0];

export function PersonalDataSettings({ fields: f }: { fields: Record<PersonalDataField, Meta> }) {
  const field = (meta: Meta) => ({ id: meta.id, errorId: meta.errorId, error: meta.errors?.[0] });
  const text = (meta: Meta) => <input {...getInputProps(meta, { type: "text" })} key={meta.key} className={INPUT} />;
  const number = (meta: Meta, min: number, max: number) => (
    <input {...getInputProps(meta, { type: "number" })} key={meta.key} min={min} max={max} inputMode="numeric" className={INPUT} />
  );
  return (
    <Card title="Personal Data" level={2}>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField
          label="Organiser (data controller)"
          required
          {...field(f.organiser_name)}
          description="Named in the privacy notice as responsible for the registrations."
        >
          {text(f.organiser_name)}
        </FormField>
        <FormField
          label="Privacy contact e-mail"
          {...field(f.privacy_email)}
          description="Where people write about their data. Empty: the contact e-mail above."
        >
          <input {...getInputProps(f.privacy_email, { type: "email" })} key={f.privacy_email.key} className={INPUT} />
        </FormField>
        <FormField
          label="Delete personal data after the event (days)"
          required
          {...field(f.retention_days)}
          description="Default 90. Registrations, the waitlist and the mail log are deleted this many days after the event; anonymous totals stay."
        >
          {number(f.retention_days, 1, RETENTION_DAYS_LIMIT)}
        </FormField>
        <FormField
          label="Attendees can correct their details until (days before the event)"
          required
          {...field(f.corrections_close_days)}
          description="Default 2, when badges are printed. Until then, people fix their name, phone and the rest on their ticket page; after it, the page says to contact you."
        >
          {number(f.corrections_close_days, 0, CORRECTIONS_CLOSE_DAYS_LIMIT)}
        </FormField>
      </div>
    </Card>
  );
}
