import { readFileSync } from "node:fs";
import path from "node:path";
import type { Resource } from "i18next";
import { createI18n } from "../../app/i18n/i18n";
import { translateMessage } from "../../app/i18n/message-key";

// Read with fs, not imported: Playwright's loader (plain Node ESM) refuses a JSON import without
// an import attribute, which the app's bundlers (Vite, vitest, tsx) do not need.
const catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../app/i18n/locales/en.json"), "utf8")) as Resource[string];
const t = createI18n({ en: catalogue }, "en").t;

/** A module's message (a catalogue key, ~/i18n/message-key.ts) as an English reader sees it. */
export function english(message: string): string {
  return translateMessage(t, message);
}
