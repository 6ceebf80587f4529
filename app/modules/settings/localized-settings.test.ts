import { describe, expect, it } from "vitest";
import { localizedSettings } from "./localized-settings";

describe("localizedSettings", () => {
  it("localizes the settings visitors read: about, venue, the guest of honour's title and the fourth figure's label", () => {
    const settings = {
      event_name: "Zamfara Youth Summit",
      about: "A day of dialogue.",
      venue: "Conference Hall, Gusau",
      guest_of_honor_name: "His Excellency",
      guest_of_honor_title: "Executive Governor",
      highlight_label: "Local Governments",
      translations: { ha: { about: "Ranar tattaunawa.", guest_of_honor_title: "Gwamna", highlight_label: "Ƙananan hukumomi" } },
    };
    expect(localizedSettings(settings, "ha")).toMatchObject({
      event_name: "Zamfara Youth Summit",
      about: "Ranar tattaunawa.",
      venue: "Conference Hall, Gusau",
      guest_of_honor_name: "His Excellency",
      guest_of_honor_title: "Gwamna",
      highlight_label: "Ƙananan hukumomi",
    });
    expect(localizedSettings(settings, "en").about).toBe("A day of dialogue.");
  });
});
