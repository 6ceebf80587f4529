import { useTranslation } from "react-i18next";
import { FormField } from "~/ui/form-field";
import { INPUT } from "~/ui/styles";
import { GENDERS } from "./gender";
import { allLgaOptionsHtml, lgaTexts } from "./lga-picker";
import { NIGERIA_STATES } from "./nigeria";

// The person's details as a plain form: the registration form's fields and words, filled with
// what is on file (or what was typed, after an error). Server-rendered, no script needed: the
// local government list holds every state's LGAs in groups, as registration's does without
// JavaScript. Used by "Correct my details", the organisers' Edit details and the door's walk-in form.

export type DetailsFieldValues = Record<string, string>;

export function DetailsFields({
  values,
  errors = {},
  withEmail = false,
  emailRequired = true,
  placeRequired = false,
}: {
  values: DetailsFieldValues;
  errors?: Record<string, readonly string[] | undefined>;
  /** the organisers' form: the address too */
  withEmail?: boolean;
  /** false for a USSD registration or a walk-in, who may have none */
  emailRequired?: boolean;
  /** the state and local government required (a walk-in: the door asks for both) */
  placeRequired?: boolean;
}) {
  const { t } = useTranslation("public");
  const field = (name: string) => ({
    id: `details-${name}`,
    errorId: `details-${name}-error`,
    error: errors[name]?.[0],
  });
  const control = (name: string) => ({
    id: `details-${name}`,
    name,
    defaultValue: values[name] ?? "",
    className: INPUT,
    "aria-invalid": errors[name]?.[0] ? true : undefined,
    "aria-describedby": errors[name]?.[0] ? `details-${name}-error` : undefined,
  });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label={t("register.fields.fullName")} required {...field("fullName")}>
        <input type="text" autoComplete="name" maxLength={120} required {...control("fullName")} />
      </FormField>
      {withEmail ? (
        <FormField label={t("register.fields.email")} required={emailRequired} {...field("email")}>
          <input type="email" autoComplete="off" inputMode="email" required={emailRequired} {...control("email")} />
        </FormField>
      ) : null}
      <FormField label={t("register.fields.phone")} required {...field("phone")}>
        <input type="tel" autoComplete="tel" required {...control("phone")} />
      </FormField>
      <FormField label={t("register.fields.gender")} required {...field("gender")}>
        <select required {...control("gender")}>
          <option value="">{t("register.placeholders.gender")}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`register.genders.${gender}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t("register.fields.organization")} {...field("organization")}>
        <input type="text" autoComplete="organization" maxLength={160} {...control("organization")} />
      </FormField>
      <FormField label={t("register.fields.position")} {...field("position")}>
        <input type="text" autoComplete="organization-title" maxLength={120} {...control("position")} />
      </FormField>
      <FormField label={t("register.fields.state")} required={placeRequired} {...field("state")}>
        <select required={placeRequired} {...control("state")}>
          <option value="">{t("register.placeholders.state")}</option>
          {NIGERIA_STATES.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t("register.fields.localGovernment")} required={placeRequired} {...field("localGovernment")}>
        <select
          required={placeRequired}
          {...control("localGovernment")}
          defaultValue={undefined}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own list, escaped, written once (lga-picker.ts)
          dangerouslySetInnerHTML={{ __html: allLgaOptionsHtml(lgaTexts(t), values.localGovernment ?? "") }}
        />
      </FormField>
    </div>
  );
}
