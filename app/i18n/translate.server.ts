import type { TFunction } from "i18next";
import { RESOURCES } from "./catalogues.server";
import { createI18n, type Namespace } from "./i18n";
import { DEFAULT_LANGUAGE, type Language } from "./languages";

// The server's translator, for what is written outside React's tree or sent: e-mails, the
// calendar invite, badges, toasts, the busy page. One instance holds every language.
const server = createI18n(RESOURCES, DEFAULT_LANGUAGE);

export function translator(language: Language, namespace: Namespace = "public"): TFunction {
  return server.getFixedT(language, namespace);
}
