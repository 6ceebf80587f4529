import { describe, expect, it } from "vitest";
import { ussdRequestSchema } from "./request";

const fields = { sessionId: "ATUid_1", serviceCode: "*384*123#", phoneNumber: "+2348031234567", networkCode: "62130", text: "1*Musa Sani" };

describe("the USSD callback's fields", () => {
  it("takes what a gateway sends, Hausa letters and the apostrophe included", () => {
    expect(ussdRequestSchema.parse(fields)).toEqual(fields);
    expect(ussdRequestSchema.parse({ ...fields, text: "1*Ɗanjuma Ƙasimu Ɓello Ƴarʼadua" }).text).toBe("1*Ɗanjuma Ƙasimu Ɓello Ƴarʼadua");
    expect(ussdRequestSchema.parse({ sessionId: "s", phoneNumber: "08031234567" })).toMatchObject({ text: "", serviceCode: "" });
  });

  it("refuses a NUL, another control character or half a character in any field, before anything is stored", () => {
    for (const nasty of ["1*Musa\u0000Sani", "1*Musa\u0007", "1*\uD800Musa", "1*Musa\u202E", "1*Musa\nSani"]) {
      expect(ussdRequestSchema.safeParse({ ...fields, text: nasty }).success, JSON.stringify(nasty)).toBe(false);
      expect(ussdRequestSchema.safeParse({ ...fields, sessionId: `AT${nasty}` }).success, JSON.stringify(nasty)).toBe(false);
    }
    expect(ussdRequestSchema.safeParse({ ...fields, networkCode: "621\u0000" }).success).toBe(false);
    expect(ussdRequestSchema.safeParse({ ...fields, serviceCode: "*384#\u0000" }).success).toBe(false);
    expect(ussdRequestSchema.safeParse({ ...fields, sessionId: "" }).success).toBe(false);
    expect(ussdRequestSchema.safeParse({ ...fields, text: "1".repeat(2001) }).success).toBe(false);
  });
});
