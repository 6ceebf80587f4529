import { getInputProps } from "@conform-to/react";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";
import { TranslationFields, type TranslationsMeta } from "~/ui/translation-fields";
import { PUBLIC_COUNT_FROM_LIMIT } from "./schemas";

// Event Settings' card for the figures under "About the summit" on the landing page: when the
// number registered is shown (a launch-day "0 Registered" tells visitors nobody is coming), and
// the fourth figure, which the organisers know and the site cannot count ("70+ Youth Leaders").

export type LandingFiguresField = "public_count_from" | "highlight_value" | "highlight_label";

type Meta = Parameters<typeof getInputProps>[0];

export function LandingFiguresSettings({
  fields: f,
  translations,
}: {
  fields: Record<LandingFiguresField, Meta>;
  translations: TranslationsMeta;
}) {
  const field = (meta: Meta) => ({ id: meta.id, errorId: meta.errorId, error: meta.errors?.[0] });
  return (
    <Card title="Landing Page Figures" level={2}>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <div className="sm:col-span-2">
          <FormField
            label="Show the number registered from"
            required
            {...field(f.public_count_from)}
            description="The landing page shows “Registered” once this many people have registered. 0: always."
          >
            <input
              {...getInputProps(f.public_count_from, { type: "number" })}
              key={f.public_count_from.key}
              min={0}
              max={PUBLIC_COUNT_FROM_LIMIT}
              inputMode="numeric"
              className={INPUT}
            />
          </FormField>
        </div>
        <FormField
          label="Fourth figure"
          {...field(f.highlight_value)}
          description="A number you know, such as 70+. Empty: the landing page shows three figures."
        >
          <input {...getInputProps(f.highlight_value, { type: "text" })} key={f.highlight_value.key} className={INPUT} />
        </FormField>
        <FormField
          label="What it counts"
          {...field(f.highlight_label)}
          description="Empty: “Youth Leaders” (in Hausa, “Shugabannin matasa”)."
        >
          <input {...getInputProps(f.highlight_label, { type: "text" })} key={f.highlight_label.key} className={INPUT} />
        </FormField>
        <div className="sm:col-span-2">
          <TranslationFields translations={translations} field="highlight_label" label="What it counts" />
        </div>
      </div>
    </Card>
  );
}
