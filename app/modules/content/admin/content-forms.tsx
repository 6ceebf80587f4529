import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigate, useNavigation } from "react-router";
import type { z } from "zod";
import type { AgendaTranslations, SpeakerTranslations } from "~/db/translations";
import { ImageUpload } from "~/modules/media/image-upload";
import { FormActions } from "~/ui/form-actions";
import { FormField } from "~/ui/form-field";
import { Modal } from "~/ui/modal";
import { INPUT } from "~/ui/styles";
import type { Toast } from "~/ui/toast";
import { Toaster } from "~/ui/toaster";
import { TranslationFields, type TranslationsMeta } from "~/ui/translation-fields";
import { CONTENT_KINDS, type ContentKind } from "../kinds";
import { agendaItemSchema, partnerSchema, speakerSchema, specialGuestSchema } from "../schemas";
import { ORGANIZER_TYPES, PUBLIC_SPEAKER_TYPES } from "../speaker-types";

// The add/edit forms of the content screens, one zod schema each (the server's), shown as
// a modal over the list. They post multipart (photos and logos ride along) to their own
// URL, which works without JavaScript; the server answers with a redirect to the list
// (the modal closes) or the form's errors with what was typed.

type Result = SubmissionResult<string[]> | undefined;

/** The modal around a content form; closing it returns to the list. */
export function ContentFormModal({
  kind,
  editing,
  toast,
  children,
}: {
  kind: ContentKind;
  editing: boolean;
  /** the failed save's toast */
  toast?: Toast | null;
  children: React.ReactNode;
}) {
  const texts = CONTENT_KINDS[kind];
  const navigate = useNavigate();
  return (
    <Modal
      title={editing ? texts.editTitle : texts.addTitle}
      size="lg"
      closeHref={texts.path}
      onClose={() => navigate(texts.path, { preventScrollReset: true })}
    >
      {children}
      {toast ? <Toaster toasts={[toast]} /> : null}
    </Modal>
  );
}

function useContentForm<S extends z.ZodObject>(kind: ContentKind, schema: S, lastResult: Result, defaults: Record<string, unknown>) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: `${kind}-form`,
    lastResult,
    defaultValue: defaults as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const path = CONTENT_KINDS[kind].path;
  const actions = (editing: boolean) => (
    <FormActions
      submitLabel={editing ? "Save Changes" : `Add ${CONTENT_KINDS[kind].noun}`}
      pendingLabel="Saving…"
      pending={navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction !== path}
      cancelHref={path}
      onCancel={() => navigate(path, { preventScrollReset: true })}
    />
  );
  // The versions in other languages, nested under `translations` (TranslationFields).
  const translations = (fields as unknown as { translations: TranslationsMeta }).translations;
  return { form, fields, actions, translations };
}

const field = (meta: { id: string; errorId: string; errors?: string[] }) => ({
  id: meta.id,
  errorId: meta.errorId,
  error: meta.errors?.[0],
});

function FormErrors({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {errors[0]}
    </p>
  ) : null;
}

type PersonDefaults = {
  name: string;
  title: string;
  bio: string;
  image_url: string;
  speaker_type?: string;
  translations?: SpeakerTranslations;
};

/** Speakers (with their type) and special guests (without). */
export function PersonForm({
  kind,
  lastResult,
  defaults,
  editing,
}: {
  kind: "speaker" | "specialGuest";
  lastResult: Result;
  defaults: PersonDefaults;
  editing: boolean;
}) {
  const schema = kind === "speaker" ? speakerSchema : specialGuestSchema;
  const { form, fields, actions, translations } = useContentForm(kind, schema, lastResult, defaults);
  const f = fields as unknown as Record<keyof PersonDefaults, Parameters<typeof getInputProps>[0]>;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-5 space-y-4">
      <FormErrors errors={form.errors} />
      <FormField label={kind === "speaker" ? "Name" : "Full Name"} required {...field(f.name)}>
        <input {...getInputProps(f.name, { type: "text" })} key={f.name.key} className={INPUT} autoComplete="off" />
      </FormField>
      <FormField label="Title" required {...field(f.title)} description="Position and organisation, e.g. Commissioner for Youth">
        <input {...getInputProps(f.title, { type: "text" })} key={f.title.key} className={INPUT} autoComplete="off" />
      </FormField>
      <TranslationFields translations={translations} field="title" label="Title" />
      {kind === "speaker" ? (
        <FormField label="Type" required {...field(f.speaker_type)}>
          <select {...getSelectProps(f.speaker_type)} key={f.speaker_type.key} className={INPUT}>
            <optgroup label="Speakers section">
              {PUBLIC_SPEAKER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </optgroup>
            <optgroup label="Organizer cards">
              {ORGANIZER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </optgroup>
          </select>
        </FormField>
      ) : null}
      <FormField label="Bio" {...field(f.bio)}>
        <textarea {...getTextareaProps(f.bio)} key={f.bio.key} rows={4} className={INPUT} />
      </FormField>
      <TranslationFields translations={translations} field="bio" label="Bio" rows={4} />
      <ImageUpload
        label="Photo"
        fileName="image_file"
        urlName="image_url"
        currentUrl={String(f.image_url.initialValue ?? "")}
        error={f.image_url.errors?.[0]}
        shape="circle"
      />
      {actions(editing)}
    </Form>
  );
}

type AgendaDefaults = {
  time: string;
  title: string;
  speaker_id: string;
  speaker_name: string;
  description: string;
  translations?: AgendaTranslations;
};

export function AgendaForm({
  lastResult,
  defaults,
  editing,
  speakers,
}: {
  lastResult: Result;
  defaults: AgendaDefaults;
  editing: boolean;
  speakers: { id: string; name: string; title: string }[];
}) {
  const { form, fields, actions, translations } = useContentForm("agenda", agendaItemSchema, lastResult, defaults);
  const f = fields as unknown as Record<keyof AgendaDefaults, Parameters<typeof getInputProps>[0]>;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-5 space-y-4">
      <FormErrors errors={form.errors} />
      <FormField label="Time" required {...field(f.time)} description="As it should read, e.g. 9:00 AM or 9:00 - 9:30 AM">
        <input {...getInputProps(f.time, { type: "text" })} key={f.time.key} className={INPUT} autoComplete="off" />
      </FormField>
      <FormField label="Title" required {...field(f.title)}>
        <input {...getInputProps(f.title, { type: "text" })} key={f.title.key} className={INPUT} autoComplete="off" />
      </FormField>
      <TranslationFields translations={translations} field="title" label="Title" />
      <FormField label="Speaker" {...field(f.speaker_id)} description="One of your speakers: their name follows any later edit.">
        <select {...getSelectProps(f.speaker_id)} key={f.speaker_id.key} className={INPUT}>
          <option value="">No linked speaker</option>
          {speakers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title ? `${s.name} (${s.title})` : s.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Speaker text"
        {...field(f.speaker_name)}
        description="Or type who speaks, e.g. several names; this text is shown instead of the linked speaker."
      >
        <input {...getInputProps(f.speaker_name, { type: "text" })} key={f.speaker_name.key} className={INPUT} autoComplete="off" />
      </FormField>
      <FormField label="Description" {...field(f.description)}>
        <textarea {...getTextareaProps(f.description)} key={f.description.key} rows={3} className={INPUT} />
      </FormField>
      <TranslationFields translations={translations} field="description" label="Description" rows={3} />
      {actions(editing)}
    </Form>
  );
}

type PartnerDefaults = { name: string; logo_url: string; website_url: string };

export function PartnerForm({ lastResult, defaults, editing }: { lastResult: Result; defaults: PartnerDefaults; editing: boolean }) {
  const { form, fields, actions } = useContentForm("partner", partnerSchema, lastResult, defaults);
  const f = fields as unknown as Record<keyof PartnerDefaults, Parameters<typeof getInputProps>[0]>;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-5 space-y-4">
      <FormErrors errors={form.errors} />
      <FormField label="Name" required {...field(f.name)}>
        <input {...getInputProps(f.name, { type: "text" })} key={f.name.key} className={INPUT} autoComplete="off" />
      </FormField>
      <FormField label="Website" {...field(f.website_url)} description="Optional, starting with https://">
        <input
          {...getInputProps(f.website_url, { type: "url" })}
          key={f.website_url.key}
          className={INPUT}
          autoComplete="off"
          inputMode="url"
          placeholder="https://"
        />
      </FormField>
      <ImageUpload
        label="Logo"
        fileName="logo_file"
        urlName="logo_url"
        currentUrl={String(f.logo_url.initialValue ?? "")}
        error={f.logo_url.errors?.[0]}
        shape="square"
      />
      {actions(editing)}
    </Form>
  );
}
