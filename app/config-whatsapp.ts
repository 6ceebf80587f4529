import { z } from "zod";

// The WhatsApp part of the environment (Meta's WhatsApp Business Cloud API, app/modules/whatsapp):
// the variables' zod shape, the rules between them and the mapping into Config. It lives apart
// from config.server.ts only for that file's length: config.server.ts is still the one place that
// reads process.env, spreads this shape into its schema and runs these rules.

/** Meta's Graph API, pinned to the version the transport and the webhook reader were written for. */
export const WHATSAPP_DEFAULT_GRAPH_URL = "https://graph.facebook.com/v23.0";

export type WhatsAppConfig = {
  /** a system user's token, sent as `Authorization: Bearer …` */
  accessToken: string;
  /** the Graph object of the business phone number (digits), not the phone number itself */
  phoneNumberId: string;
  /** the Meta app's secret: it signs the webhook's posts (X-Hub-Signature-256) */
  appSecret: string;
  /** the token Meta echoes when the webhook URL is registered (hub.verify_token) */
  verifyToken: string;
  /** the Graph API base with its version, without a trailing slash */
  graphUrl: string;
  /** the approved message templates' names, for messages outside the 24-hour window */
  templates: { ticket: string; reminder: string; offer: string; certificate: string };
  /** the template language per site language, as the templates were approved in the WhatsApp Manager */
  languages: { en: string; ha: string };
};

/** Variables whose value is never echoed back in an error (config.server.ts adds them to its own list). */
export const WHATSAPP_SECRET_VARIABLES = ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

// Meta's rule for a template's name: lowercase letters, digits and underscores, at most 512.
const templateName = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, "expected a template name as the WhatsApp Manager shows it: lowercase letters, digits and _")
    .default(fallback);

// Meta's language codes: a language (en, ha) or a language and a region (en_US, pt_BR).
const templateLanguage = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "expected a template language code such as en, en_US or ha")
    .default(fallback);

const graphUrl = z.string().refine(
  (value) => {
    try {
      return ["https:", "http:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { message: `expected a URL like ${WHATSAPP_DEFAULT_GRAPH_URL}` },
);

/** The variables, to spread into config.server.ts's z.object({...}). */
export const whatsappEnvShape = {
  // Set: WhatsApp is on, and the three below are required. Unset: WhatsApp is off.
  WHATSAPP_ACCESS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{20,2048}$/, "expected a system user's access token (at least 20 characters, no spaces)")
    .optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,32}$/, "expected the phone number ID the WhatsApp Manager shows (digits only; not the phone number)")
    .optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .regex(/^\S{16,256}$/, "expected the Meta app's secret (App settings, Basic: at least 16 characters, no spaces)")
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .regex(/^\S{16,256}$/, "expected at least 16 characters, no spaces (the same token goes into the Meta app's webhook settings)")
    .optional(),
  WHATSAPP_GRAPH_URL: graphUrl.optional(),
  WHATSAPP_TEMPLATE_TICKET: templateName("summit_ticket"),
  WHATSAPP_TEMPLATE_REMINDER: templateName("summit_reminder"),
  WHATSAPP_TEMPLATE_OFFER: templateName("summit_waitlist_offer"),
  WHATSAPP_TEMPLATE_CERTIFICATE: templateName("summit_certificate"),
  WHATSAPP_LANGUAGE_EN: templateLanguage("en"),
  WHATSAPP_LANGUAGE_HA: templateLanguage("ha"),
};

const whatsappEnv = z.object(whatsappEnvShape);
type WhatsAppEnv = z.output<typeof whatsappEnv>;

const REQUIRED_WITH_TOKEN = ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

/**
 * The rules between the variables, for config.server.ts's `.superRefine(checkWhatsAppEnv)`: with
 * the token, the phone number ID, the app secret and the verify token are all needed (the first
 * to send, the other two for the webhook, without which no delivery report or reply arrives);
 * without it, any of them set is a half-done setup, refused rather than silently ignored.
 */
export function checkWhatsAppEnv(e: WhatsAppEnv, ctx: z.RefinementCtx): void {
  for (const name of REQUIRED_WITH_TOKEN) {
    if (e.WHATSAPP_ACCESS_TOKEN && !e[name])
      ctx.addIssue({
        code: "custom",
        path: [name],
        message:
          "WHATSAPP_ACCESS_TOKEN is set (WhatsApp is on): it needs WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN",
      });
    if (!e.WHATSAPP_ACCESS_TOKEN && e[name])
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `${name} is set but WHATSAPP_ACCESS_TOKEN is not: set WHATSAPP_ACCESS_TOKEN to turn WhatsApp on, or unset ${name}`,
      });
  }
}

/** The WhatsApp settings, or undefined when WhatsApp is off (no WHATSAPP_ACCESS_TOKEN). */
export function whatsappConfig(e: WhatsAppEnv): WhatsAppConfig | undefined {
  const { WHATSAPP_ACCESS_TOKEN: accessToken, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = e;
  const { WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken } = e;
  // checkWhatsAppEnv has refused a token without the other three; this only narrows the types.
  if (!accessToken || !phoneNumberId || !appSecret || !verifyToken) return undefined;
  return {
    accessToken,
    phoneNumberId,
    appSecret,
    verifyToken,
    graphUrl: (e.WHATSAPP_GRAPH_URL ?? WHATSAPP_DEFAULT_GRAPH_URL).replace(/\/+$/, ""),
    templates: {
      ticket: e.WHATSAPP_TEMPLATE_TICKET,
      reminder: e.WHATSAPP_TEMPLATE_REMINDER,
      offer: e.WHATSAPP_TEMPLATE_OFFER,
      certificate: e.WHATSAPP_TEMPLATE_CERTIFICATE,
    },
    languages: { en: e.WHATSAPP_LANGUAGE_EN, ha: e.WHATSAPP_LANGUAGE_HA },
  };
}
