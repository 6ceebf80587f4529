import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CHECK_IN_LIST_NAME_MAX, CHECK_IN_LIST_RULES } from "~/db/schema/check-in-lists";
import { FormField } from "~/ui/form-field";
import { BUTTON, INPUT } from "~/ui/styles";
import { Switch } from "~/ui/switch";
import type { CheckInListRow } from "./lists-overview.server";
import { checkInListSchema, QUANTITY_MAX, RULE_LABELS } from "./schemas";

// Add or edit a check-in list (Event Operations): a plain form post that works without
// JavaScript, checked by the same schema in the browser; refused, it comes back with what was
// typed. Emptied after a list is added (the page answers with a redirect, which keeps a form
// that is not reloaded as it was).

export function CheckInListForm({
  list,
  lastResult,
  action,
  cancelHref,
}: {
  /** the list being edited; none: a new one */
  list: CheckInListRow | null;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelHref: string;
}) {
  const intent = list ? "list-update" : "list-create";
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: list ? `check-in-list-${list.id}` : "check-in-list-new",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: list
      ? {
          name: list.name,
          translations: { ha: { name: list.nameHa } },
          rule: list.rule,
          requires_entrance: list.requiresEntrance ? "on" : undefined,
          quantity: list.quantity === null ? "" : String(list.quantity),
        }
      : { rule: "once" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkInListSchema }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  useEffect(() => {
    if (pending) {
      sending.current = true;
      return;
    }
    if (!sending.current || navigation.state !== "idle") return;
    sending.current = false;
    if (!list && lastResult?.status !== "error") formRef.current?.reset();
  }, [pending, navigation.state, lastResult, list]);
  const hausa = fields.translations.getFieldset().ha?.getFieldset().name;
  return (
    <Form ref={formRef} method="post" action={action} {...getFormProps(form)} className="space-y-3" aria-labelledby={`${form.id}-title`}>
      <h3 id={`${form.id}-title`} className="text-base font-semibold text-gray-900">
        {list ? `Edit “${list.name}”` : "Add a list"}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {list ? <input type="hidden" name="id" value={list.id} /> : null}
      {form.errors?.[0] ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Name"
          required
          id={fields.name.id}
          errorId={fields.name.errorId}
          error={fields.name.errors?.[0]}
          description="As the door and the answer card say it: “Lunch”, “Conference kit”, “Day 2”."
        >
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            maxLength={CHECK_IN_LIST_NAME_MAX * 2}
            autoComplete="off"
            className={INPUT}
          />
        </FormField>
        {hausa ? (
          <FormField
            label="Name in Hausa (optional)"
            id={hausa.id}
            errorId={hausa.errorId}
            error={hausa.errors?.[0]}
            description="What a door working in Hausa shows; left empty, it shows the English name."
          >
            <input {...getInputProps(hausa, { type: "text" })} key={hausa.key} lang="ha" autoComplete="off" className={INPUT} />
          </FormField>
        ) : null}
        <FormField label="How often" id={fields.rule.id} errorId={fields.rule.errorId} error={fields.rule.errors?.[0]}>
          <select {...getSelectProps(fields.rule)} key={fields.rule.key} className={INPUT}>
            {CHECK_IN_LIST_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {RULE_LABELS[rule]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Quantity (optional)"
          id={fields.quantity.id}
          errorId={fields.quantity.errorId}
          error={fields.quantity.errors?.[0]}
          description="How many there are, e.g. 200 kits: the door counts down and says when none are left. For a list given once each day, how many each day (e.g. 300 lunches a day). Empty: no limit."
        >
          <input
            {...getInputProps(fields.quantity, { type: "number" })}
            key={fields.quantity.key}
            min={0}
            max={QUANTITY_MAX}
            inputMode="numeric"
            className={INPUT}
          />
        </FormField>
      </div>
      <Switch
        {...getInputProps(fields.requires_entrance, { type: "checkbox" })}
        key={fields.requires_entrance.key}
        id={fields.requires_entrance.id}
        label="Only after the entrance"
        description="Give only to people already checked in at the entrance (a kit for those who came, not for a friend's ticket)."
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={BUTTON.primary}>
          {pending ? "Saving…" : list ? "Save list" : "Add list"}
        </button>
        {list ? (
          <Link to={cancelHref} preventScrollReset className={BUTTON.secondary}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
