import { describe, expect, it } from "vitest";
import { nameForYear } from "./schemas";

describe("the site's name proposed for the next edition", () => {
  it("moves the ending edition's year to the next one's, wherever it stands as a number of its own", () => {
    expect(nameForYear("Zamfara Youth Summit 2026", "2026", "2027")).toBe("Zamfara Youth Summit 2027");
    expect(nameForYear("2026 Zamfara Youth Summit", "2026", "2027")).toBe("2027 Zamfara Youth Summit");
    expect(nameForYear("Taron Matasa na Zamfara (2026)", "2026", "2027")).toBe("Taron Matasa na Zamfara (2027)");
    expect(nameForYear("ZYS2026", "2026", "2027")).toBe("ZYS2027");
  });

  it("keeps a name without that year, and other numbers in it, as they are", () => {
    expect(nameForYear("Zamfara Youth Summit", "2026", "2027")).toBe("Zamfara Youth Summit");
    expect(nameForYear("Zamfara Youth Summit 2025", "2026", "2027")).toBe("Zamfara Youth Summit 2025");
    expect(nameForYear("Summit 20261 for 12026 youths", "2026", "2027")).toBe("Summit 20261 for 12026 youths");
    expect(nameForYear("Ƙungiyar Ɗalibai ta Gusau ʼ26", "2026", "2027")).toBe("Ƙungiyar Ɗalibai ta Gusau ʼ26");
  });
});
