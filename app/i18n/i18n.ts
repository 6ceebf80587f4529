import { createInstance, type i18n, type Resource } from "i18next";
import { DEFAULT_LANGUAGE, type Language } from "./languages";

// One i18next instance per language and set of namespaces, built from the messages the root
// loader sent: the same on the server and in the browser, so the hydrated page says what the
// server said. The browser receives only the active language's namespaces, never the others.

export const NAMESPACES = ["common", "public", "mail", "door"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Messages = Partial<Record<Namespace, Record<string, unknown>>>;

const instances = new Map<string, i18n>();

export function i18nFor(language: Language, messages: Messages): i18n {
  const key = `${language}:${Object.keys(messages).sort().join(",")}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = createI18n({ [language]: messages as Resource[string] }, language);
    instances.set(key, instance);
  }
  return instance;
}

export function createI18n(resources: Resource, language: Language): i18n {
  const instance = createInstance();
  // Synchronous: every message is already here, so the first render is already translated.
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    ns: [...NAMESPACES],
    defaultNS: "public",
    fallbackNS: "common",
    initAsync: false,
    // React escapes what it renders; e-mails' plain text must not carry HTML entities.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
