import { createHmac, randomBytes } from "node:crypto";
import { listen, postTo, reply, waiter } from "./fake-sms-server";

// A fake of Meta's Graph API for WhatsApp on loopback, for vitest, Playwright and the benchmarks:
// POST /<version>/<phone number id>/messages with a bearer token, answered as Meta answers (a
// wamid, or Meta's error object), and, when it knows the site's webhook URL and the app secret,
// the status webhooks Meta posts afterwards, signed with X-Hub-Signature-256: "sent" then
// "delivered", or "failed" with 131026 for a number not on WhatsApp (Meta takes such a message,
// answers 200, and reports the failure only by webhook). The builders below make the bodies of
// Meta's other posts (a person writing, tapping a button) for a test to post itself.
// No app module is imported, so vitest, Playwright and the benchmarks can all start it.

const FAKE_PHONE_NUMBER_ID = "106540352242922";
/** A status the site did not answer 200 is posted again, as Meta does, this many times in all, this far apart. */
const RETRIES = 5;
const RETRY_AFTER_MS = 250;
const GRAPH_VERSION = "v23.0";
const WABA_ID = "102290129340398";
const DISPLAY_NUMBER = "2348000000000";

/** A refusal Meta answers synchronously: HTTP status (400 unless said) and Meta's code. */
type FakeGraphError = { status?: number; code: number; message?: string; subcode?: number };

type FakeGraphRequest = { path: string; authorization: string | undefined; body: unknown };

type FakeGraphMessage = {
  /** the wamid answered */
  providerId: string;
  /** digits, as the request's `to` */
  to: string;
  body: Record<string, unknown>;
  receivedAt: number;
};

type FakeGraphWebhook = { body: unknown; status: number };

export type FakeGraph = {
  /** the Graph API base with its version, for WHATSAPP_GRAPH_URL */
  url: string;
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** every request, accepted or not */
  requests: FakeGraphRequest[];
  /** the messages accepted */
  messages: FakeGraphMessage[];
  /** the accepted messages' bodies, parsed */
  sent: () => Record<string, unknown>[];
  waitFor: (match: (message: FakeGraphMessage) => boolean, timeoutMs?: number) => Promise<FakeGraphMessage>;
  /** the status webhooks posted to the site, with the site's answers */
  webhooks: FakeGraphWebhook[];
  /** Resolves once every status webhook due so far has been posted. */
  idle: () => Promise<void>;
  setWebhookUrl: (url: string | undefined) => void;
  /** Numbers (E.164) taken with 200, then reported "failed" with 131026 by webhook. */
  setNotOnWhatsApp: (numbers: string[]) => void;
  /** Every message to `number` (E.164) is refused synchronously with `error`; null: accepted again. */
  setFailure: (number: string, error: FakeGraphError | null) => void;
  /** The next request gets this answer, whatever it asks (a body that is not a string is sent as JSON). */
  respondNext: (status: number, body: unknown) => void;
  /** The next request gets no answer at all (the client's timeout). */
  hangNext: () => void;
  /** Posts a webhook body to the site signed as Meta signs it; `signWith`: a forger's secret, or null for no signature. */
  postWebhook: (body: unknown, signWith?: string | null) => Promise<{ status: number; body: string }>;
  close: () => Promise<void>;
};

type Options = {
  accessToken?: string;
  phoneNumberId?: string;
  appSecret?: string;
  webhookUrl?: string;
  notOnWhatsApp?: string[];
  failWith?: Record<string, FakeGraphError>;
};

type Next = { status: number; body: unknown } | "hang";

export async function startFakeGraph(options: Options = {}): Promise<FakeGraph> {
  const accessToken = options.accessToken ?? `EAAG${"f".repeat(100)}`;
  const phoneNumberId = options.phoneNumberId ?? FAKE_PHONE_NUMBER_ID;
  const appSecret = options.appSecret ?? "f".repeat(32);
  let webhookUrl = options.webhookUrl;
  let notOnWhatsApp = new Set((options.notOnWhatsApp ?? []).map(digitsOf));
  const failures = new Map(Object.entries(options.failWith ?? {}).map(([number, error]) => [digitsOf(number), error]));
  const queued: Next[] = [];
  const requests: FakeGraphRequest[] = [];
  const messages: FakeGraphMessage[] = [];
  const webhooks: FakeGraphWebhook[] = [];
  const wait = waiter(messages);
  let posting: Promise<void> = Promise.resolve();

  const postWebhook: FakeGraph["postWebhook"] = async (body, signWith = appSecret) => {
    if (!webhookUrl) throw new Error("the fake Graph API has no webhook URL");
    const signed = signedWebhook(body, signWith ?? appSecret);
    const headers: Record<string, string> = { ...signed.headers };
    if (signWith === null) delete headers["X-Hub-Signature-256"];
    const answer = await postTo(webhookUrl, signed.body, headers);
    return { status: answer.status, body: answer.body };
  };

  // Meta's statuses for an accepted message, one after the other, as Meta posts them.
  const reportStatuses = (providerId: string, to: string) => {
    if (!webhookUrl) return;
    const steps = notOnWhatsApp.has(to)
      ? [statusWebhook({ providerId, status: "failed", recipient: to, errorCode: 131026, phoneNumberId })]
      : [
          statusWebhook({ providerId, status: "sent", recipient: to, phoneNumberId }),
          statusWebhook({ providerId, status: "delivered", recipient: to, phoneNumberId }),
        ];
    posting = posting.then(async () => {
      for (const body of steps) {
        // Meta posts a status again until it is answered 200 (the site says 503 to a status that
        // came before it recorded the message as sent); here a few times, a little apart.
        let answer = { status: 0, body: "" };
        for (let attempt = 0; attempt < RETRIES && answer.status !== 200; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
          answer = await postWebhook(body).catch(() => ({ status: 0, body: "" }));
        }
        webhooks.push({ body, status: answer.status });
      }
    });
  };

  const listening = await listen((request, raw, response) => {
    const path = request.url?.split("?")[0] ?? "";
    const body = parseJson(raw);
    requests.push({ path, authorization: request.headers.authorization, body: body ?? raw });
    const next = queued.shift();
    if (next === "hang") return;
    if (next) return reply(response, next.status, typeof next.body === "string" ? next.body : JSON.stringify(next.body));

    const target = /^(?:\/v\d+\.\d+)?\/([^/]+)\/messages$/.exec(path);
    if (request.method !== "POST" || !target) return metaError(response, 400, 2500, `Unknown path components: ${path}`, "OAuthException");
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return metaError(response, 401, 190, "Invalid OAuth access token - Cannot parse access token", "OAuthException");
    if (target[1] !== phoneNumberId)
      return metaError(
        response,
        400,
        100,
        `Unsupported post request. Object with ID '${target[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
        "GraphMethodException",
        33,
      );
    const message = body as Record<string, unknown> | undefined;
    const to = typeof message?.to === "string" ? message.to : "";
    const type = typeof message?.type === "string" ? message.type : "";
    if (message?.messaging_product !== "whatsapp" || !/^\d{7,15}$/.test(to) || !type || typeof message[type] !== "object")
      return metaError(response, 400, 100, "(#100) Invalid parameter");
    const failure = failures.get(to);
    if (failure)
      return metaError(
        response,
        failure.status ?? 400,
        failure.code,
        failure.message ?? `(#${failure.code}) Refused by the fake`,
        "OAuthException",
        failure.subcode,
      );

    const providerId = `wamid.${randomBytes(30).toString("base64")}`;
    messages.push({ providerId, to, body: message, receivedAt: Date.now() });
    wait.notify();
    reply(
      response,
      200,
      JSON.stringify({
        messaging_product: "whatsapp",
        contacts: [{ input: to, wa_id: to }],
        messages: [type === "template" ? { id: providerId, message_status: "accepted" } : { id: providerId }],
      }),
    );
    reportStatuses(providerId, to);
  });

  return {
    url: `${listening.url}/${GRAPH_VERSION}`,
    accessToken,
    phoneNumberId,
    appSecret,
    requests,
    messages,
    sent: () => messages.map((m) => m.body),
    waitFor: wait.waitFor,
    webhooks,
    idle: async () => {
      // A webhook queued while waiting is waited for too.
      let last: Promise<void> | undefined;
      while (last !== posting) {
        last = posting;
        await last;
      }
    },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    setNotOnWhatsApp: (numbers) => {
      notOnWhatsApp = new Set(numbers.map(digitsOf));
    },
    setFailure: (number, error) => {
      if (error) failures.set(digitsOf(number), error);
      else failures.delete(digitsOf(number));
    },
    respondNext: (status, body) => {
      queued.push({ status, body });
    },
    hangNext: () => {
      queued.push("hang");
    },
    postWebhook,
    close: async () => {
      await posting;
      await listening.close();
    },
  };
}

function metaError(
  response: Parameters<typeof reply>[0],
  status: number,
  code: number,
  message: string,
  type = "OAuthException",
  subcode?: number,
): void {
  const error: Record<string, unknown> = { message, type, code, fbtrace_id: randomBytes(9).toString("base64url") };
  if (subcode !== undefined) error.error_subcode = subcode;
  if (code >= 130000) error.error_data = { messaging_product: "whatsapp", details: message.replace(/^\(#\d+\)\s*/, "") };
  reply(response, status, JSON.stringify({ error }));
}

// ── Meta's webhook bodies ──

/**
 * `body` as Meta posts it: JSON with every character beyond ASCII escaped as \uXXXX (lowercase
 * hex), and X-Hub-Signature-256 over exactly those bytes with the app secret.
 */
export function signedWebhook(body: unknown, appSecret: string): { body: string; headers: Record<string, string> } {
  const text = JSON.stringify(body).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const signature = createHmac("sha256", appSecret).update(text, "utf8").digest("hex");
  return { body: text, headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${signature}` } };
}

/** A person's typed message. */
export function inboundTextWebhook(m: { from: string; text: string; id?: string; phoneNumberId: string; profileName?: string }): unknown {
  return inbound(m.phoneNumberId, m.from, m.profileName, { id: m.id, type: "text", text: { body: m.text } });
}

/** A person tapping a reply button (`list`: a row of a list) of an interactive message. */
export function inboundChoiceWebhook(m: {
  from: string;
  choiceId: string;
  title: string;
  id?: string;
  phoneNumberId: string;
  list?: boolean;
  profileName?: string;
}): unknown {
  const interactive = m.list
    ? { type: "list_reply", list_reply: { id: m.choiceId, title: m.title } }
    : { type: "button_reply", button_reply: { id: m.choiceId, title: m.title } };
  return inbound(m.phoneNumberId, m.from, m.profileName, { id: m.id, type: "interactive", interactive });
}

/** A status of a message the site sent; "failed" carries `errorCode` (131026: not on WhatsApp, by default). */
export function statusWebhook(s: {
  providerId: string;
  status: "sent" | "delivered" | "read" | "failed";
  recipient: string;
  errorCode?: number;
  errorTitle?: string;
  phoneNumberId?: string;
}): unknown {
  const recipient = digitsOf(s.recipient);
  const status: Record<string, unknown> = { id: s.providerId, status: s.status, timestamp: seconds(), recipient_id: recipient };
  if (s.status === "sent" || s.status === "delivered") {
    status.conversation = { id: randomBytes(16).toString("hex"), origin: { type: "utility" } };
    status.pricing = { billable: true, pricing_model: "PMP", category: "utility" };
  }
  if (s.status === "failed" || s.errorCode !== undefined) {
    const code = s.errorCode ?? 131026;
    const title = s.errorTitle ?? (code === 131026 ? "Message undeliverable" : "Failed by the fake");
    status.errors = [{ code, title, message: title, error_data: { details: `${title}.` } }];
  }
  return envelope(s.phoneNumberId ?? FAKE_PHONE_NUMBER_ID, { statuses: [status] });
}

function inbound(phoneNumberId: string, from: string, profileName: string | undefined, message: Record<string, unknown>): unknown {
  const wa = digitsOf(from);
  return envelope(phoneNumberId, {
    contacts: [{ profile: { name: profileName ?? "Amina" }, wa_id: wa }],
    messages: [{ from: wa, timestamp: seconds(), ...message, id: message.id ?? `wamid.${randomBytes(30).toString("base64")}` }],
  });
}

function envelope(phoneNumberId: string, value: Record<string, unknown>): unknown {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: DISPLAY_NUMBER, phone_number_id: phoneNumberId },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

const digitsOf = (number: string) => number.replace(/\D/g, "");
const seconds = () => String(Math.floor(Date.now() / 1000));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
