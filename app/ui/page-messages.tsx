import type { Messages } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { useNonce } from "./nonce";

/**
 * The messages a page's own script needs (a page served without React), written into the page as
 * JSON for its language only; the script reads them with readPageMessages (~/i18n/page-messages-reader.ts).
 */
export function PageMessages({ id, language, messages }: { id: string; language: Language; messages: Messages }) {
  // Data, never run; the nonce all the same, so every script element in the page carries one.
  const nonce = useNonce();
  // "<" escaped: the JSON cannot close the script element, whatever a message says.
  const json = JSON.stringify({ language, messages }).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own catalogue, "<" escaped above
  return <script type="application/json" id={id} nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
