import { translateMessage } from "~/i18n/message-key";
import { translator } from "~/i18n/translate.server";

/** A module's message (a catalogue key, ~/i18n/message-key.ts) as an English reader sees it. */
export function english(message: string): string {
  return translateMessage(translator("en", "common"), message);
}
