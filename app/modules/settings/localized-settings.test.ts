import { describe, expect, it } from "vitest";
import { localizedSettings } from "./localized-settings";

describe("localizedSettings", () => {
  it("localizes the settings visitors read: about, venue, the guest of honour's title, the fourth figure's label, the objectives and the certificate signer's title", () => {
    const settings = {
      event_name: "Zamfara Youth Summit",
      about: "A day of dialogue.",
      venue: "Conference Hall, Gusau",
      guest_of_honor_name: "His Excellency",
      guest_of_honor_title: "Executive Governor",
      highlight_label: "Local Governments",
      objectives: "Peacebuilding: Dialogue",
      certificate_signer_name: "Hon. Aminu Sani",
      certificate_signer_title: "Commissioner for Youth and Sports",
      translations: {
        ha: {
          about: "Ranar tattaunawa.",
          guest_of_honor_title: "Gwamna",
          highlight_label: "Ƙananan hukumomi",
          objectives: "Gina zaman lafiya: Tattaunawa",
          certificate_signer_title: "Kwamishinan Matasa da Wasanni",
        },
      },
    };
    expect(localizedSettings(settings, "ha")).toMatchObject({
      event_name: "Zamfara Youth Summit",
      about: "Ranar tattaunawa.",
      venue: "Conference Hall, Gusau",
      guest_of_honor_name: "His Excellency",
      guest_of_honor_title: "Gwamna",
      highlight_label: "Ƙananan hukumomi",
      objectives: "Gina zaman lafiya: Tattaunawa",
      certificate_signer_name: "Hon. Aminu Sani",
      certificate_signer_title: "Kwamishinan Matasa da Wasanni",
    });
    expect(localizedSettings(settings, "en").about).toBe("A day of dialogue.");
  });
});
