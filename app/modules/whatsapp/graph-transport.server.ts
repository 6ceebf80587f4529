import type { Logger } from "pino";
import type { Config } from "~/config.server";
import type { WhatsAppConfig } from "~/config-whatsapp";
import { metaWords, PermanentWhatsAppError, WhatsAppAccountError, whatsappErrorFor } from "./graph-errors";
import { type Clock, createPacer } from "./pacing";
import { type WhatsAppPayload, whatsappPayloadSchema } from "./payload";

// The error kinds live in graph-errors.ts (pure, for the webhook's failed statuses too); the outbox
// imports them from here, beside the transport that throws them.
export { PermanentWhatsAppError, WhatsAppAccountError, whatsappErrorFor } from "./graph-errors";

/** What the transport logs through (ids and Meta's codes only: never a number, a text or the token). */
type WhatsAppLog = Pick<Logger, "info" | "warn" | "error">;

// Sending one WhatsApp message through Meta's Cloud API with plain fetch: POST
// <graph URL>/<phone number id>/messages with the access token as a bearer token. What Meta
// answers is sorted into the three kinds of graph-errors.ts (permanent, with or without an SMS
// in its place; the account; transient), which the outbox treats as it treats an SMS provider's.
// Meta's answer says only that it took the message: "delivered", "read" and most failures for
// the person (not on WhatsApp, 131026) come later, as statuses on the webhook.
// The transport keeps Meta's pace itself (pacing.ts): a gap between two messages to one number
// (6 seconds by default; the server asks for 1, server/outbox.server.ts), some 80 a second in all.

type WhatsAppMessage = {
  /** the outbox row id */
  id: string;
  /** E.164, e.g. +2348031234567 */
  to: string;
  payload: WhatsAppPayload;
};

type WhatsAppSent = {
  /** Meta's message id (wamid.…), which the webhook's statuses name */
  providerId: string;
};

export type WhatsAppTransport = {
  /** Resolves once Meta took the message; throws one of graph-errors.ts's kinds otherwise. */
  send: (message: WhatsAppMessage) => Promise<WhatsAppSent>;
};

type TransportOptions = {
  /** how long one request may take before it counts as a transient failure */
  timeoutMs?: number;
  /** the least time between two messages to one number (Meta's pair rate limit) */
  minGapPerNumberMs?: number;
  /** the most requests started per second (the business number's throughput) */
  maxPerSecond?: number;
  /** the clock the pacing reads and waits on (tests) */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_GAP_PER_NUMBER_MS = 6_000;
const DEFAULT_MAX_PER_SECOND = 80;
/** The codes of Meta's rate limits, logged as a warning: a sign the pacing is too fast for this number. */
const RATE_LIMITS = new Set([4, 80007, 130429, 131048, 131056]);

export function createWhatsAppTransport(config: WhatsAppConfig, log: WhatsAppLog, options: TransportOptions = {}): WhatsAppTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = `${config.graphUrl}/${config.phoneNumberId}/messages`;
  const clock: Clock | undefined =
    options.now || options.sleep
      ? {
          now: options.now ?? (() => Date.now()),
          sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
        }
      : undefined;
  const pacer = createPacer({
    minGapPerKeyMs: options.minGapPerNumberMs ?? DEFAULT_GAP_PER_NUMBER_MS,
    maxPerSecond: options.maxPerSecond ?? DEFAULT_MAX_PER_SECOND,
    clock,
  });
  const headers = {
    Authorization: `Bearer ${config.accessToken}`,
    Accept: "application/json",
    "Content-Type": "application/json",
  };

  return {
    send: async (message) => {
      const payload = assertSendable(message);
      const to = message.to.slice(1);
      // The fixed fields last, so nothing in a stored payload can redirect it.
      const body = JSON.stringify({ ...payload, messaging_product: "whatsapp", recipient_type: "individual", to });
      return pacer.run(to, async () => {
        const answer = await post(url, timeoutMs, headers, body);
        const data = parseJson(answer.text) as { messages?: unknown; error?: unknown } | undefined;
        if (answer.status >= 200 && answer.status <= 299) return { providerId: messageId(data?.messages) };
        const code = metaCode(data?.error);
        if (code !== undefined && RATE_LIMITS.has(code))
          log.warn({ whatsappId: message.id, code }, "Meta refused a WhatsApp message for a rate limit; it will be retried");
        throw graphError(answer.status, data?.error, answer.text);
      });
    },
  };
}

/** The last check before a message leaves: one E.164 number, and a payload Meta accepts. */
function assertSendable(message: WhatsAppMessage): WhatsAppPayload {
  if (!/^\+[1-9]\d{6,14}$/.test(message.to))
    throw new PermanentWhatsAppError("The number is not an international phone number; not sent", { fallbackToSms: false });
  const checked = whatsappPayloadSchema.safeParse(message.payload);
  if (checked.success) return checked.data;
  // The path and zod's words name the part, never its content.
  const issue = checked.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "the message";
  throw new PermanentWhatsAppError(`The WhatsApp message is not one Meta accepts (${where}: ${issue?.message ?? "not valid"}); not sent`, {
    fallbackToSms: true,
  });
}

/** Meta's message id from a 2xx answer's messages[0].id. */
function messageId(messages: unknown): string {
  const first = Array.isArray(messages) ? (messages[0] as { id?: unknown } | undefined) : undefined;
  const id = typeof first?.id === "string" ? first.id : "";
  if (!/^[\w.:=+/-]{1,256}$/.test(id)) throw new Error("WhatsApp accepted the message but gave no message ID");
  return id;
}

/** The code of Meta's error object, when it has one. */
function metaCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "number" && Number.isInteger(code) ? code : undefined;
}

/** A refusal: Meta's error object ({ message, type, code, error_subcode, error_data: { details } }) when there is one. */
function graphError(status: number, error: unknown, text: string): Error {
  const e = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const code = metaCode(error);
  const details = (e.error_data as { details?: unknown } | undefined)?.details;
  const words = typeof details === "string" ? details : typeof e.message === "string" ? e.message : "";
  if (status === 401) {
    const sorted = code === undefined ? undefined : whatsappErrorFor(code, words);
    if (sorted instanceof WhatsAppAccountError) return sorted;
    return new WhatsAppAccountError(
      `Meta refused the access token (HTTP 401): check WHATSAPP_ACCESS_TOKEN${code ? ` (${code})` : ""}`,
      code,
    );
  }
  // "Unsupported post request. Object with ID … does not exist": the phone number ID is wrong,
  // or the token's system user was not given that number.
  if (code === 100 && e.error_subcode === 33)
    return new WhatsAppAccountError(
      "Meta knows no phone number with this ID that the token may use: check WHATSAPP_PHONE_NUMBER_ID and the token's assets (100)",
      code,
    );
  if (code !== undefined) return whatsappErrorFor(code, words);
  if (status === 403) return new WhatsAppAccountError("Meta refused access (HTTP 403): check WHATSAPP_ACCESS_TOKEN's permissions");
  if (status === 429) return new Error("WhatsApp is limiting how fast messages go (HTTP 429)");
  const said = metaWords(text);
  return new Error(`WhatsApp could not send it now (HTTP ${status})${said ? `: ${said}` : ""}`);
}

type Answer = { status: number; text: string };

/** One POST with a deadline; no answer (refused, reset, timed out) is a transient failure. */
async function post(url: string, timeoutMs: number, headers: Record<string, string>, body: string): Promise<Answer> {
  try {
    const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new Error(`WhatsApp (Meta) did not answer within ${Math.round(timeoutMs / 1000)} s`);
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new Error(`Could not reach WhatsApp (Meta)${typeof cause === "string" ? ` (${cause})` : ""}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type WhatsAppStatus = { kind: "cloud-api" | "off"; ok: boolean; detail: string };

type WhatsAppStatusConfig = Pick<Config, "whatsapp" | "nodeEnv" | "demo">;

/**
 * Whether WhatsApp messages can leave this server, read from the configuration alone, as
 * configuredSmsStatus for SMS. Off is no fault: WhatsApp is an extra channel. A Graph URL that
 * is not Meta's (a fake in tests) is a fault on a production site: no message reaches anyone.
 */
export function configuredWhatsAppStatus(config: WhatsAppStatusConfig): WhatsAppStatus {
  if (!config.whatsapp) return { kind: "off", ok: true, detail: "WhatsApp is off: WHATSAPP_ACCESS_TOKEN is not set" };
  const production = config.nodeEnv === "production" && !config.demo;
  const url = new URL(config.whatsapp.graphUrl);
  if (url.hostname !== "graph.facebook.com" || url.protocol !== "https:")
    return {
      kind: "cloud-api",
      ok: !production,
      detail: `WHATSAPP_GRAPH_URL is not Meta's (https://graph.facebook.com): WhatsApp messages go to ${url.host}`,
    };
  const version = url.pathname.replace(/^\/+|\/+$/g, "");
  return { kind: "cloud-api", ok: true, detail: `Meta's WhatsApp Cloud API${version ? ` ${version}` : ""} (WHATSAPP_ACCESS_TOKEN is set)` };
}
