import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { SOURCE_NAME_MAX } from "~/db/outreach-codes";
import { FormField } from "~/ui/form-field";
import { PlusIcon } from "~/ui/icons";
import { BUTTON, INPUT } from "~/ui/styles";
import { createSourceSchema } from "./schemas";

// "New source": a name is all it takes; the code, the link, its QR code and the posters follow.
// A plain form post (works without JavaScript); with it, the name is checked as it is typed, and
// the field is emptied once the source is created (the page answers with a redirect, which keeps
// what was typed on a page that is not reloaded: a second press then said the name existed).

export function NewSourceForm({ lastResult, action }: { lastResult: SubmissionResult<string[]> | undefined; action: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "new-source",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSourceSchema }),
  });
  const name = fields.name;
  const formRef = useRef<HTMLFormElement>(null);
  const creating = useRef(false);
  useEffect(() => {
    if (pending) {
      creating.current = true;
      return;
    }
    if (!creating.current || navigation.state !== "idle") return;
    creating.current = false;
    // Refused, the answer is a result with its errors and the name stays to be corrected.
    if (lastResult?.status !== "error") formRef.current?.reset();
  }, [pending, navigation.state, lastResult]);
  return (
    <section aria-labelledby="new-source-title" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="new-source-title" className="text-base font-semibold text-gray-900">
        New source
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        One for each place you spread the word: a radio announcement, a poster in one LGA, a partner's post. Each gets a short link that is
        easy to read out, its QR code and a printable poster.
      </p>
      <Form
        ref={formRef}
        method="post"
        action={action}
        {...getFormProps(form)}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <input type="hidden" name="intent" value="create" />
        <div className="flex-1">
          <FormField
            label="Name"
            required
            id={name.id}
            errorId={name.errorId}
            error={name.errors?.[0] ?? form.errors?.[0]}
            description={`For example “Radio Gusau — morning show” or “Poster — Talata Mafara”. At most ${SOURCE_NAME_MAX} characters.`}
          >
            <input
              {...getInputProps(name, { type: "text" })}
              key={name.key}
              maxLength={SOURCE_NAME_MAX * 2}
              autoComplete="off"
              className={INPUT}
            />
          </FormField>
        </div>
        <button type="submit" disabled={pending} className={`${BUTTON.primary} sm:mt-6.5`}>
          <PlusIcon className="h-4 w-4" />
          {pending ? "Creating…" : "Create link"}
        </button>
      </Form>
    </section>
  );
}
