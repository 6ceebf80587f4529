// Schemas run in the browser and on the server, in no particular language: a rule's message is a
// catalogue key (in the `common` namespace unless it names another), with its values after a "|"
// as JSON: `validation.tooLong|{"max":120}`. Whoever shows it translates it in the reader's language.

/** What translates a key: i18next's `t`, or a page script's own (page-messages-reader.ts). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

// An optional namespace first (`door:checkin.forged`): the door's messages are its own.
const KEY = /^(?:[a-z]+:)?[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/;

export function messageKey(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

/** A message for the reader: a key made by messageKey translated, any other text as it is. */
export function translateMessage(t: Translate, message: string): string {
  const bar = message.indexOf("|");
  const key = bar === -1 ? message : message.slice(0, bar);
  if (!KEY.test(key)) return message;
  let values: Record<string, unknown> = {};
  if (bar !== -1) {
    try {
      values = JSON.parse(message.slice(bar + 1)) as Record<string, unknown>;
    } catch {
      return message;
    }
  }
  return t(key, { ns: "common", ...values });
}
