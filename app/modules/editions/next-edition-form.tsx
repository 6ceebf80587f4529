import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { MAX_ATTENDEES_LIMIT } from "~/modules/settings/schemas";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { BUTTON, INPUT } from "~/ui/styles";
import { Switch } from "~/ui/switch";
import { CARRY_OVER, type CarryOverKind, nextEditionSchema } from "./schemas";

// The "Start the Next Edition" form: the new edition's name, date, time, venue and capacity,
// and what carries over. Sending it only shows the confirmation (next-edition-review.tsx);
// nothing changes until that is confirmed.

export type NextEditionDefaults = Record<
  "name" | "name_ha" | "event_name" | "event_date" | "event_starts_at" | "event_ends_at" | "venue" | "max_attendees",
  string
> &
  Partial<Record<`keep_${CarryOverKind}`, string>>;

type Meta = Parameters<typeof getInputProps>[0];
const field = (meta: Meta) => ({ id: meta.id, errorId: meta.errorId, error: meta.errors?.[0] });

/** "4 speakers" under each carry-over switch: what keeping or emptying it concerns. */
export function contentCount(kind: CarryOverKind, n: number): string {
  const nouns: Record<CarryOverKind, [string, string]> = {
    speakers: ["speaker", "speakers"],
    special_guests: ["special guest", "special guests"],
    agenda: ["agenda item", "agenda items"],
    partners: ["partner", "partners"],
    about: ["text", "texts"],
    contacts: ["contact", "contacts"],
    guest_of_honor: ["guest of honour", "guests of honour"],
  };
  const [one, many] = nouns[kind];
  return n === 0 ? "Nothing yet" : `${n} ${n === 1 ? one : many} now`;
}

export function NextEditionForm({
  defaults,
  lastResult,
  counts,
}: {
  defaults: NextEditionDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  counts: Record<CarryOverKind, number>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "next-edition",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nextEditionSchema }),
  });
  const f = fields as unknown as Record<keyof NextEditionDefaults, Meta>;
  const text = (meta: Meta) => <input {...getInputProps(meta, { type: "text" })} key={meta.key} className={INPUT} />;
  const time = (meta: Meta) => <input {...getInputProps(meta, { type: "time" })} key={meta.key} className={INPUT} />;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <Card title="The Next Edition" level={2}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" required {...field(f.name)} description="Shown wherever the site names the edition.">
            {text(f.name)}
          </FormField>
          <FormField label="Name in Hausa" {...field(f.name_ha)} description="Empty: the Hausa site shows the English name.">
            {text(f.name_ha)}
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              label="Event name"
              required
              {...field(f.event_name)}
              description="The site's name, on every page, ticket and certificate. A year in it is proposed as the next one."
            >
              {text(f.event_name)}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <FormField label="Event date" required {...field(f.event_date)}>
              <input {...getInputProps(f.event_date, { type: "date" })} key={f.event_date.key} className={INPUT} />
            </FormField>
          </div>
          <FormField label="Starts at" required {...field(f.event_starts_at)} description="Lagos time.">
            {time(f.event_starts_at)}
          </FormField>
          <FormField label="Ends at" required {...field(f.event_ends_at)}>
            {time(f.event_ends_at)}
          </FormField>
          <div className="sm:col-span-2">
            <FormField label="Venue name" required {...field(f.venue)}>
              {text(f.venue)}
            </FormField>
          </div>
          <FormField label="Maximum attendees" required {...field(f.max_attendees)}>
            <input
              {...getInputProps(f.max_attendees, { type: "number" })}
              key={f.max_attendees.key}
              min={1}
              max={MAX_ATTENDEES_LIMIT}
              inputMode="numeric"
              className={INPUT}
            />
          </FormField>
        </div>
      </Card>
      <Card title="What Carries Over" level={2}>
        <p className="mb-4 text-sm text-gray-600">
          Kept as they are now, or started empty. The edition that ends keeps its own copy for the archive either way.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {CARRY_OVER.map(([kind, label]) => {
            const meta = f[`keep_${kind}`];
            return (
              <Switch
                {...getInputProps(meta, { type: "checkbox" })}
                key={meta.key}
                id={meta.id}
                label={label}
                description={contentCount(kind, counts[kind])}
              />
            );
          })}
        </div>
      </Card>
      <div className="flex justify-end">
        <button type="submit" name="intent" value="review" className={BUTTON.primary} disabled={navigation.state === "submitting"}>
          Review what will happen
        </button>
      </div>
    </Form>
  );
}
