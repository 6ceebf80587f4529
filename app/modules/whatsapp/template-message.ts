import type { WhatsAppPayload } from "./payload";

// A template message as the Cloud API takes it (docs/WHATSAPP.md lists each template's text):
// its name and language, a header (the ticket's image or the certificate's PDF), the body's
// numbered parameters in order, and the dynamic end of its URL button. Meta refuses a parameter
// that is empty or holds a line break, a tab or more than four spaces in a row (error 132018),
// so every value is put on one line here, whatever an organiser or a registrant typed.

type Header = { image: string } | { document: string; filename: string };

export type TemplateParts = {
  name: string;
  /** Meta's language code of the approved translation, e.g. "en" or "ha" */
  language: string;
  header?: Header;
  body: readonly string[];
  /** the end of the URL button's address, after the fixed part submitted with the template */
  urlSuffix?: string;
};

/** One template parameter: one line, single spaces, never empty (Meta refuses both). */
function templateText(value: string): string {
  const line = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return line === "" ? "-" : line.slice(0, 1000);
}

export function templateMessage(parts: TemplateParts): WhatsAppPayload {
  const components: Record<string, unknown>[] = [];
  if (parts.header && "image" in parts.header)
    components.push({ type: "header", parameters: [{ type: "image", image: { link: parts.header.image } }] });
  if (parts.header && "document" in parts.header)
    components.push({
      type: "header",
      parameters: [{ type: "document", document: { link: parts.header.document, filename: parts.header.filename } }],
    });
  components.push({ type: "body", parameters: parts.body.map((value) => ({ type: "text", text: templateText(value) })) });
  if (parts.urlSuffix !== undefined)
    components.push({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: parts.urlSuffix }] });
  return { type: "template", template: { name: parts.name, language: { code: parts.language }, components } } as WhatsAppPayload;
}
