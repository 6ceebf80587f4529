import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "~/config.server";

/** What the transport logs through (ids only: never a number or a text). */
type SmsLog = Pick<Logger, "info" | "warn" | "error">;

// Sending one SMS through Africa's Talking or Termii with plain fetch (docs/decisions/017-sms.md),
// or into DATA_DIR/sms when SMS_PROVIDER is unset. What a provider answers is sorted into three
// kinds, which the outbox treats differently:
// - PermanentSmsError: this message can never go (invalid number, DND, blacklisted): failed at once;
// - SmsAccountError (SmsBalanceError among them): no message can go until someone acts (top up,
//   fix the key or the sender ID): the whole SMS channel pauses;
// - any other Error: transient (timeout, 5xx, a gateway's hiccup): retried with back-off.
// Error messages are short and organiser-readable, and never carry the number or the text:
// the worker logs them.

type SmsMessage = {
  /** the outbox row id */
  id: string;
  /** E.164, e.g. +2348031234567 */
  to: string;
  text: string;
};

type SmsSent = {
  providerId: string;
  /** the provider's own words, e.g. "NGN 2.2000" (Africa's Talking; Termii does not say per message) */
  cost?: string;
};

/** This message can never be sent as it is: never retried. The message says why, for an organiser. */
export class PermanentSmsError extends Error {
  override name = "PermanentSmsError";
}

/**
 * The provider account cannot send any message until someone acts: a wrong API key or username,
 * a sender ID the provider refuses, a deactivated account. Retrying each message would only fail
 * each one; the SMS channel pauses instead, and the message says what to fix.
 */
export class SmsAccountError extends Error {
  override name = "SmsAccountError";
}

/** The account's credit is used up: the SMS channel pauses until it is topped up. */
export class SmsBalanceError extends SmsAccountError {
  override name = "SmsBalanceError";
}

export type SmsTransport = {
  kind: "africastalking" | "termii" | "file";
  /** Resolves once the provider accepted the message (or the file is written); throws one of the kinds above otherwise. */
  send: (message: SmsMessage) => Promise<SmsSent>;
  close?: () => void;
};

export type SmsConfig = Pick<
  Config,
  | "dataDir"
  | "smsProvider"
  | "africastalkingUsername"
  | "africastalkingApiKey"
  | "africastalkingSenderId"
  | "africastalkingSmsUrl"
  | "termiiApiKey"
  | "termiiSenderId"
  | "termiiBaseUrl"
>;

type TransportOptions = {
  /** how long one request may take before it counts as a transient failure */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** Where SMS go without SMS_PROVIDER: one JSON file per message. */
export function smsFileOutboxDir(dataDir: string): string {
  return path.join(dataDir, "sms");
}

/** The configured provider's transport, or the local file outbox when SMS_PROVIDER is unset. */
export function createSmsTransport(config: SmsConfig, log: SmsLog, options: TransportOptions = {}): SmsTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (config.smsProvider === "africastalking") {
    const { africastalkingUsername: username, africastalkingApiKey: apiKey } = config;
    if (!username || !apiKey) throw new Error("SMS_PROVIDER=africastalking needs AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY");
    return africastalkingTransport({
      url: config.africastalkingSmsUrl,
      username,
      apiKey,
      senderId: config.africastalkingSenderId,
      timeoutMs,
    });
  }
  if (config.smsProvider === "termii") {
    const { termiiApiKey: apiKey, termiiSenderId: senderId } = config;
    if (!apiKey || !senderId) throw new Error("SMS_PROVIDER=termii needs TERMII_API_KEY and TERMII_SENDER_ID");
    return termiiTransport({ baseUrl: config.termiiBaseUrl, apiKey, senderId, timeoutMs });
  }
  return fileTransport(smsFileOutboxDir(config.dataDir), log);
}

/** The last check before a message leaves, as assertBareRecipient for e-mail: one E.164 number and some text. */
function assertSendable(message: SmsMessage): void {
  if (!/^\+[1-9]\d{6,14}$/.test(message.to)) throw new PermanentSmsError("The number is not an international phone number; not sent");
  if (message.text.trim() === "") throw new PermanentSmsError("The message is empty; not sent");
}

// ── Africa's Talking ──

type AfricasTalkingOptions = { url: string; username: string; apiKey: string; senderId: string | undefined; timeoutMs: number };

/** Per-recipient status codes of the messaging API (statusCode in SMSMessageData.Recipients). */
const AT_ACCEPTED = new Set([100, 101, 102]); // Processed, Sent, Queued
const AT_PERMANENT: Record<number, string> = {
  401: "Held by Africa's Talking's risk checks (RiskHold); ask their support",
  403: "Not a valid phone number (InvalidPhoneNumber)",
  404: "This type of number cannot receive SMS (UnsupportedNumberType)",
  406: "The number has blocked messages from this sender (UserInBlacklist)",
  409: "Do not disturb (DND) is on for this number (DoNotDisturbRejection)",
};

function africastalkingTransport(options: AfricasTalkingOptions): SmsTransport {
  return {
    kind: "africastalking",
    send: async (message) => {
      assertSendable(message);
      const body = new URLSearchParams({ username: options.username, to: message.to, message: message.text });
      if (options.senderId) body.set("from", options.senderId);
      const response = await post("Africa's Talking", options.url, options.timeoutMs, {
        headers: { apiKey: options.apiKey, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      if (response.status === 401)
        throw new SmsAccountError(
          "Africa's Talking refused the username or API key (HTTP 401): check AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY",
        );
      if (response.status < 200 || response.status > 299)
        throw new Error(`Africa's Talking answered HTTP ${response.status}${said(response.text)}`);
      const data = parseJson(response.text) as { SMSMessageData?: { Message?: unknown; Recipients?: unknown } } | undefined;
      const recipients = data?.SMSMessageData?.Recipients;
      const recipient = Array.isArray(recipients) ? (recipients[0] as Record<string, unknown> | undefined) : undefined;
      if (!recipient) return refusedWithoutRecipient(String(data?.SMSMessageData?.Message ?? response.text));
      return readRecipient(recipient);
    },
  };
}

function readRecipient(recipient: Record<string, unknown>): SmsSent {
  const code = Number(recipient.statusCode);
  const status = providerWords(String(recipient.status ?? ""));
  if (AT_ACCEPTED.has(code)) {
    const providerId = typeof recipient.messageId === "string" ? recipient.messageId : "";
    if (!providerId || providerId === "None") throw new Error(`Africa's Talking accepted the message (${status}) but gave no message ID`);
    const cost = typeof recipient.cost === "string" && recipient.cost !== "0" ? recipient.cost : undefined;
    return cost ? { providerId, cost } : { providerId };
  }
  if (code === 405) throw new SmsBalanceError("The Africa's Talking account has run out of credit (InsufficientBalance)");
  if (code === 402) throw new SmsAccountError("Africa's Talking refused the sender ID (InvalidSenderId): check AFRICASTALKING_SENDER_ID");
  const permanent = AT_PERMANENT[code];
  if (permanent) throw new PermanentSmsError(permanent);
  // 407 CouldNotRoute, 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway, and codes not known yet.
  throw new Error(`Africa's Talking could not send it now (${code || "no status code"} ${status})`.trim());
}

/** An answer whose Recipients list is empty: the SMSMessageData.Message names the reason for the whole request. */
function refusedWithoutRecipient(reason: string): never {
  if (/InsufficientBalance/i.test(reason))
    throw new SmsBalanceError("The Africa's Talking account has run out of credit (InsufficientBalance)");
  if (/InvalidSenderId/i.test(reason))
    throw new SmsAccountError("Africa's Talking refused the sender ID (InvalidSenderId): check AFRICASTALKING_SENDER_ID");
  if (/InvalidPhoneNumber/i.test(reason)) throw new PermanentSmsError(AT_PERMANENT[403] ?? "Not a valid phone number");
  throw new Error(`Africa's Talking named no recipient in its answer${said(reason)}`);
}

// ── Termii ──

type TermiiOptions = { baseUrl: string; apiKey: string; senderId: string; timeoutMs: number };

function termiiTransport(options: TermiiOptions): SmsTransport {
  const url = `${options.baseUrl}/api/sms/send`;
  return {
    kind: "termii",
    send: async (message) => {
      assertSendable(message);
      const response = await post("Termii", url, options.timeoutMs, {
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({
          api_key: options.apiKey,
          to: message.to.slice(1),
          from: options.senderId,
          sms: message.text,
          type: "plain",
          // The DND (transactional) route: tickets reach numbers with do-not-disturb on too.
          channel: "dnd",
        }),
      });
      const data = parseJson(response.text) as { message_id?: unknown; message?: unknown } | undefined;
      const providerId = data?.message_id === undefined || data.message_id === null ? "" : String(data.message_id);
      if (response.status >= 200 && response.status <= 299 && providerId) return { providerId };
      const reason = typeof data?.message === "string" ? data.message : response.text;
      throw termiiError(response.status, reason);
    },
  };
}

/** Termii says what went wrong in words (docs: "Common errors"), with the HTTP status beside them. */
function termiiError(status: number, reason: string): Error {
  if (status === 401) return new SmsAccountError("Termii refused the API key (HTTP 401): check TERMII_API_KEY");
  if (/insufficient|low balance|balance is (too )?low|top ?up|no (sms )?units/i.test(reason))
    return new SmsBalanceError("The Termii account has run out of credit (insufficient balance)");
  if (/sender ?id/i.test(reason))
    return new SmsAccountError("Termii refused the sender ID: check TERMII_SENDER_ID (it must be approved on the Termii dashboard)");
  if (/account is not active|deactivated|disabled|suspended/i.test(reason))
    return new SmsAccountError("The Termii account is not active: ask Termii's support");
  if (/not set up on this route/i.test(reason))
    return new PermanentSmsError("Termii is not set up to reach this number's country or network");
  if (/\bdnd\b|do.not.disturb/i.test(reason)) return new PermanentSmsError("Do not disturb (DND) is on for this number");
  if (/invalid .*(phone|number|recipient|destination)|(phone|number|recipient|destination).*(is )?invalid/i.test(reason))
    return new PermanentSmsError("Not a valid phone number");
  return new Error(`Termii could not send it now (HTTP ${status})${said(reason)}`);
}

// ── The local file outbox ──

function fileTransport(dir: string, log: SmsLog): SmsTransport {
  return {
    kind: "file",
    send: async (message) => {
      assertSendable(message);
      await mkdir(dir, { recursive: true });
      const fileName = `${new Date().toISOString().replace(/:/g, "-")}-${message.id}.json`;
      const file = path.join(dir, fileName);
      const content = `${JSON.stringify({ id: message.id, to: message.to, text: message.text }, null, 2)}\n`;
      // Write then rename, so a reader listing the folder never sees half a message.
      await writeFile(`${file}.tmp`, content, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      // The outbox id names the message; the number and the text stay out of the log.
      log.info({ smsId: message.id, file: fileName }, "SMS written to the local SMS outbox (SMS_PROVIDER is not set)");
      return { providerId: `file-${message.id}` };
    },
  };
}

// ── Shared ──

type Answer = { status: number; text: string };

/** One POST with a deadline; no answer (refused, reset, timed out) is a transient failure. */
async function post(
  provider: string,
  url: string,
  timeoutMs: number,
  init: { headers: Record<string, string>; body: BodyInit },
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new Error(`${provider} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new Error(`Could not reach ${provider}${typeof cause === "string" ? ` (${cause})` : ""}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** ": <the provider's words>" for an error message, or "". */
function said(text: string): string {
  const words = providerWords(text);
  return words ? `: ${words}` : "";
}

/**
 * A provider's own words, fit for an organiser's screen and the log: one line, at most 120
 * characters, and any run of digits long enough to be a phone number blotted out, in case the
 * provider echoed the recipient.
 */
function providerWords(text: string): string {
  const line = text
    .replace(/\+?\d[\d\s().-]{5,}\d/g, "…")
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

export type SmsStatus = { kind: "africastalking" | "termii" | "file"; ok: boolean; detail: string };

type SmsStatusConfig = Pick<Config, "smsProvider" | "nodeEnv" | "demo" | "africastalkingSmsUrl">;

/**
 * Whether SMS can leave this server, read from the configuration alone, as configuredMailStatus
 * for e-mail. Without SMS_PROVIDER, SMS are kept in DATA_DIR/sms: fine while developing, testing
 * or on the demo; on a production site it means no SMS reaches anyone, a fault. So is the
 * Africa's Talking sandbox in production: its messages reach only the simulator.
 */
export function configuredSmsStatus(config: SmsStatusConfig): SmsStatus {
  const production = config.nodeEnv === "production" && !config.demo;
  if (config.smsProvider === "africastalking") {
    if (new URL(config.africastalkingSmsUrl).hostname === "api.sandbox.africastalking.com")
      return {
        kind: "africastalking",
        ok: !production,
        detail: "Africa's Talking sandbox: SMS reach only its simulator, no phone",
      };
    return { kind: "africastalking", ok: true, detail: "Africa's Talking (SMS_PROVIDER is set)" };
  }
  if (config.smsProvider === "termii") return { kind: "termii", ok: true, detail: "Termii (SMS_PROVIDER is set)" };
  if (production) return { kind: "file", ok: false, detail: "SMS_PROVIDER is not set: SMS are only kept in DATA_DIR/sms" };
  return { kind: "file", ok: true, detail: "Local SMS outbox: SMS_PROVIDER is not set, SMS are kept in DATA_DIR/sms" };
}
