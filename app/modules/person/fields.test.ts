import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { english } from "#tests/support/english.ts";
import { isResendByPhone, joinFieldErrors, parseRegistration, REGISTRATION_FIELDS, registrationSchema, resendSchema } from "./fields";
import { registrationInput } from "./test-data.server";

// The rules and messages of the registration form, checked the way the server
// applies them (parseWithZod on the posted form) and, for every case, that the browser's
// lighter parseRegistration reaches exactly the same result.

const ADA = registrationInput({ fullName: "Ada Bello", email: "ada@example.com", phone: "0803 123 4567", gender: "female" });
const VALID = { intent: "register", ...ADA };

type Fields = Record<string, string | undefined>;

function form(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

type Outcome = { status?: "success" | "error"; payload: unknown; value?: unknown; error?: Record<string, string[] | null> };
/** A Submission's fields without narrowing on its status (the two parsers' types differ in detail). */
const outcome = (submission: object): Outcome => {
  const { status, payload, value, error } = submission as Outcome;
  return { status, payload, value, error };
};
const serverParse = (fields: Fields) => outcome(parseWithZod(form(fields), { schema: registrationSchema }));
/** The first message per field, as the form shows them to an English reader (the schema gives keys). */
const errorsOf = (fields: Fields) =>
  Object.fromEntries(Object.entries(serverParse(fields).error ?? {}).map(([name, messages]) => [name, english(messages?.[0] ?? "")]));
const with_ = (overrides: Fields) => ({ ...VALID, ...overrides });

describe("registration schema", () => {
  it("accepts a complete registration, trims text and fills optional fields with empty strings", () => {
    const submission = serverParse(with_({ fullName: "  Ada Bello ", email: " ada@example.com ", organization: undefined }));
    expect(submission.status).toBe("success");
    expect(submission.value).toEqual(ADA);
  });

  it("accepts a registration without state and local government", () => {
    expect(serverParse(with_({ state: "", localGovernment: "" })).status).toBe("success");
  });

  it.each([
    ["fullName", "", "Full name is required"],
    ["fullName", "   ", "Full name is required"],
    ["fullName", undefined, "Full name is required"],
    ["fullName", "x".repeat(121), "Please keep this under 120 characters"],
    ["email", "", "Email address is required"],
    ["email", "ada@example", "Please enter a valid email address"],
    ["email", "ada bello@example.com", "Please enter a valid email address"],
    ["email", `${"x".repeat(250)}@example.com`, "Please enter a valid email address"],
    ["phone", "", "Phone number is required"],
    ["phone", "12345", "Please enter a valid phone number (e.g. 0803 123 4567)"],
    ["phone", "phone 0803123", "A phone number is digits only; spaces, hyphens and brackets may separate them (e.g. 0803 123 4567)"],
    ["phone", "1".repeat(31), "Please enter a valid phone number (e.g. 0803 123 4567)"],
    ["phone", "0803 123 456", "This phone number is a digit short: a Nigerian number is 0 and 10 digits (e.g. 0803 123 4567)"],
    ["phone", "0803 123 45678", "This phone number has a digit too many: a Nigerian number is 0 and 10 digits (e.g. 0803 123 4567)"],
    [
      "phone",
      "0503 123 4567",
      "This is not a Nigerian mobile number: after the 0 it starts with 7, 8 or 9 (e.g. 0803 123 4567). A number from another country starts with + and its country code.",
    ],
    ["phone", "(((())))))", "Please enter a valid phone number (e.g. 0803 123 4567)"],
    ["gender", "", "Please select your gender"],
    ["gender", "Female", "Please select your gender"],
    ["organization", "x".repeat(161), "Please keep this under 160 characters"],
    ["position", "x".repeat(121), "Please keep this under 120 characters"],
    ["reason", "x".repeat(2001), "Please keep this under 2000 characters"],
    ["state", "Atlantis", "Please select a state from the list"],
    ["state", "zamfara", "Please select a state from the list"],
    ["consent", "", "Please confirm your consent to continue"],
    ["consent", "yes", "Please confirm your consent to continue"],
  ])("rejects %s = %j with “%s”", (field, value, message) => {
    const fields = with_({ [field]: value });
    if (field === "state") fields.localGovernment = "";
    expect(errorsOf(fields)).toEqual({ [field]: message });
  });

  it("keeps text at the limits", () => {
    const submission = serverParse(
      with_({ fullName: "x".repeat(120), organization: "o".repeat(160), position: "p".repeat(120), reason: "r".repeat(2000) }),
    );
    expect(submission.status).toBe("success");
  });

  it("accepts the phone formats people type", () => {
    for (const phone of ["08031234567", "+234 803 123 4567", "(0803) 123-4567", "+234 0803 123 4598", "8031234599"]) {
      expect(serverParse(with_({ phone })).status, phone).toBe("success");
    }
  });

  it("requires the local government to belong to the chosen state", () => {
    expect(errorsOf(with_({ state: "Lagos", localGovernment: "Gusau" }))).toEqual({
      localGovernment: "Please select a local government in Lagos",
    });
    expect(errorsOf(with_({ state: "", localGovernment: "Gusau" }))).toEqual({ localGovernment: "Please select your state first" });
    expect(serverParse(with_({ state: "Lagos", localGovernment: "Ikeja" })).status).toBe("success");
  });

  it("reports every invalid field at once, joined in form order", () => {
    const submission = serverParse({ email: "not-an-email", consent: "" });
    expect(joinFieldErrors(submission.error ?? undefined, english)).toBe(
      "Full name is required, Please enter a valid email address, Phone number is required, Please select your gender, Please confirm your consent to continue",
    );
    expect(joinFieldErrors(undefined)).toBe("");
    expect(REGISTRATION_FIELDS).toEqual(Object.keys(registrationSchema.def.shape));
  });
});

describe("parseRegistration (the browser's validation)", () => {
  const cases: Fields[] = [
    VALID,
    {},
    { email: "not-an-email", consent: "" },
    with_({ fullName: "  Ada  ", email: " ADA@example.com ", phone: " +234 803 123 4567 ", reason: "  to learn  " }),
    with_({ organization: "  ", position: "   ", reason: " " }),
    with_({ state: "Lagos", localGovernment: "Gusau" }),
    with_({ state: "", localGovernment: "Gusau" }),
    with_({ state: "Atlantis", localGovernment: "Gusau" }),
    with_({ state: " Zamfara ", localGovernment: " Gusau " }),
    with_({ state: "x".repeat(61), localGovernment: "x".repeat(81) }),
    with_({ gender: "Other", consent: "true" }),
    with_({ fullName: "x".repeat(121), organization: "x".repeat(161), reason: "x".repeat(2001) }),
    with_({ intent: undefined, extra: "ignored" }),
  ];

  it.each(cases.map((fields) => [JSON.stringify(fields).slice(0, 80), fields] as const))("matches the server for %s", (_, fields) => {
    expect(outcome(parseRegistration(form(fields)))).toEqual(serverParse(fields));
  });
});

describe("the lost-ticket form's schema", () => {
  it("takes an e-mail address or a phone number as people write them, and tells which", () => {
    for (const value of [
      "amina@example.org",
      " Amina@Example.org ",
      "0803 123 4567",
      "+234 803 123 4567",
      "8031234567",
      "+233 24 123 4567",
    ]) {
      expect(z.safeParse(resendSchema, { email: value }).success, value).toBe(true);
    }
    expect(isResendByPhone("0803 123 4567")).toBe(true);
    expect(isResendByPhone("amina@example.org")).toBe(false);
  });

  it("refuses anything else with one clear message", () => {
    for (const value of ["", "amina at home", "0803 123", "=cmd|' /c calc'!A0", "Ɗanjuma\u0000"]) {
      const parsed = z.safeParse(resendSchema, { email: value });
      expect(parsed.success, value).toBe(false);
    }
    expect(z.safeParse(resendSchema, { email: "amina at home" }).error?.issues[0]?.message).toBe("validation.emailOrPhone");
  });
});
