import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { isPhoneNumber } from "./phone";
import { phoneSearchKey, storedPhone } from "./phone.server";

// The registration form's phone rule (phone.ts), the number as stored and a search text read
// as a number (phone.server.ts).

const REAL = [
  "0803 123 4567",
  "08031234567",
  "0803-123-4567",
  "(0803) 123-4567",
  " +234 803 123 4567 ",
  "+2348031234567",
  "0701 234 5678",
  "0810 000 0000",
  "0909 999 9999",
  "0913 456 7890",
  "0201 234 5678",
  // Other countries, written with their + code.
  "+44 20 7946 0958",
  "+1 202-555-0143",
  "+227 90 12 34 56",
];
const WRONG = [
  "0803 123 456", // a digit short
  "0803 123 45678", // a digit too many
  "(((())))))",
  "8031234567", // no 0 and no +234
  "234 803 123 4567", // +234 without its +
  "0600 123 4567", // no Nigerian number starts 06
  "0100 000 0000",
  "+234 803 123 456",
  "+234 0803 123 4567",
  "+0 123 456 789",
  "+12345",
  "0803 123 4567 ext 2",
  "0803.123.4567",
  "0803\u0000123 4567",
  "0803<script>1234567",
  "٠٨٠٣١٢٣٤٥٦٧", // Arabic-Indic digits
  "０８０３１２３４５６７", // full-width digits
  "+234 803 123 4567; DROP TABLE attendees",
  "",
  "   ",
];

describe("isPhoneNumber (the form's rule)", () => {
  it.each(REAL)("accepts %j", (phone) => expect(isPhoneNumber(phone)).toBe(true));
  it.each(WRONG)("refuses %j", (phone) => expect(isPhoneNumber(phone)).toBe(false));

  it("gives libphonenumber's verdict on every 11-digit number starting 0 whose first three digits differ", () => {
    for (let prefix = 0; prefix < 1000; prefix++) {
      const phone = `0${String(prefix).padStart(3, "0")}1234567`;
      const library = parsePhoneNumberFromString(phone, "NG")?.isValid() ?? false;
      expect(isPhoneNumber(phone), phone).toBe(library);
    }
  });
});

describe("storedPhone and phoneSearchKey", () => {
  it("stores Nigerian numbers and other countries' in E.164", () => {
    expect(storedPhone(" 0803 123 4567 ")).toBe("+2348031234567");
    expect(storedPhone("(0803) 123-4567")).toBe("+2348031234567");
    expect(storedPhone("+44 20 7946 0958")).toBe("+442079460958");
  });

  it.each(["0803 123 4567", "+234 803 123 4567", "08031234567", "8031234567", "0803-123-4567", "+2348031234567"])(
    "reads the search %j as +2348031234567",
    (text) => expect(phoneSearchKey(text)).toBe("+2348031234567"),
  );

  it.each(["Hauwa", "0803", "hauwa08031234567@example.org", "ZYS-MWVZN1KD-8MGRT4", "0803 123 456", "(((())))))", ""])(
    "reads the search %j as no number",
    (text) => expect(phoneSearchKey(text)).toBeNull(),
  );
});
