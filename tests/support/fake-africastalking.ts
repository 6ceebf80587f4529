import { randomBytes } from "node:crypto";
import { type FakeOutcome, listen, OutcomeControl, postTo, reply, waiter } from "./fake-sms-server";

// A fake Africa's Talking on loopback, for vitest, Playwright and the benchmarks: the messaging
// endpoint (POST /version1/messaging, form-encoded, apiKey header, JSON answer with one
// SMSMessageData.Recipients entry per number), plus the two callbacks it makes to a site: a
// delivery report and a USSD request. Numbers choose their outcome by their last four digits
// (fake-sms-server.ts, FakeOutcome); a wrong apiKey or username is answered 401, as AT does.
// With `forwardedFor` its callbacks come as through a reverse proxy in front of the site, which
// names the gateway's address in X-Forwarded-For (the site trusts loopback: TRUST_PROXY).

type FakeAfricasTalkingMessage = {
  username: string;
  to: string;
  message: string;
  /** the sender ID, when the client sent one */
  from: string | undefined;
  /** the messageId answered; "None" when refused */
  providerId: string;
  statusCode: number;
  receivedAt: number;
};

export type FakeAfricasTalking = {
  /** the base URL, http://127.0.0.1:PORT */
  url: string;
  /** the messaging endpoint, for AFRICASTALKING_SMS_URL */
  smsUrl: string;
  username: string;
  apiKey: string;
  /** every request to the messaging endpoint that passed the credentials check, one entry per number */
  messages: FakeAfricasTalkingMessage[];
  waitFor: (match: (message: FakeAfricasTalkingMessage) => boolean, timeoutMs?: number) => Promise<FakeAfricasTalkingMessage>;
  failNext: (outcome: FakeOutcome, count?: number) => void;
  setOutcome: (number: string, outcome: FakeOutcome) => void;
  /** while true, every message is refused with 405 InsufficientBalance */
  setBalanceEmpty: (empty: boolean) => void;
  /** The form AT posts to a delivery-report callback for a message it accepted. */
  deliveryReport: (providerId: string, status: string, failureReason?: string) => URLSearchParams;
  /** Posts that delivery report to `callbackUrl`, as AT does (from `forwardedFor`, or that address: null for none). */
  postDeliveryReport: (
    callbackUrl: string,
    providerId: string,
    status: string,
    failureReason?: string,
    forwardedFor?: string | null,
  ) => Promise<{ status: number; body: string }>;
  /**
   * One USSD request, as AT sends it: a form-encoded POST, answered in text/plain ("CON …" or "END …").
   * `forwardedFor`: the address the proxy names instead of the fake's own option; null: no header.
   */
  postUssd: (
    callbackUrl: string,
    request: UssdRequest,
    forwardedFor?: string | null,
  ) => Promise<{ status: number; body: string; contentType: string | null }>;
  close: () => Promise<void>;
};

type UssdRequest = { sessionId: string; serviceCode: string; phoneNumber: string; networkCode?: string; text: string };

type Options = {
  username?: string;
  apiKey?: string;
  latencyMs?: number /** false: every number succeeds unless told otherwise (benchmarks); default true */;
  outcomesBySuffix?: boolean;
  /** the gateway's address as a proxy in front of the site reports it (X-Forwarded-For); unset: none */
  forwardedFor?: string;
};

/** The per-recipient answer for each outcome: statusCode and status, as AT's documentation lists them. */
const RECIPIENT: Partial<Record<FakeOutcome, [number, string]>> = {
  success: [101, "Success"],
  riskHold: [401, "RiskHold"],
  invalidSenderId: [402, "InvalidSenderId"],
  invalidPhoneNumber: [403, "InvalidPhoneNumber"],
  unsupportedNumberType: [404, "UnsupportedNumberType"],
  insufficientBalance: [405, "InsufficientBalance"],
  userInBlacklist: [406, "UserInBlacklist"],
  couldNotRoute: [407, "CouldNotRoute"],
  doNotDisturb: [409, "DoNotDisturbRejection"],
  gatewayError: [501, "GatewayError"],
  rejectedByGateway: [502, "RejectedByGateway"],
};

const COST = "NGN 2.2000";

const proxied = (address: string | null | undefined): Record<string, string> => (address ? { "X-Forwarded-For": address } : {});

export async function startFakeAfricasTalking(options: Options = {}): Promise<FakeAfricasTalking> {
  const username = options.username ?? "summit-test";
  const apiKey = options.apiKey ?? `atsk_${"f".repeat(60)}`;
  const control = new OutcomeControl(options.outcomesBySuffix ?? true);
  const messages: FakeAfricasTalkingMessage[] = [];
  const wait = waiter(messages);

  const listening = await listen((request, body, response) => {
    const respond = () => {
      if (request.method !== "POST" || request.url?.split("?")[0] !== "/version1/messaging")
        return reply(response, 404, "Not found", "text/plain");
      if (request.headers.apikey !== apiKey) return reply(response, 401, "The supplied authentication is invalid", "text/plain");
      if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded"))
        return reply(response, 415, "Unsupported content type", "text/plain");
      const form = new URLSearchParams(body);
      if (form.get("username") !== username) return reply(response, 401, "The supplied authentication is invalid", "text/plain");
      const to = form.get("to") ?? "";
      const message = form.get("message") ?? "";
      if (!to || !message) return reply(response, 400, "Request is missing required form field 'to' or 'message'", "text/plain");

      const numbers = to.split(",").map((n) => n.trim());
      const outcomes = numbers.map((n) => control.next(n));
      if (outcomes.includes("hang")) return; // never answered: the client's timeout decides
      if (outcomes.includes("http500")) return reply(response, 500, "Internal Server Error", "text/plain");
      if (outcomes.includes("notJson")) return reply(response, 200, "<html>Bad gateway</html>", "text/html");

      const recipients = numbers.map((number, i) => {
        const [statusCode, status] = RECIPIENT[outcomes[i] ?? "success"] ?? [101, "Success"];
        const accepted = statusCode < 200;
        const providerId = accepted ? `ATXid_${randomBytes(16).toString("hex")}` : "None";
        messages.push({
          username,
          to: number,
          message,
          from: form.get("from") ?? undefined,
          providerId,
          statusCode,
          receivedAt: Date.now(),
        });
        return { statusCode, number, status, cost: accepted ? COST : "0", messageId: providerId };
      });
      wait.notify();
      const sent = recipients.filter((r) => r.statusCode < 200).length;
      const json = JSON.stringify({
        SMSMessageData: { Message: `Sent to ${sent}/${numbers.length} Total Cost: ${sent ? COST : "0"}`, Recipients: recipients },
      });
      reply(response, 201, json);
    };
    if (options.latencyMs) setTimeout(respond, options.latencyMs);
    else respond();
  });

  const deliveryReport: FakeAfricasTalking["deliveryReport"] = (providerId, status, failureReason) => {
    const message = messages.find((m) => m.providerId === providerId);
    const form = new URLSearchParams({
      id: providerId,
      status,
      phoneNumber: message?.to ?? "+2348030000000",
      networkCode: "62130",
      retryCount: "0",
    });
    if (failureReason) form.set("failureReason", failureReason);
    return form;
  };

  return {
    url: listening.url,
    smsUrl: `${listening.url}/version1/messaging`,
    username,
    apiKey,
    messages,
    waitFor: wait.waitFor,
    failNext: (outcome, count) => control.failNext(outcome, count),
    setOutcome: (number, outcome) => control.setOutcome(number, outcome),
    setBalanceEmpty: (empty) => {
      control.balanceEmpty = empty;
    },
    deliveryReport,
    postDeliveryReport: async (callbackUrl, providerId, status, failureReason, forwardedFor = options.forwardedFor) => {
      const answer = await postTo(callbackUrl, deliveryReport(providerId, status, failureReason).toString(), {
        "Content-Type": "application/x-www-form-urlencoded",
        ...proxied(forwardedFor),
      });
      return { status: answer.status, body: answer.body };
    },
    postUssd: (callbackUrl, ussd, forwardedFor = options.forwardedFor) =>
      postTo(
        callbackUrl,
        new URLSearchParams({
          sessionId: ussd.sessionId,
          serviceCode: ussd.serviceCode,
          phoneNumber: ussd.phoneNumber,
          networkCode: ussd.networkCode ?? "62130",
          text: ussd.text,
        }).toString(),
        { "Content-Type": "application/x-www-form-urlencoded", Accept: "*/*", ...proxied(forwardedFor) },
      ),
    close: listening.close,
  };
}
