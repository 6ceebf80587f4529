import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/translate.server";
import { allLgaOptionsHtml, lgaTexts } from "./lga-picker";

const TEXTS = lgaTexts(translator("en", "public"));

import { NIGERIA_STATES } from "./nigeria";

describe("allLgaOptionsHtml", () => {
  it("lists every state's LGAs in groups after the placeholder, none selected", () => {
    const html = allLgaOptionsHtml(TEXTS);
    expect(html.startsWith('<option value="">Select local government</option>')).toBe(true);
    expect(html.match(/<optgroup /g)).toHaveLength(NIGERIA_STATES.length);
    expect(html.match(/<option value="[^"]+">/g)).toHaveLength(NIGERIA_STATES.reduce((n, s) => n + s.lgas.length, 0));
    expect(html).not.toContain("selected");
  });

  it("marks a kept choice, once, and leaves the written list as it was", () => {
    const html = allLgaOptionsHtml(TEXTS, "Gusau");
    expect(html.match(/ selected=""/g)).toHaveLength(1);
    expect(html).toContain('<option value="Gusau" selected="">Gusau</option>');
    expect(allLgaOptionsHtml(TEXTS)).not.toContain("selected");
  });
});
