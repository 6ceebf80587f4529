import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { checkWhatsAppEnv, WHATSAPP_SECRET_VARIABLES, type WhatsAppConfig, whatsappConfig, whatsappEnvShape } from "./config-whatsapp";
import { type KeyGenerations, parseKeyGenerations } from "./key-generations";

// The one place that reads process.env. Every variable is optional: with none
// set, the site runs on an embedded database and a local mailbox.
const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `expected a URL like ${example}` },
  );

// ── SMS ──
export const AFRICASTALKING_LIVE_SMS_URL = "https://api.africastalking.com/version1/messaging";
export const TERMII_DEFAULT_BASE_URL = "https://api.ng.termii.com";

// An alphanumeric sender ID (3 to 11 characters, what Nigerian networks register) or a short code.
const senderId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 &.-]{1,10}$/, "expected a registered sender ID: 2 to 11 letters or digits");

/** "192.0.2.10, 198.51.100.0/24" as a list, or null when one entry is not an IP address or CIDR range. */
function parseAddressList(value: string): string[] | null {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : null;
}
// ── end SMS ──

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "expected a port number between 1 and 65535" })
      .int("expected a port number between 1 and 65535")
      .min(0, "expected a port number between 1 and 65535")
      .max(65535, "expected a port number between 1 and 65535")
      .default(3000),
    HOST: z.string().min(1, "expected a host name or IP address").default("0.0.0.0"),
    DATA_DIR: z.string().min(1, "expected a directory path").default("./data"),
    DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:pass@host:5432/db").optional(),
    SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:pass@host:587 or smtps://user:pass@host:465").optional(),
    MAIL_FROM: z.string().min(3, "expected a sender like 'Youth Summit <tickets@example.org>'").optional(),
    PUBLIC_URL: urlWithProtocols(["http:", "https:"], "https://summit.example.org").optional(),
    SESSION_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
    WEB_CONCURRENCY: z.coerce
      .number({ message: "expected a number of processes between 1 and 64" })
      .int("expected a number of processes between 1 and 64")
      .min(1, "expected a number of processes between 1 and 64")
      .max(64, "expected a number of processes between 1 and 64")
      .default(1),
    SCHEDULE_CHECK_SECONDS: z.coerce
      .number({ message: "expected a number of seconds between 1 and 3600" })
      .int("expected a number of seconds between 1 and 3600")
      .min(1, "expected a number of seconds between 1 and 3600")
      .max(3600, "expected a number of seconds between 1 and 3600")
      .default(60),
    // Several instances on one PostgreSQL: how long a message one of them has taken to send is
    // its alone. If that instance dies mid-send, another sends the message once this runs out.
    MAIL_LEASE_SECONDS: z.coerce
      .number({ message: "expected a number of seconds between 10 and 3600" })
      .int("expected a number of seconds between 10 and 3600")
      .min(10, "expected a number of seconds between 10 and 3600")
      .max(3600, "expected a number of seconds between 10 and 3600")
      .default(60),
    // Behind a reverse proxy: which hops to believe for the client's address and https
    // (X-Forwarded-For, X-Forwarded-Proto). Unset: forwarded headers are ignored.
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\w.:/,\s-]+)$/,
        "expected true, false, a number of proxies, or addresses such as 'loopback, 10.0.0.0/8'",
      )
      .optional(),
    FORM_POSTS_PER_IP: z.coerce
      .number({ message: "expected a whole number of at least 100" })
      .int("expected a whole number of at least 100")
      .min(100, "expected a whole number of at least 100")
      .default(1000),
    // Overload: requests of one lane (public pages, /admin) running at once, and how long more
    // may wait for a turn before they are answered 503 (server/load-shedding.ts).
    MAX_ACTIVE_REQUESTS: z.coerce
      .number({ message: "expected a whole number between 1 and 1000" })
      .int("expected a whole number between 1 and 1000")
      .min(1, "expected a whole number between 1 and 1000")
      .max(1000, "expected a whole number between 1 and 1000")
      .default(8),
    MAX_QUEUE_WAIT_MS: z.coerce
      .number({ message: "expected milliseconds between 0 and 60000" })
      .int("expected milliseconds between 0 and 60000")
      .min(0, "expected milliseconds between 0 and 60000")
      .max(60_000, "expected milliseconds between 0 and 60000")
      .default(250),
    // Which generation of each purpose's key signs, and which older ones are still accepted
    // (app/keys.server.ts; docs/SECURITY.md, "Rotating keys").
    KEY_GENERATIONS: z
      .string()
      .refine(
        (value) => {
          try {
            parseKeyGenerations(value);
            return true;
          } catch {
            return false;
          }
        },
        { message: "expected purpose=generation[+older…], e.g. self-service=2+1,door=1" },
      )
      .optional(),
    CSP_REPORT_ONLY: z.enum(["true", "false"], { message: "expected true or false" }).default("false"),
    // Set by `npm run demo` (server/demo.ts): a site for trying out, whose mail is meant to stay in DATA_DIR/mail.
    DEMO: z.enum(["true", "false"], { message: "expected true or false" }).default("false"),
    // ── Sign-in hardening ──
    // Whether organiser accounts must use an authenticator app's code after the password.
    REQUIRE_TWO_FACTOR: z.enum(["organisers", "none"], { message: "expected organisers or none" }).default("none"),
    // ── end sign-in hardening ──
    // ── SMS (app/modules/sms, docs/decisions/017-sms.md) ──
    // Unset: SMS are written to DATA_DIR/sms and go to no one.
    SMS_PROVIDER: z.enum(["africastalking", "termii"], { message: "expected africastalking or termii" }).optional(),
    AFRICASTALKING_USERNAME: z
      .string()
      .regex(/^[\w.@-]{1,64}$/, "expected the app's username (sandbox for the sandbox)")
      .optional(),
    AFRICASTALKING_API_KEY: z.string().min(16, "expected the app's API key (at least 16 characters)").optional(),
    AFRICASTALKING_SENDER_ID: senderId.optional(),
    AFRICASTALKING_SMS_URL: urlWithProtocols(["https:", "http:"], AFRICASTALKING_LIVE_SMS_URL).optional(),
    // Part of the delivery-report and USSD callback URLs given to Africa's Talking: it does not sign its callbacks.
    AFRICASTALKING_CALLBACK_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, "expected 16 to 128 letters, digits, - or _ (it goes into a URL)")
      .optional(),
    AFRICASTALKING_ALLOWED_IPS: z
      .string()
      .refine((value) => parseAddressList(value) !== null, {
        message: "expected IP addresses or CIDR ranges separated by commas, e.g. 192.0.2.10, 198.51.100.0/24",
      })
      .optional(),
    TERMII_API_KEY: z.string().min(16, "expected the Termii API key (at least 16 characters)").optional(),
    TERMII_SENDER_ID: senderId.optional(),
    TERMII_BASE_URL: urlWithProtocols(["https:", "http:"], TERMII_DEFAULT_BASE_URL).optional(),
    // The secret key Termii signs its webhook events with (X-Termii-Signature, HMAC-SHA512).
    TERMII_SECRET_KEY: z.string().min(16, "expected the Termii secret key (at least 16 characters)").optional(),
    // The USSD code people dial to register (given by the aggregator, e.g. *347*123#): the landing
    // page, the registration page, the ticket e-mail and SMS and the posters then tell people without data.
    USSD_CODE: z
      .string()
      .regex(/^\*\d{1,6}(\*\d{1,6}){0,4}#$/, "expected a USSD code such as *347*123#")
      .optional(),
    // ── end SMS ──
    // ── WhatsApp (app/modules/whatsapp; the variables and their rules: config-whatsapp.ts) ──
    ...whatsappEnvShape,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "expected one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  })
  .refine((e) => e.WEB_CONCURRENCY === 1 || e.DATABASE_URL, {
    // The embedded database lives inside one process; only PostgreSQL can be shared.
    path: ["WEB_CONCURRENCY"],
    message: "more than one process needs DATABASE_URL (the embedded database belongs to one process)",
  })
  // ── SMS ──
  .refine((e) => e.SMS_PROVIDER !== "africastalking" || e.AFRICASTALKING_USERNAME, {
    path: ["AFRICASTALKING_USERNAME"],
    message: "SMS_PROVIDER=africastalking needs AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY",
  })
  .refine((e) => e.SMS_PROVIDER !== "africastalking" || e.AFRICASTALKING_API_KEY, {
    path: ["AFRICASTALKING_API_KEY"],
    message: "SMS_PROVIDER=africastalking needs AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY",
  })
  .refine(
    // The sandbox answers every other username 401, which would look like a wrong API key.
    (e) => !e.AFRICASTALKING_SMS_URL?.includes("api.sandbox.africastalking.com") || e.AFRICASTALKING_USERNAME === "sandbox",
    { path: ["AFRICASTALKING_USERNAME"], message: "the Africa's Talking sandbox URL only works with the username sandbox" },
  )
  .refine((e) => e.SMS_PROVIDER !== "termii" || e.TERMII_API_KEY, {
    path: ["TERMII_API_KEY"],
    message: "SMS_PROVIDER=termii needs TERMII_API_KEY and TERMII_SENDER_ID",
  })
  .refine((e) => e.SMS_PROVIDER !== "termii" || e.TERMII_SENDER_ID, {
    path: ["TERMII_SENDER_ID"],
    message: "SMS_PROVIDER=termii needs TERMII_API_KEY and TERMII_SENDER_ID (Termii refuses a message without one)",
  })
  // ── end SMS ──
  .superRefine(checkWhatsAppEnv);

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  sessionSecret: string;
  logLevel: string;
  /** server processes sharing the port (node:cluster); more than one only with PostgreSQL */
  processes: number;
  /** how often each process asks whether the automatic reminder or the personal-data purge is due */
  scheduleCheckMs: number;
  /** how long a message an outbox worker claimed stays its own (renewed while it sends) */
  mailLeaseMs: number;
  /**
   * true when PUBLIC_URL is https: browsers are told to keep to https (HSTS), and the toast cookie carries Secure.
   * The admin's session cookies look at each request instead (modules/auth/session-policy.ts).
   */
  secureCookies: boolean;
  /** Express's `trust proxy`: false (forwarded headers ignored), true, a number of hops, or addresses */
  trustProxy: boolean | number | string;
  /** posts of the public forms one client address may send per 10 minutes (a coarse ceiling; people share carrier addresses) */
  formPostsPerIp: number;
  /** requests of one lane (public, admin) a server process runs at once; more wait, then get 503 */
  maxActiveRequests: number;
  /** how long a request waits for its turn before it is refused with 503 */
  maxQueueWaitMs: number;
  /** the Content-Security-Policy is reported, not enforced (to try a change on a live site) */
  cspReportOnly: boolean;
  /** the demo site (`npm run demo`): mail kept in DATA_DIR/mail is expected, not a fault */
  demo: boolean;
  /** per key purpose, the generation that signs and the older ones still accepted (default 1 each) */
  keyGenerations: KeyGenerations;
  // ── Sign-in hardening ──
  /** "organisers": an organiser signs in with a password and an authenticator code, and must enrol one first */
  requireTwoFactor: "organisers" | "none";
  // ── SMS ──
  /** who sends SMS; undefined: they are written to DATA_DIR/sms only (modules/sms/transport.server.ts) */
  smsProvider: "africastalking" | "termii" | undefined;
  /** the USSD code to dial to register (*347*123#); undefined: the site does not mention USSD */
  ussdCode: string | undefined;
  africastalkingUsername: string | undefined;
  africastalkingApiKey: string | undefined;
  /** the registered sender ID or short code; undefined: Africa's Talking's default sender */
  africastalkingSenderId: string | undefined;
  /** the live messaging endpoint unless set (the sandbox, or a fake in tests) */
  africastalkingSmsUrl: string;
  /** the secret part of the callback URLs (delivery reports, USSD); undefined: those routes answer 404 */
  africastalkingCallbackToken: string | undefined;
  /** addresses Africa's Talking's callbacks may come from; empty: any (the token alone guards them) */
  africastalkingAllowedIps: string[];
  termiiApiKey: string | undefined;
  termiiSenderId: string | undefined;
  /** Termii's API base, without a trailing slash */
  termiiBaseUrl: string;
  /** the secret key of Termii's webhook signatures; undefined: Termii's webhook answers 404 */
  termiiSecretKey: string | undefined;
  // ── end SMS ──
  /** Meta's WhatsApp Cloud API; undefined: WhatsApp is off (WHATSAPP_ACCESS_TOKEN unset) */
  whatsapp: WhatsAppConfig | undefined;
};

export class ConfigError extends Error {}

/** Variables whose value is never echoed back in an error. */
const SECRET_VARIABLES = new Set([
  "SESSION_SECRET",
  "AFRICASTALKING_API_KEY",
  "AFRICASTALKING_CALLBACK_TOKEN",
  "TERMII_API_KEY",
  "TERMII_SECRET_KEY",
  ...WHATSAPP_SECRET_VARIABLES,
]);

type Env = Record<string, string | undefined>;

/** Parses an environment; throws ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Env): Config {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = cleaned[name];
    const shown = SECRET_VARIABLES.has(name) || value === undefined ? "" : `=${redact(value)}`;
    throw new ConfigError(`Invalid configuration: ${name}${shown}: ${issue?.message ?? "invalid value"}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "Zamfara Youth Summit <tickets@localhost>",
    publicUrl,
    sessionSecret: e.SESSION_SECRET ?? "",
    logLevel: e.LOG_LEVEL,
    processes: e.WEB_CONCURRENCY,
    scheduleCheckMs: e.SCHEDULE_CHECK_SECONDS * 1000,
    mailLeaseMs: e.MAIL_LEASE_SECONDS * 1000,
    secureCookies: publicUrl.startsWith("https:"),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cspReportOnly: e.CSP_REPORT_ONLY === "true",
    demo: e.DEMO === "true",
    keyGenerations: e.KEY_GENERATIONS ? parseKeyGenerations(e.KEY_GENERATIONS) : {},
    formPostsPerIp: e.FORM_POSTS_PER_IP,
    maxActiveRequests: e.MAX_ACTIVE_REQUESTS,
    maxQueueWaitMs: e.MAX_QUEUE_WAIT_MS,
    // ── Sign-in hardening ──
    requireTwoFactor: e.REQUIRE_TWO_FACTOR,
    // ── SMS ──
    smsProvider: e.SMS_PROVIDER,
    ussdCode: e.USSD_CODE,
    africastalkingUsername: e.AFRICASTALKING_USERNAME,
    africastalkingApiKey: e.AFRICASTALKING_API_KEY,
    africastalkingSenderId: e.AFRICASTALKING_SENDER_ID,
    africastalkingSmsUrl: e.AFRICASTALKING_SMS_URL ?? AFRICASTALKING_LIVE_SMS_URL,
    africastalkingCallbackToken: e.AFRICASTALKING_CALLBACK_TOKEN,
    africastalkingAllowedIps: e.AFRICASTALKING_ALLOWED_IPS ? (parseAddressList(e.AFRICASTALKING_ALLOWED_IPS) ?? []) : [],
    termiiApiKey: e.TERMII_API_KEY,
    termiiSenderId: e.TERMII_SENDER_ID,
    termiiBaseUrl: (e.TERMII_BASE_URL ?? TERMII_DEFAULT_BASE_URL).replace(/\/+$/, ""),
    termiiSecretKey: e.TERMII_SECRET_KEY,
    whatsapp: whatsappConfig(e),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

// Hide passwords in URLs when echoing a wrong value back.
function redact(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = "****";
    return url.toString();
  } catch {
    return value.length > 60 ? `${value.slice(0, 60)}…` : value;
  }
}

/**
 * Reads the session secret from DATA_DIR, creating it once, so sessions and ticket QR codes survive
 * restarts. Instances that share DATA_DIR (two containers on one volume) and start together must
 * end with the same secret: the new one is written whole to a file of its own, then linked into
 * place, which fails if another got there first; that one's secret is then read and used.
 */
export function ensureSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, "session-secret");
  const existing = readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(32).toString("hex");
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = readSecret(file);
    if (!theirs) throw new Error(`${file} holds no usable secret (fewer than 32 characters): delete it or set SESSION_SECRET`);
    return theirs;
  } finally {
    rmSync(draft, { force: true });
  }
}

function readSecret(file: string): string | null {
  try {
    const secret = readFileSync(file, "utf8").trim();
    return secret.length >= 32 ? secret : null;
  } catch {
    return null;
  }
}

let cached: Config | undefined;

/** The process configuration; exits with one line on stderr when the environment is wrong. */
export function getConfig(): Config {
  if (cached) return cached;
  try {
    const config = parseConfig(process.env);
    config.sessionSecret = ensureSessionSecret(config);
    cached = config;
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
