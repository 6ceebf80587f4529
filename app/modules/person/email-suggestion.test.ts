import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN } from "~/db/email";
import { suggestEmail } from "./email-suggestion";

describe("suggestEmail", () => {
  it.each([
    ["sani.garba@gmial.com", "sani.garba@gmail.com"],
    ["sani.garba@gamil.com", "sani.garba@gmail.com"],
    ["sani.garba@gmai.com", "sani.garba@gmail.com"],
    ["sani.garba@gmal.com", "sani.garba@gmail.com"],
    ["sani.garba@gmail.con", "sani.garba@gmail.com"],
    ["sani.garba@gmail.co", "sani.garba@gmail.com"],
    ["sani.garba@gmail.com.ng", "sani.garba@gmail.com"],
    ["Sani.Garba@GMIAL.COM", "Sani.Garba@gmail.com"],
    ["ƙasimu.ɗanladi@gmial.com", "ƙasimu.ɗanladi@gmail.com"],
    ["hauwa@yaho.com", "hauwa@yahoo.com"],
    ["hauwa@yahoo.cm", "hauwa@yahoo.com"],
    ["hauwa@ymail.co", "hauwa@ymail.com"],
    ["musa@hotmial.com", "musa@hotmail.com"],
    ["musa@outlok.com", "musa@outlook.com"],
    ["musa@icloud.con", "musa@icloud.com"],
  ])("questions %j: did you mean %j?", (typed, meant) => expect(suggestEmail(typed)).toBe(meant));

  it.each([
    "sani.garba@gmail.com",
    "sani@yahoo.co.uk",
    "sani@yahoo.fr",
    "sani@hotmail.fr",
    "sani@live.com",
    "sani@mail.com",
    "sani@email.com",
    "sani@example.com",
    "sani@example.org",
    "sani@fugusau.edu.ng",
    "sani@abu.edu.ng",
    "sani@student.unilag.edu.ng",
    "sani@zamfara.gov.ng",
    "sani@gov.ng",
    "sani@company.com.ng",
    "sani@mtn.ng",
    "sani@acme.co",
    "sani@gmx.de",
    "visitor+123@visitor.example.com",
  ])("leaves %j alone", (typed) => expect(suggestEmail(typed)).toBeNull());

  it("never throws, and suggests only addresses the form accepts, for nasty input", () => {
    const nasty = [
      "",
      "@",
      "@@",
      "a@",
      "@gmail.com",
      "a@@gmial.com",
      "a@gmial.com\u0000",
      "<script>@gmial.com",
      "😀@gmial.com",
      "a@.",
      "a@gmail..com",
      "a@gmial.com@gmial.com",
      " a@gmial.com ",
      "a@\u202egmial.com",
      "a@ｇmail.com",
      "a@gmial.com\ud800",
      "\udc00@gmial.com",
      "x".repeat(300),
    ];
    for (const typed of nasty) {
      const suggestion = suggestEmail(typed);
      if (suggestion !== null) expect(typeof suggestion).toBe("string");
    }
    expect(suggestEmail(" a@gmial.com ")).toBe("a@gmail.com");
    for (const typed of ["amina@gmial.com", "a.b-c+d@yaho.com", "x_y@hotmial.com"]) {
      expect(EMAIL_PATTERN.test(suggestEmail(typed) ?? ""), typed).toBe(true);
    }
  });
});
