// What Meta's error codes mean for the outbox (developers.facebook.com, WhatsApp "Error codes"),
// sorted into the same three kinds as an SMS provider's answers (modules/sms/transport.server.ts):
// - PermanentWhatsAppError: this message can never go on WhatsApp: failed at once, never retried;
//   `fallbackToSms` says whether the same news should go by SMS instead (not on WhatsApp, a
//   template problem, outside the 24-hour window, Meta chose not to deliver);
// - WhatsAppAccountError: no message can go until someone acts (the token, a permission, payment,
//   the number's registration): the whole WhatsApp channel pauses;
// - any other Error: transient (rate limits, Meta's hiccups): retried with back-off.
// The same codes come back two ways: in the answer to the send, and later in a "failed" status
// on the webhook; whatsappErrorFor sorts both. Messages are short, organiser-readable, end with
// Meta's code in parentheses, and never carry the number, the token or the message's text.
// Pure (no I/O), so the webhook's route and the transport share it.

/** This message can never go on WhatsApp. The message says why, for an organiser. */
export class PermanentWhatsAppError extends Error {
  override name = "PermanentWhatsAppError";
  /** Meta's error code; undefined when the message was refused before it reached Meta */
  readonly code: number | undefined;
  /** whether the same news should go by SMS instead (the person may well have a phone without WhatsApp) */
  readonly fallbackToSms: boolean;

  constructor(message: string, options: { code?: number; fallbackToSms: boolean }) {
    super(message);
    this.code = options.code;
    this.fallbackToSms = options.fallbackToSms;
  }
}

/**
 * The WhatsApp Business account cannot send any message until someone acts. Retrying each
 * message would only fail each one; the channel pauses instead, and the message says what to fix.
 * Independent of SmsAccountError: the two channels pause apart.
 */
export class WhatsAppAccountError extends Error {
  override name = "WhatsAppAccountError";
  readonly code: number | undefined;

  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}

type Kind = "fallback" | "permanent" | "account" | "transient";

const MANAGER = "see the WhatsApp Manager";
const TOKEN = "check WHATSAPP_ACCESS_TOKEN";

const KNOWN: Record<number, [Kind, string]> = {
  // The person cannot get this message on WhatsApp: SMS can still reach them.
  131026: ["fallback", "Not on WhatsApp: this number has no WhatsApp account"],
  131047: ["fallback", "More than 24 hours since this person last wrote: only an approved template can reach them"],
  131049: ["fallback", "Meta chose not to deliver this message (it limits how many business messages one person gets)"],
  131050: ["fallback", "This person has stopped marketing messages from this business"],
  131051: ["fallback", "WhatsApp does not support this type of message"],
  130472: ["fallback", "Meta held this message back: the number is part of a WhatsApp experiment"],
  // Our message is malformed: a fault to fix, but the person still gets the news by SMS.
  100: ["fallback", "Meta refused a part of the message as not valid"],
  131008: ["fallback", "Meta found a required part of the message missing"],
  131009: ["fallback", "Meta refused a part of the message as not valid"],
  132000: ["fallback", "The template's parameters do not match its approved text (not as many)"],
  132001: ["fallback", `The template does not exist in this language or is not approved yet: ${MANAGER}`],
  132005: ["fallback", "The template's text is too long once its parameters are filled in"],
  132007: ["fallback", "Meta refused the template's text under its formatting policy"],
  132012: ["fallback", "A template parameter is not in the format the template expects"],
  132015: ["fallback", `Meta paused the template for low quality: ${MANAGER}`],
  132016: ["fallback", `Meta disabled the template for low quality: ${MANAGER}`],
  132068: ["fallback", "The template's flow is blocked"],
  132069: ["fallback", "The template's flow is throttled"],
  131021: ["permanent", "This is the site's own WhatsApp number: it cannot message itself"],
  // The account: nothing goes until someone acts.
  0: ["account", `Meta refused the access token: ${TOKEN}`],
  3: ["account", `The access token may not send WhatsApp messages: ${TOKEN} (it needs whatsapp_business_messaging)`],
  10: ["account", `Permission denied: ${TOKEN} (its system user needs whatsapp_business_messaging for this number)`],
  190: ["account", `The WhatsApp access token has expired or is not valid: ${TOKEN}`],
  131005: ["account", `Access denied: ${TOKEN} (its permissions)`],
  131031: ["account", `Meta has locked the WhatsApp Business account: ${MANAGER}`],
  131037: ["account", `The WhatsApp number's display name is not approved yet: ${MANAGER}`],
  131042: ["account", "WhatsApp payment problem: add or fix the payment method in the WhatsApp Manager"],
  131045: ["account", "The WhatsApp number's certificate is not valid: register the number again"],
  133006: ["account", "The WhatsApp number needs verifying again before it can send"],
  133010: ["account", "The WhatsApp number is not registered with the Cloud API: register it (WHATSAPP_PHONE_NUMBER_ID)"],
  368: ["account", `Meta has blocked the WhatsApp Business account for a while for a policy violation: ${MANAGER}`],
  // Wait and try again.
  1: ["transient", "Meta's API had a problem"],
  2: ["transient", "Meta's API is unavailable for now"],
  4: ["transient", "Too many calls to Meta's API for now"],
  80007: ["transient", "The WhatsApp Business account hit Meta's rate limit for now"],
  130429: ["transient", "WhatsApp's limit of messages per second was reached"],
  131056: ["transient", "Too many messages to this number in a short time"],
  131048: ["transient", "Meta is limiting this WhatsApp number after spam reports"],
  131000: ["transient", "Something went wrong at WhatsApp"],
  131016: ["transient", "WhatsApp is unavailable for now"],
  131053: ["transient", "Meta could not fetch the picture or document from the site (is PUBLIC_URL reachable?)"],
  131057: ["transient", "The WhatsApp Business account is in maintenance"],
  133004: ["transient", "WhatsApp's server is unavailable for now"],
};

/**
 * What one of Meta's error codes means for the outbox, as an error to throw or store. `title`,
 * Meta's words (its error's message or a failed status's title), is shown only for a code not
 * known here; Meta advises against reading titles, and a known code says more.
 */
export function whatsappErrorFor(code: number | undefined, title?: string): PermanentWhatsAppError | WhatsAppAccountError | Error {
  const known = code === undefined ? undefined : KNOWN[code];
  if (code !== undefined && known) {
    const [kind, text] = known;
    const message = `${text} (${code})`;
    if (kind === "fallback" || kind === "permanent")
      return new PermanentWhatsAppError(message, { code, fallbackToSms: kind === "fallback" });
    if (kind === "account") return new WhatsAppAccountError(message, code);
    return new Error(message);
  }
  const words = title ? metaWords(title) : "";
  if (code !== undefined && code >= 132000 && code <= 132999)
    return new PermanentWhatsAppError(`Meta refused the template${words ? `: ${words}` : ""} (${code})`, { code, fallbackToSms: true });
  // 200-299: a permission of the Graph API the token lacks.
  if (code !== undefined && code >= 200 && code <= 299)
    return new WhatsAppAccountError(`The access token lacks a permission: ${TOKEN} (${code})`, code);
  const said = words ? `: ${words}` : "";
  return new Error(code === undefined ? `WhatsApp could not send it now${said}` : `WhatsApp could not send it now${said} (${code})`);
}

/**
 * Meta's own words, fit for an organiser's screen and the log: one line, at most 120 characters,
 * Meta's "(#131026) " prefix dropped, and any run of digits long enough to be a phone number
 * blotted out, in case an answer echoed the recipient.
 */
export function metaWords(text: string): string {
  const line = text
    .replace(/^\s*\(#\d+\)\s*/, "")
    .replace(/\+?\d[\d\s().-]{5,}\d/g, "…")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const characters = Array.from(line);
  return characters.length > 120 ? `${characters.slice(0, 119).join("")}…` : line;
}
