import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";
import { WHATSAPP_DEFAULT_GRAPH_URL } from "./config-whatsapp";

// The WhatsApp variables as config.server.ts reads them: through parseConfig, the one reader.

const TOKEN = `EAAG${"x".repeat(60)}`;
const ON = {
  WHATSAPP_ACCESS_TOKEN: TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
  WHATSAPP_VERIFY_TOKEN: "verify-token-of-at-least-16",
};

function configError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("parseConfig accepted the environment");
}

describe("the WhatsApp variables", () => {
  it("leave WhatsApp off by default", () => {
    expect(parseConfig({}).whatsapp).toBeUndefined();
    // Template names and languages alone turn nothing on.
    expect(parseConfig({ WHATSAPP_TEMPLATE_TICKET: "other_ticket", WHATSAPP_LANGUAGE_HA: "ha" }).whatsapp).toBeUndefined();
  });

  it("turn WhatsApp on with the token, with Meta's defaults for the rest", () => {
    expect(parseConfig(ON).whatsapp).toEqual({
      accessToken: TOKEN,
      phoneNumberId: "106540352242922",
      appSecret: "0123456789abcdef0123456789abcdef",
      verifyToken: "verify-token-of-at-least-16",
      graphUrl: "https://graph.facebook.com/v23.0",
      templates: {
        ticket: "summit_ticket",
        reminder: "summit_reminder",
        offer: "summit_waitlist_offer",
        certificate: "summit_certificate",
      },
      languages: { en: "en", ha: "ha" },
    });
    expect(WHATSAPP_DEFAULT_GRAPH_URL).toBe("https://graph.facebook.com/v23.0");
  });

  it("read the Graph URL without its trailing slashes, the templates' names and languages", () => {
    const whatsapp = parseConfig({
      ...ON,
      WHATSAPP_GRAPH_URL: "http://127.0.0.1:4010/v23.0//",
      WHATSAPP_TEMPLATE_TICKET: "ticket_2026",
      WHATSAPP_TEMPLATE_REMINDER: "reminder_v2",
      WHATSAPP_TEMPLATE_OFFER: "seat_offer",
      WHATSAPP_TEMPLATE_CERTIFICATE: "certificate_pdf",
      WHATSAPP_LANGUAGE_EN: "en_US",
      WHATSAPP_LANGUAGE_HA: "ha",
    }).whatsapp;
    expect(whatsapp).toMatchObject({
      graphUrl: "http://127.0.0.1:4010/v23.0",
      templates: { ticket: "ticket_2026", reminder: "reminder_v2", offer: "seat_offer", certificate: "certificate_pdf" },
      languages: { en: "en_US", ha: "ha" },
    });
  });

  it("treat empty values as unset", () => {
    expect(parseConfig({ WHATSAPP_ACCESS_TOKEN: "", WHATSAPP_PHONE_NUMBER_ID: "" }).whatsapp).toBeUndefined();
    expect(parseConfig({ ...ON, WHATSAPP_GRAPH_URL: "" }).whatsapp?.graphUrl).toBe(WHATSAPP_DEFAULT_GRAPH_URL);
  });

  const { WHATSAPP_ACCESS_TOKEN: _token, ...withoutToken } = ON;
  it.each([
    [{ ...ON, WHATSAPP_PHONE_NUMBER_ID: undefined }, "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN is set"],
    [{ ...ON, WHATSAPP_APP_SECRET: undefined }, "WHATSAPP_APP_SECRET", "needs WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET"],
    [{ ...ON, WHATSAPP_VERIFY_TOKEN: undefined }, "WHATSAPP_VERIFY_TOKEN", "WHATSAPP_VERIFY_TOKEN"],
    [{ WHATSAPP_PHONE_NUMBER_ID: "106540352242922" }, "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN is not"],
    [{ WHATSAPP_APP_SECRET: ON.WHATSAPP_APP_SECRET }, "WHATSAPP_APP_SECRET", "WHATSAPP_ACCESS_TOKEN is not"],
    [{ WHATSAPP_VERIFY_TOKEN: ON.WHATSAPP_VERIFY_TOKEN }, "WHATSAPP_VERIFY_TOKEN", "WHATSAPP_ACCESS_TOKEN is not"],
    [withoutToken, "WHATSAPP_PHONE_NUMBER_ID", "set WHATSAPP_ACCESS_TOKEN to turn WhatsApp on"],
    [{ ...ON, WHATSAPP_ACCESS_TOKEN: "short" }, "WHATSAPP_ACCESS_TOKEN", "access token"],
    [{ ...ON, WHATSAPP_ACCESS_TOKEN: `Bearer ${TOKEN}` }, "WHATSAPP_ACCESS_TOKEN", "no spaces"],
    [{ ...ON, WHATSAPP_PHONE_NUMBER_ID: "+2348031234567" }, "WHATSAPP_PHONE_NUMBER_ID", "digits only"],
    [{ ...ON, WHATSAPP_APP_SECRET: "too-short" }, "WHATSAPP_APP_SECRET", "at least 16"],
    [{ ...ON, WHATSAPP_VERIFY_TOKEN: "short-token" }, "WHATSAPP_VERIFY_TOKEN", "at least 16"],
    [{ ...ON, WHATSAPP_GRAPH_URL: "graph.facebook.com/v23.0" }, "WHATSAPP_GRAPH_URL", "https://graph.facebook.com/v23.0"],
    [{ ...ON, WHATSAPP_GRAPH_URL: "ftp://graph.facebook.com" }, "WHATSAPP_GRAPH_URL", "expected a URL"],
    [{ WHATSAPP_TEMPLATE_TICKET: "Summit Ticket" }, "WHATSAPP_TEMPLATE_TICKET", "lowercase letters, digits and _"],
    [{ WHATSAPP_TEMPLATE_REMINDER: "summit-reminder" }, "WHATSAPP_TEMPLATE_REMINDER", "lowercase"],
    [{ WHATSAPP_TEMPLATE_OFFER: "x".repeat(513) }, "WHATSAPP_TEMPLATE_OFFER", "lowercase"],
    [{ WHATSAPP_TEMPLATE_CERTIFICATE: "ƙwalƙwali" }, "WHATSAPP_TEMPLATE_CERTIFICATE", "lowercase"],
    [{ WHATSAPP_LANGUAGE_EN: "en-US" }, "WHATSAPP_LANGUAGE_EN", "en, en_US or ha"],
    [{ WHATSAPP_LANGUAGE_HA: "Hausa" }, "WHATSAPP_LANGUAGE_HA", "en, en_US or ha"],
  ] as [Record<string, string | undefined>, string, string][])("refuse %o with one line naming %s", (env, name, expected) => {
    const error = configError(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>);
    expect(error.message).not.toContain("\n");
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name}[=:]`));
    expect(error.message).toContain(expected);
  });

  it("never echo the token, the app secret or the verify token", () => {
    expect(configError({ ...ON, WHATSAPP_ACCESS_TOKEN: "hunter2 hunter2 hunter2" }).message).not.toContain("hunter2");
    expect(configError({ ...ON, WHATSAPP_APP_SECRET: "hunter2" }).message).not.toContain("hunter2");
    expect(configError({ ...ON, WHATSAPP_VERIFY_TOKEN: "hunter2" }).message).not.toContain("hunter2");
    expect(configError({ WHATSAPP_APP_SECRET: "hunter2-but-long-enough" }).message).not.toContain("hunter2");
    // The phone number ID is no secret: a wrong one is shown, to be recognised.
    expect(configError({ ...ON, WHATSAPP_PHONE_NUMBER_ID: "12ab" }).message).toContain("=12ab");
  });
});
