import { createHmac } from "node:crypto";
import { type FakeOutcome, listen, OutcomeControl, postTo, reply, waiter } from "./fake-sms-server";

// A fake Termii on loopback, for vitest, Playwright and the benchmarks: POST /api/sms/send
// (JSON with api_key, to, from, sms, type, channel; answered with message_id), and the webhook
// Termii posts to a site, signed as Termii signs it: X-Termii-Signature, the hex HMAC-SHA512 of
// the raw body with the account's secret key. Numbers choose their outcome by their last four
// digits (fake-sms-server.ts); a wrong api_key is answered 401.

type FakeTermiiMessage = {
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
  /** the message_id answered; "" when refused */
  providerId: string;
  receivedAt: number;
};

export type FakeTermii = {
  /** the base URL, for TERMII_BASE_URL */
  url: string;
  apiKey: string;
  senderId: string;
  /** the secret key its webhook signatures use, for TERMII_SECRET_KEY */
  secretKey: string;
  messages: FakeTermiiMessage[];
  waitFor: (match: (message: FakeTermiiMessage) => boolean, timeoutMs?: number) => Promise<FakeTermiiMessage>;
  failNext: (outcome: FakeOutcome, count?: number) => void;
  setOutcome: (number: string, outcome: FakeOutcome) => void;
  setBalanceEmpty: (empty: boolean) => void;
  /** A delivery-report webhook body for an accepted message, and its signature (with `secret`, by default the account's). */
  deliveryReport: (providerId: string, status: string, secret?: string) => { body: string; signature: string };
  /**
   * Posts that webhook to `webhookUrl` with X-Termii-Signature, as Termii does. `signWith`: a
   * forger's key instead of the account's, or null for no signature at all.
   */
  postDeliveryReport: (
    webhookUrl: string,
    providerId: string,
    status: string,
    signWith?: string | null,
  ) => Promise<{ status: number; body: string }>;
  close: () => Promise<void>;
};

type Options = {
  apiKey?: string;
  senderId?: string;
  secretKey?: string;
  latencyMs?: number /** false: every number succeeds unless told otherwise (benchmarks); default true */;
  outcomesBySuffix?: boolean;
};

/** What Termii says, in its own words (developers.termii.com, "Error"), for each refusal. */
const REFUSAL: Partial<Record<FakeOutcome, [number, string]>> = {
  riskHold: [400, "Your account is not active"],
  invalidSenderId: [400, "Invalid Sender Id"],
  invalidPhoneNumber: [400, "Invalid phone number"],
  unsupportedNumberType: [400, "You are not set up on this route"],
  insufficientBalance: [400, "Insufficient balance"],
  userInBlacklist: [400, "Invalid phone number"],
  couldNotRoute: [503, "Service unavailable"],
  doNotDisturb: [400, "DND is active on this number"],
  gatewayError: [502, "Bad gateway"],
  rejectedByGateway: [502, "Bad gateway"],
};

let sequence = 0;

export async function startFakeTermii(options: Options = {}): Promise<FakeTermii> {
  const apiKey = options.apiKey ?? `TL${"t".repeat(58)}`;
  const senderId = options.senderId ?? "ZYSummit";
  const secretKey = options.secretKey ?? `sk_${"s".repeat(40)}`;
  const control = new OutcomeControl(options.outcomesBySuffix ?? true);
  const messages: FakeTermiiMessage[] = [];
  const wait = waiter(messages);

  const listening = await listen((request, body, response) => {
    const respond = () => {
      if (request.method !== "POST" || request.url?.split("?")[0] !== "/api/sms/send")
        return reply(response, 404, '{"message":"Not found"}');
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return reply(response, 400, '{"message":"The request body is not JSON"}');
      }
      if (data.api_key !== apiKey) return reply(response, 401, '{"message":"Unauthorized"}');
      const to = String(data.to ?? "");
      const sms = String(data.sms ?? "");
      if (!/^\d{8,15}$/.test(to) || !sms || data.type !== "plain" || !data.channel)
        return reply(response, 422, '{"message":"The given data was invalid."}');
      if (data.from !== senderId) return reply(response, 400, '{"message":"Invalid Sender Id"}');

      const outcome = control.next(to);
      if (outcome === "hang") return;
      if (outcome === "http500") return reply(response, 500, '{"message":"Server Error"}');
      if (outcome === "notJson") return reply(response, 200, "<html>Bad gateway</html>", "text/html");
      const refusal = REFUSAL[outcome];
      sequence += 1;
      const providerId = refusal ? "" : `${Date.now()}${String(sequence).padStart(6, "0")}`;
      messages.push({
        to,
        from: senderId,
        sms,
        type: String(data.type),
        channel: String(data.channel),
        providerId,
        receivedAt: Date.now(),
      });
      wait.notify();
      if (refusal) return reply(response, refusal[0], JSON.stringify({ message: refusal[1] }));
      reply(
        response,
        200,
        JSON.stringify({
          code: "ok",
          message_id: providerId,
          message_id_str: providerId,
          message: "Successfully Sent",
          balance: 1000,
          user: "Summit",
        }),
      );
    };
    if (options.latencyMs) setTimeout(respond, options.latencyMs);
    else respond();
  });

  const deliveryReport: FakeTermii["deliveryReport"] = (providerId, status, secret = secretKey) => {
    const message = messages.find((m) => m.providerId === providerId);
    const body = JSON.stringify({
      type: "outbound",
      id: `req-${providerId}`,
      message_id: providerId,
      receiver: message?.to ?? "2348030000000",
      sender: senderId,
      message: message?.sms ?? "",
      sent_at: new Date().toISOString().slice(0, 19).replace("T", " "),
      cost: "3.9",
      status,
      channel: message?.channel ?? "dnd",
    });
    return { body, signature: createHmac("sha512", secret).update(body).digest("hex") };
  };

  return {
    url: listening.url,
    apiKey,
    senderId,
    secretKey,
    messages,
    waitFor: wait.waitFor,
    failNext: (outcome, count) => control.failNext(outcome, count),
    setOutcome: (number, outcome) => control.setOutcome(number, outcome),
    setBalanceEmpty: (empty) => {
      control.balanceEmpty = empty;
    },
    deliveryReport,
    postDeliveryReport: async (webhookUrl, providerId, status, signWith = secretKey) => {
      const { body, signature } = deliveryReport(providerId, status, signWith ?? secretKey);
      const signed: Record<string, string> = signWith === null ? {} : { "X-Termii-Signature": signature };
      const answer = await postTo(webhookUrl, body, { "Content-Type": "application/json", ...signed });
      return { status: answer.status, body: answer.body };
    },
    close: listening.close,
  };
}
