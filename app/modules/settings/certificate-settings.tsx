import { getInputProps } from "@conform-to/react";
import type { CertificateSettings as CertificateColumns } from "~/db/schema";
import { ImageUpload } from "~/modules/media/image-upload";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";
import { Switch } from "~/ui/switch";
import { TranslationFields, type TranslationsMeta } from "~/ui/translation-fields";
import { CERTIFICATE_VALID_DAYS_LIMIT, FEEDBACK_DAYS_LIMIT } from "./schemas";

// Event Settings' card for what happens after the event (modules/certificates, modules/feedback):
// the certificates' signature line (the title in Hausa too, the name as it is) and the signature
// image above it, whether they go out by themselves the morning after, how long they can be
// verified, and how long the feedback survey stays open. The image is the settings form's fourth
// upload (actions.server.ts resolves it as it does the logo).

export type CertificateSettingsField = keyof CertificateColumns | "feedback_days";

type Meta = Parameters<typeof getInputProps>[0];

export function CertificateSettings({
  fields: f,
  translations,
  retentionDays,
}: {
  fields: Record<CertificateSettingsField, Meta>;
  translations: TranslationsMeta;
  retentionDays: string;
}) {
  const field = (meta: Meta) => ({ id: meta.id, errorId: meta.errorId, error: meta.errors?.[0] });
  return (
    <Card title="Certificates and Feedback" level={2}>
      <p className="mb-4 text-sm text-gray-600">
        After the event, everyone checked in at the door receives a certificate of attendance that anyone can verify at /verify, and a short
        survey. Event Operations has the Send Certificates button.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField
          label="Signed by (name)"
          {...field(f.certificate_signer_name)}
          description="Printed under the signature line. Empty: no signature line."
        >
          <input {...getInputProps(f.certificate_signer_name, { type: "text" })} key={f.certificate_signer_name.key} className={INPUT} />
        </FormField>
        <FormField
          label="Signer's title"
          {...field(f.certificate_signer_title)}
          description="For example: Commissioner for Youth and Sports."
        >
          <input {...getInputProps(f.certificate_signer_title, { type: "text" })} key={f.certificate_signer_title.key} className={INPUT} />
        </FormField>
        <div className="sm:col-span-2">
          <TranslationFields translations={translations} field="certificate_signer_title" label="Signer's title" />
        </div>
        <div className="sm:col-span-2">
          <ImageUpload
            label="Signature image"
            fileName="certificate_signature_file"
            urlName="certificate_signature_url"
            currentUrl={String(f.certificate_signature_url.initialValue ?? "")}
            error={f.certificate_signature_url.errors?.[0]}
            shape="signature"
            description="Printed above the signature line, whole, when a signer's name is set. A PNG with a transparent background looks best."
          />
        </div>
        <FormField
          label="Certificates can be verified for (days after the event)"
          {...field(f.certificate_valid_days)}
          description={`Empty: as long as personal data is kept (${retentionDays || "90"} days). After that, /verify says the certificate has expired.`}
        >
          <input
            {...getInputProps(f.certificate_valid_days, { type: "number" })}
            key={f.certificate_valid_days.key}
            min={1}
            max={CERTIFICATE_VALID_DAYS_LIMIT}
            inputMode="numeric"
            className={INPUT}
          />
        </FormField>
        <FormField
          label="Feedback survey open for (days after the event)"
          required
          {...field(f.feedback_days)}
          description="Default 14. Answers can be changed until it closes."
        >
          <input
            {...getInputProps(f.feedback_days, { type: "number" })}
            key={f.feedback_days.key}
            min={1}
            max={FEEDBACK_DAYS_LIMIT}
            inputMode="numeric"
            className={INPUT}
          />
        </FormField>
        <div className="sm:col-span-2">
          <Switch
            {...getInputProps(f.auto_certificates, { type: "checkbox" })}
            key={f.auto_certificates.key}
            id={f.auto_certificates.id}
            label="Send certificates automatically"
            description="At 9:00 the morning after the event, to everyone checked in (and the survey to those who did not come), once."
          />
        </div>
      </div>
    </Card>
  );
}
