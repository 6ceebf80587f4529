import { describe, expect, it } from "vitest";
import { completeWebAddress, webAddress } from "./field-schemas";

describe("web addresses in the admin forms", () => {
  it("completes a bare host name with https://, as a browser's address bar does", () => {
    expect(webAddress.parse("www.mtn.ng")).toBe("https://www.mtn.ng");
    expect(webAddress.parse(" mtn.ng/about?x=1 ")).toBe("https://mtn.ng/about?x=1");
    expect(webAddress.parse("facebook.com/ZamfaraYouth")).toBe("https://facebook.com/ZamfaraYouth");
    expect(webAddress.parse("//example.org")).toBe("https://example.org");
    expect(webAddress.parse("gidan-matasa.ng:8080/shafi")).toBe("https://gidan-matasa.ng:8080/shafi");
    expect(webAddress.parse("http://old.example.org")).toBe("http://old.example.org");
    expect(webAddress.parse("")).toBe("");
  });

  it("still refuses what no visitor should follow, or what is no address", () => {
    for (const value of [
      "javascript:alert(1)",
      "data:text/html,x",
      "mailto:a@example.org",
      "not an address",
      "mtn",
      "www.mtn.ng javascript:",
      "\u0000x.ng",
    ]) {
      expect(webAddress.safeParse(value).success, value).toBe(false);
    }
    // Left as typed for the check to refuse, never turned into a link.
    expect(completeWebAddress("javascript:alert(1)")).toBe("javascript:alert(1)");
  });
});
