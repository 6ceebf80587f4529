import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { SettingsTranslations } from "~/db/translations";
import { ImageUpload } from "~/modules/media/image-upload";
import { Card } from "~/ui/card";
import { FormField } from "~/ui/form-field";
import { Notice } from "~/ui/notice";
import { BUTTON, INPUT } from "~/ui/styles";
import { Switch } from "~/ui/switch";
import { TranslationFields, type TranslationsMeta } from "~/ui/translation-fields";
import { BookingProtection, type BookingProtectionField } from "./booking-protection";
import { CertificateSettings, type CertificateSettingsField } from "./certificate-settings";
import { formatEventDate } from "./event-time";
import { type LandingFiguresField, LandingFiguresSettings } from "./landing-figures-settings";
import { LandingObjectivesSettings } from "./landing-objectives-settings";
import { type PersonalDataField, PersonalDataSettings } from "./personal-data-settings";
import { MAX_ATTENDEES_LIMIT, OFFER_HOURS_LIMIT, settingsSchema, WALK_IN_SEATS_PER_PHONE_LIMIT } from "./schemas";

// The Event Settings form: the product's four sections, then what organisers may now edit
// that was once fixed (event name, guest of honour, social links), and the personal-data
// settings the privacy notice and the retention purge read. One schema checks it in the
// browser and on the server; it posts multipart for the four images.

type Defaults = Record<
  | "event_name"
  | "event_date"
  | "event_starts_at"
  | "event_ends_at"
  | "venue"
  | "logo_url"
  | "share_image_url"
  | "about"
  | "contact_email"
  | "contact_phone"
  | "max_attendees"
  | "walk_in_seats"
  | "walk_in_seats_per_phone"
  | "registration_enabled"
  | "auto_reminders"
  | "waitlist_offer_hours"
  | LandingFiguresField
  | "objectives"
  | PersonalDataField
  | BookingProtectionField
  | CertificateSettingsField
  | "guest_of_honor_name"
  | "guest_of_honor_title"
  | "guest_of_honor_image_url"
  | "facebook_url"
  | "twitter_url"
  | "instagram_url",
  string
> & { translations?: SettingsTranslations };

type Meta = Parameters<typeof getInputProps>[0];
const field = (meta: Meta) => ({ id: meta.id, errorId: meta.errorId, error: meta.errors?.[0] });

/** A change that reaches far, asked about before anything is saved (change-consequences.ts). */
export type SettingsConfirmation = { message: string; fingerprint: string; eventDate: string };

export function SettingsForm({
  defaults,
  lastResult,
  registered,
  confirm,
  objectivesPlaceholder = "",
}: {
  defaults: Defaults;
  lastResult: SubmissionResult<string[]> | undefined;
  registered: number;
  confirm?: SettingsConfirmation | null;
  /** the site's own objectives in English, shown in the empty Objectives box */
  objectivesPlaceholder?: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "event-settings",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
  });
  const f = fields as unknown as Record<Exclude<keyof Defaults, "translations">, Meta>;
  // The visitors' texts in other languages, nested under `translations`.
  const translations = (fields as unknown as { translations: TranslationsMeta }).translations;
  const text = (meta: Meta, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input {...getInputProps(meta, { type: "text" })} key={meta.key} className={INPUT} {...extra} />
  );
  const time = (meta: Meta) => <input {...getInputProps(meta, { type: "time" })} key={meta.key} className={INPUT} />;
  const number = (meta: Meta, max: number) => (
    <input {...getInputProps(meta, { type: "number" })} key={meta.key} min={1} max={max} inputMode="numeric" className={INPUT} />
  );
  const saving = navigation.state === "submitting";
  // The question comes back above the form, while the organiser is at Save, at its foot: with
  // JavaScript the page stays where it was, so take them (and a screen reader) to the question.
  const question = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirm) question.current?.focus();
  }, [confirm]);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
      {form.errors?.length ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      {confirm ? (
        <section
          ref={question}
          tabIndex={-1}
          aria-labelledby="settings-confirm-title"
          className="scroll-mt-24 rounded-xl focus:outline-none"
        >
          <Notice tone="warning" testId="settings-confirm">
            <p id="settings-confirm-title" className="font-semibold">
              Please check before saving
            </p>
            <p className="mt-1">{confirm.message}</p>
            <div className="mt-3 flex flex-wrap gap-3">
              {/* Posts the whole form again, as typed, with the fingerprint of what was shown. */}
              <button type="submit" name="confirmed" value={confirm.fingerprint} disabled={saving} className={BUTTON.primary}>
                {/* The date when it is what moved; otherwise (a shorter retention) what was changed. */}
                {confirm.eventDate === defaults.event_date
                  ? "Yes, save these settings"
                  : `Yes, save ${formatEventDate(confirm.eventDate, "en", "long")}`}
              </button>
              <a href="/admin/settings" className={BUTTON.secondary}>
                No, keep the saved settings
              </a>
            </div>
          </Notice>
        </section>
      ) : null}
      <Card title="Event Details" level={2}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField label="Event name" required {...field(f.event_name)}>
              {text(f.event_name)}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <ImageUpload
              label="Event logo"
              fileName="logo_file"
              urlName="logo_url"
              currentUrl={String(f.logo_url.initialValue ?? "")}
              error={f.logo_url.errors?.[0]}
              shape="square"
            />
          </div>
          <div className="sm:col-span-2">
            <ImageUpload
              label="Share image (link previews)"
              fileName="share_image_file"
              urlName="share_image_url"
              currentUrl={String(f.share_image_url.initialValue ?? "")}
              error={f.share_image_url.errors?.[0]}
              shape="wide"
              description="The picture WhatsApp, Facebook and X show with a link to the site, cropped to 1200 × 630. Without one, a card is drawn from the event's name, date, venue and logo, in English and Hausa."
            />
          </div>
          <div className="sm:col-span-2">
            <FormField label="Event date" required {...field(f.event_date)}>
              <input {...getInputProps(f.event_date, { type: "date" })} key={f.event_date.key} className={INPUT} />
            </FormField>
          </div>
          <FormField label="Starts at" required {...field(f.event_starts_at)} description="Lagos time; the countdown runs to it.">
            {time(f.event_starts_at)}
          </FormField>
          <FormField label="Ends at" required {...field(f.event_ends_at)} description="After it the event is over (the survey opens).">
            {time(f.event_ends_at)}
          </FormField>
          <div className="sm:col-span-2">
            <FormField label="Venue name" required {...field(f.venue)}>
              {text(f.venue)}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <TranslationFields translations={translations} field="venue" label="Venue name" />
          </div>
        </div>
      </Card>

      <Card title="Summit Description" level={2}>
        <FormField label="About the summit" required {...field(f.about)}>
          <textarea {...getTextareaProps(f.about)} key={f.about.key} rows={5} className={INPUT} />
        </FormField>
        <div className="mt-4">
          <TranslationFields translations={translations} field="about" label="About the summit" rows={5} />
        </div>
      </Card>

      <LandingFiguresSettings fields={f} translations={translations} />

      <LandingObjectivesSettings field={f.objectives} translations={translations} placeholder={objectivesPlaceholder} />

      <Card title="Contact Information" level={2}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Contact email" required {...field(f.contact_email)}>
            <input
              {...getInputProps(f.contact_email, { type: "email" })}
              key={f.contact_email.key}
              className={INPUT}
              autoComplete="email"
            />
          </FormField>
          <FormField label="Contact phone" {...field(f.contact_phone)}>
            <input {...getInputProps(f.contact_phone, { type: "tel" })} key={f.contact_phone.key} className={INPUT} autoComplete="tel" />
          </FormField>
        </div>
      </Card>

      <Card title="Registration Settings" level={2}>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <div className="grid gap-4">
            <FormField
              label="Maximum attendees"
              required
              {...field(f.max_attendees)}
              description={`From 1 to ${MAX_ATTENDEES_LIMIT.toLocaleString("en-US")}; ${registered.toLocaleString("en-US")} registered so far.`}
            >
              {number(f.max_attendees, MAX_ATTENDEES_LIMIT)}
            </FormField>
            <FormField
              label="Seats kept for walk-ins"
              {...field(f.walk_in_seats)}
              description="Of the maximum, kept for people registered at the door on event day: online registration never takes them. 0 keeps none."
            >
              <input
                {...getInputProps(f.walk_in_seats, { type: "number" })}
                key={f.walk_in_seats.key}
                min={0}
                max={MAX_ATTENDEES_LIMIT}
                inputMode="numeric"
                className={INPUT}
              />
            </FormField>
            <FormField
              label="Of those, held by each door phone for use without a network"
              {...field(f.walk_in_seats_per_phone)}
              description="A door phone with the door screen open takes this many of the kept seats, each with its ticket, so that it can register walk-ins while the Wi-Fi is down; other doors and online registration cannot use them meanwhile. A phone's unused seats are listed on Event Operations, where you can release them. 0: walk-ins need the network."
            >
              <input
                {...getInputProps(f.walk_in_seats_per_phone, { type: "number" })}
                key={f.walk_in_seats_per_phone.key}
                min={0}
                max={WALK_IN_SEATS_PER_PHONE_LIMIT}
                inputMode="numeric"
                className={INPUT}
              />
            </FormField>
            <FormField
              label="Waitlist offer valid for (hours)"
              required
              {...field(f.waitlist_offer_hours)}
              description="How long a person offered a freed seat has to claim it before it passes to the next in line."
            >
              {number(f.waitlist_offer_hours, OFFER_HOURS_LIMIT)}
            </FormField>
          </div>
          <div className="grid gap-4 sm:pt-6">
            <Switch
              {...getInputProps(f.registration_enabled, { type: "checkbox" })}
              key={f.registration_enabled.key}
              id={f.registration_enabled.id}
              label="Registration open"
              description="When off, the registration form says registration is closed."
            />
            <Switch
              {...getInputProps(f.auto_reminders, { type: "checkbox" })}
              key={f.auto_reminders.key}
              id={f.auto_reminders.id}
              label="Automatic reminder"
              description="E-mails every attendee their ticket again two days before the event starts, once."
            />
          </div>
        </div>
      </Card>

      <PersonalDataSettings fields={f} />

      <CertificateSettings fields={f} translations={translations} retentionDays={String(f.retention_days.initialValue ?? "")} />

      <BookingProtection fields={f} />

      <Card title="Guest of Honor" level={2}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" required {...field(f.guest_of_honor_name)}>
            {text(f.guest_of_honor_name)}
          </FormField>
          <FormField label="Title" {...field(f.guest_of_honor_title)}>
            {text(f.guest_of_honor_title)}
          </FormField>
          <div className="sm:col-span-2">
            <TranslationFields translations={translations} field="guest_of_honor_title" label="Title" />
          </div>
          <div className="sm:col-span-2">
            <ImageUpload
              label="Portrait"
              fileName="guest_of_honor_file"
              urlName="guest_of_honor_image_url"
              currentUrl={String(f.guest_of_honor_image_url.initialValue ?? "")}
              error={f.guest_of_honor_image_url.errors?.[0]}
              shape="circle"
            />
          </div>
        </div>
      </Card>

      <Card title="Social Links" level={2}>
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ["facebook_url", "Facebook"],
              ["twitter_url", "X (Twitter)"],
              ["instagram_url", "Instagram"],
            ] as const
          ).map(([name, label]) => (
            <FormField key={name} label={label} {...field(f[name])}>
              <input
                {...getInputProps(f[name], { type: "url" })}
                key={f[name].key}
                className={INPUT}
                placeholder="https://"
                inputMode="url"
              />
            </FormField>
          ))}
        </div>
      </Card>

      <div className="flex justify-end">
        <button type="submit" disabled={saving} className={BUTTON.primary}>
          {saving ? "Saving…" : "Save Event Settings"}
        </button>
      </div>
    </Form>
  );
}
