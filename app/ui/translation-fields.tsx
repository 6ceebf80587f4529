import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/i18n/languages";
import { FormField } from "./form-field";
import { INPUT } from "./styles";

// A text field's optional versions in the site's other languages, under its English field:
// one labelled control per language, posted as `translations.<language>.<field>` (Conform nests
// them), so a plain form post carries them and the same schema checks them on both sides.
// Left empty, visitors reading that language see the English text.

/** A form's `translations` field as Conform gives it: language → field → text. */
export type TranslationsMeta = FieldMetadata<Record<string, Record<string, string | undefined> | undefined> | undefined>;

const OTHER_LANGUAGES = LANGUAGES.filter((language) => language.code !== DEFAULT_LANGUAGE);

export function TranslationFields({
  translations,
  field,
  label,
  rows,
}: {
  translations: TranslationsMeta;
  /** the English field's name, e.g. "bio" */
  field: string;
  /** the English field's label, e.g. "Bio" */
  label: string;
  /** a text area of this many rows; a one-line input without */
  rows?: number;
}) {
  const byLanguage = translations.getFieldset();
  return (
    <>
      {OTHER_LANGUAGES.map((language) => {
        const meta = byLanguage[language.code]?.getFieldset()[field];
        if (!meta) return null;
        return (
          <div key={language.code} className="border-l-2 border-gray-200 pl-3">
            <FormField
              label={`${label} in ${language.name} (optional)`}
              id={meta.id}
              errorId={meta.errorId}
              error={meta.errors?.[0]}
              description={`Shown to visitors reading in ${language.name}; left empty, they see the English text.`}
            >
              {rows ? (
                <textarea {...getTextareaProps(meta)} key={meta.key} rows={rows} lang={language.code} className={INPUT} />
              ) : (
                <input
                  {...getInputProps(meta, { type: "text" })}
                  key={meta.key}
                  lang={language.code}
                  className={INPUT}
                  autoComplete="off"
                />
              )}
            </FormField>
          </div>
        );
      })}
    </>
  );
}
