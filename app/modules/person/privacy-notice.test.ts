import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/db/settings-defaults";
import { privacyNoticeFacts } from "./privacy-notice";

describe("privacyNoticeFacts", () => {
  it("names the organiser and the privacy contact, falling back to the contact e-mail", () => {
    expect(privacyNoticeFacts(SETTINGS_DEFAULTS)).toEqual({
      eventName: "Zamfara Youth Summit",
      controller: "Zamfara State Government, youth office",
      email: "info@zamfarayouthsummit.ng",
      phone: "+234 800 000 0000",
      retentionDays: 90,
      certificateDays: 90,
    });
    const set = privacyNoticeFacts({ ...SETTINGS_DEFAULTS, privacy_email: "dpo@example.org", retention_days: 30 });
    expect(set).toMatchObject({ email: "dpo@example.org", retentionDays: 30 });
  });
});
