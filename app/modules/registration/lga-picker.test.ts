import { describe, expect, it } from "vitest";
import { allLgaOptionsHtml } from "./lga-picker";
import { NIGERIA_STATES } from "./nigeria";

describe("allLgaOptionsHtml", () => {
  it("lists every state's LGAs in groups after the placeholder, none selected", () => {
    const html = allLgaOptionsHtml();
    expect(html.startsWith('<option value="">Select state first</option>')).toBe(true);
    expect(html.match(/<optgroup /g)).toHaveLength(NIGERIA_STATES.length);
    expect(html.match(/<option value="[^"]+">/g)).toHaveLength(NIGERIA_STATES.reduce((n, s) => n + s.lgas.length, 0));
    expect(html).not.toContain("selected");
  });

  it("marks a kept choice, once, and leaves the written list as it was", () => {
    const html = allLgaOptionsHtml("Gusau");
    expect(html.match(/ selected=""/g)).toHaveLength(1);
    expect(html).toContain('<option value="Gusau" selected="">Gusau</option>');
    expect(allLgaOptionsHtml()).not.toContain("selected");
  });
});
