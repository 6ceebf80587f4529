import type { i18n } from "i18next";
import type { Messages } from "~/i18n/i18n";

/** The id of the JSON element /register's script reads its messages from. */
export const REGISTER_MESSAGES_ID = "register-messages";

/**
 * What register-page-script.ts says in the browser: the forms' field messages
 * and the Local Government picker's words, in the page's language only.
 */
export function scriptMessages(instance: i18n): Messages {
  const language = instance.language;
  const register = instance.getResource(language, "public", "register.lga") as Record<string, unknown> | undefined;
  const common = (key: string) => (instance.getResource(language, "common", key) as Record<string, unknown> | undefined) ?? {};
  return { common: { validation: common("validation"), errors: common("errors") }, public: { register: { lga: register ?? {} } } };
}
