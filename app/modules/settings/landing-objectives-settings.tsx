import { getTextareaProps } from "@conform-to/react";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";
import { TranslationFields, type TranslationsMeta } from "~/ui/translation-fields";
import { OBJECTIVE_MAX_LENGTH, OBJECTIVES_MAX } from "./objectives";

// Event Settings' card for the objectives under "About the summit" on the landing page: one a
// line, "Title: what it means", in English and Hausa. Left empty, the landing page shows the
// site's own three (Peacebuilding, Civic engagement, Inclusive development) in each language.

type Meta = Parameters<typeof getTextareaProps>[0];

export function LandingObjectivesSettings({
  field: meta,
  translations,
  placeholder,
}: {
  field: Meta;
  translations: TranslationsMeta;
  /** the site's own objectives in English, as the field would hold them */
  placeholder: string;
}) {
  return (
    <Card title="Landing Page Objectives" level={2}>
      <div className="space-y-4">
        <FormField
          label="Objectives"
          id={meta.id}
          errorId={meta.errorId}
          error={meta.errors?.[0]}
          description={`One objective a line, written “Title: what it means”; up to ${OBJECTIVES_MAX} lines of ${OBJECTIVE_MAX_LENGTH} characters. Until you change them, the box holds the site’s own three, which the page shows in English and Hausa. Clear the box to have them back.`}
        >
          <textarea {...getTextareaProps(meta)} key={meta.key} rows={5} placeholder={placeholder} className={INPUT} />
        </FormField>
        <TranslationFields translations={translations} field="objectives" label="Objectives" rows={5} />
      </div>
    </Card>
  );
}
