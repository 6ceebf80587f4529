import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { isPhoneNumber, nigerianPhone, phoneProblem } from "./phone";
import { localPhone, phoneSearchKey, storedPhone } from "./phone.server";

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
  // The trunk 0 kept after +234, and the ten digits without their 0.
  "+234 0803 123 4598",
  "+2340803-123-4598",
  "8031234599",
  "803 123 4599",
  "701 234 5678",
  "913 456 7890",
  // Other countries, written with their + code.
  "+44 20 7946 0958",
  "+1 202-555-0143",
  "+227 90 12 34 56",
];
const WRONG = [
  "0803 123 456", // a digit short
  "0803 123 45678", // a digit too many
  "(((())))))",
  "6031234567", // ten digits without a 0 that are not a Nigerian number
  "2031234567",
  "803123456", // ten digits without their 0, one short
  "00803 123 4567", // two trunk 0s
  "+234 00803 123 4567",
  "234 803 123 4567", // +234 without its +
  "0600 123 4567", // no Nigerian number starts 06
  "0100 000 0000",
  "+234 803 123 456",
  "+234 0603 123 4567",
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

describe("phoneProblem says what is wrong", () => {
  it.each([
    ["0803 123 456", 'validation.phoneShort|{"count":1}'],
    ["0803 12", 'validation.phoneShort|{"count":5}'],
    ["+234 803 123 456", 'validation.phoneShort|{"count":1}'],
    ["803123456", 'validation.phoneShort|{"count":1}'],
    ["0803 123 45678", 'validation.phoneLong|{"count":1}'],
    ["+234 0803 123 456789", 'validation.phoneLong|{"count":2}'],
    ["0600 123 4567", "validation.phoneNotNigerian"],
    ["+234 100 000 0000", "validation.phoneNotNigerian"],
    ["0803.123.4567", "validation.phoneCharacters"],
    ["0803<script>1234567", "validation.phoneCharacters"],
    ["٠٨٠٣١٢٣٤٥٦٧", "validation.phoneCharacters"],
    ["0803\u0000123 4567", "validation.phoneCharacters"],
    ["12345", "validation.phone"],
    ["+12345", "validation.phone"],
    ["0", "validation.phone"],
    ["+234", "validation.phone"],
    ["(((())))))", "validation.phone"],
  ])("%j: %s", (phone, problem) => expect(phoneProblem(phone)).toBe(problem));

  it("says nothing is wrong with a number", () => {
    for (const phone of REAL) expect(phoneProblem(phone), phone).toBeNull();
  });
});

describe("storedPhone and phoneSearchKey", () => {
  it.each(["+234 0803 123 4599", "8031234599", "0803 123 4599", "+234 803-123-4599", "(803) 123 4599"])(
    "stores %j as +2348031234599, as the form reads it",
    (phone) => {
      expect(nigerianPhone(phone)).toBe("+2348031234599");
      expect(storedPhone(phone)).toBe("+2348031234599");
    },
  );

  it("holds the form's reading of a Nigerian number to the library's, for every prefix in every writing", () => {
    for (let prefix = 0; prefix < 1000; prefix++) {
      const national = `${String(prefix).padStart(3, "0")}1234567`;
      for (const phone of [`0${national}`, `+234${national}`, `+2340${national}`, national]) {
        const read = nigerianPhone(phone);
        if (read) expect(parsePhoneNumberFromString(read)?.isValid(), phone).toBe(true);
        if (read) expect(storedPhone(phone), phone).toBe(read);
      }
    }
  });

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

describe("a stored number written back as people write it", () => {
  it("gives a Nigerian number its 0 and spaces, and reads back to the same stored number; any other stays as stored", () => {
    for (const stored of ["+2348031234567", "+2349012345678", "+2347012345678"]) {
      const local = localPhone(stored);
      expect(local).toMatch(/^0\d{3} \d{3} \d{4}$/);
      expect(storedPhone(local)).toBe(stored);
    }
    expect(localPhone("+447911123456")).toBe("+447911123456");
    expect(localPhone("0803 123")).toBe("0803 123");
  });
});
