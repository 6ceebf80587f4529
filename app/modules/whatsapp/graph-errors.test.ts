import { describe, expect, it } from "vitest";
import { metaWords, PermanentWhatsAppError, WhatsAppAccountError, whatsappErrorFor } from "./graph-errors";

type Kind = "sms-instead" | "permanent" | "account" | "transient";

function kindOf(error: Error): Kind {
  if (error instanceof PermanentWhatsAppError) return error.fallbackToSms ? "sms-instead" : "permanent";
  if (error instanceof WhatsAppAccountError) return "account";
  return "transient";
}

describe("whatsappErrorFor", () => {
  it.each([
    // The person cannot get it on WhatsApp: an SMS instead.
    [131026, "sms-instead"],
    [131047, "sms-instead"],
    [131049, "sms-instead"],
    [131050, "sms-instead"],
    [131051, "sms-instead"],
    [132000, "sms-instead"],
    [132001, "sms-instead"],
    [132005, "sms-instead"],
    [132007, "sms-instead"],
    [132012, "sms-instead"],
    [132015, "sms-instead"],
    [132016, "sms-instead"],
    [132068, "sms-instead"],
    [132069, "sms-instead"],
    [132999, "sms-instead"],
    [131021, "permanent"],
    // The whole channel pauses.
    [0, "account"],
    [3, "account"],
    [10, "account"],
    [190, "account"],
    [200, "account"],
    [250, "account"],
    [299, "account"],
    [131031, "account"],
    [131042, "account"],
    [133010, "account"],
    [368, "account"],
    // Retried with back-off.
    [4, "transient"],
    [80007, "transient"],
    [130429, "transient"],
    [131056, "transient"],
    [131048, "transient"],
    [131000, "transient"],
    [131016, "transient"],
    [300, "transient"],
    [999999, "transient"],
  ] as [number, Kind][])("sorts %i as %s, and names the code", (code, kind) => {
    const error = whatsappErrorFor(code, "Some title");
    expect(kindOf(error)).toBe(kind);
    expect(error.message).toMatch(new RegExp(`\\(${code}\\)$`));
    if (error instanceof PermanentWhatsAppError || error instanceof WhatsAppAccountError) expect(error.code).toBe(code);
  });

  it("speaks to an organiser", () => {
    expect(whatsappErrorFor(131026).message).toBe("Not on WhatsApp: this number has no WhatsApp account (131026)");
    expect(whatsappErrorFor(190).message).toContain("WHATSAPP_ACCESS_TOKEN");
    expect(whatsappErrorFor(133010).message).toContain("WHATSAPP_PHONE_NUMBER_ID");
    expect(whatsappErrorFor(132001).message).toContain("WhatsApp Manager");
    expect(whatsappErrorFor(132018, "(#132018) There was an issue with the parameters in your template.").message).toBe(
      "Meta refused the template: There was an issue with the parameters in your template. (132018)",
    );
  });

  it("shows Meta's words only for a code it does not know, without a phone number in them", () => {
    expect(whatsappErrorFor(131026, "Whatever Meta says").message).not.toContain("Whatever");
    const unknown = whatsappErrorFor(135000, "Generic user error for +234 803 123 4567");
    expect(unknown.message).toBe("WhatsApp could not send it now: Generic user error for … (135000)");
    expect(whatsappErrorFor(undefined, "Message failed").message).toBe("WhatsApp could not send it now: Message failed");
    expect(whatsappErrorFor(undefined).message).toBe("WhatsApp could not send it now");
  });
});

describe("metaWords", () => {
  it("makes one short line of Meta's words, blotting numbers and controls", () => {
    expect(metaWords("(#131026) Message undeliverable.")).toBe("Message undeliverable.");
    expect(metaWords("Recipient 2348031234567\u0000 failed\n\t")).toBe("Recipient … failed");
    expect(metaWords(`${"ƙ".repeat(200)}`)).toBe(`${"ƙ".repeat(119)}…`);
    const cut = metaWords("😀".repeat(130));
    expect(Array.from(cut)).toHaveLength(120);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(metaWords("half \uD800 character")).toBe("half character");
  });
});
