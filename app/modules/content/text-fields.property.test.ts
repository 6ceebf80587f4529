import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as mini from "zod/mini";
import { VALID_SETTINGS_FORM } from "#tests/support/form-values.ts";
import { LINE_TEXT, LINES_TEXT, storedText, TEXT_MESSAGES, type TextShape } from "~/db/text";
import { attendeeIdFormSchema } from "~/modules/attendees/schemas";
import { codeSchema, loginSchema } from "~/modules/auth/schemas";
import * as registrationSchemas from "~/modules/person/fields";
import { registrationSchema, resendSchema } from "~/modules/person/fields";
import { settingsSchema } from "~/modules/settings/schemas";
import * as authSchemas from "../auth/schemas";
import * as outreachSchemas from "../outreach/schemas";
import * as settingsSchemas from "../settings/schemas";
import * as contentSchemas from "./schemas";
import { agendaItemSchema, partnerSchema, speakerSchema, specialGuestSchema } from "./schemas";

// Every form's text fields, public and admin, under the characters that used to break a write
// (NUL and the other controls, lone surrogates, direction overrides, line breaks in a one-line
// field) and those that must always pass (the Hausa letters, every apostrophe, tone marks,
// emoji, Arabic script), generated on purpose; and a check that no schema's string field
// bypasses the one text rule (~/db/text).

type Issue = { path: PropertyKey[]; message: string };
type Form = { name: string; parse: (value: Record<string, string>) => { data?: unknown; issues: Issue[] } };
const classicForm = (name: string, schema: { safeParse: (v: unknown) => { data?: unknown; error?: { issues: Issue[] } } }): Form => ({
  name,
  parse: (value) => {
    const result = schema.safeParse(value);
    return { data: result.data, issues: result.error?.issues ?? [] };
  },
});
const miniForm = (name: string, schema: mini.ZodMiniType): Form => ({
  name,
  parse: (value) => {
    const result = mini.safeParse(schema, value);
    return { data: result.data, issues: result.error?.issues ?? [] };
  },
});

// A valid form each, and its free-text fields (any letter may go there) with their shape.
const FORMS: { form: Form; valid: Record<string, string>; free: Record<string, TextShape> }[] = [
  {
    form: miniForm("registration", registrationSchema),
    valid: {
      fullName: "Amina Yusuf",
      email: "amina@example.org",
      phone: "08012345678",
      gender: "female",
      organization: "Gusau Youth Hub",
      position: "Coordinator",
      reason: "To learn.",
      consent: "on",
    },
    free: { fullName: "line", organization: "line", position: "line", reason: "lines" },
  },
  { form: miniForm("lost ticket", resendSchema), valid: { email: "amina@example.org" }, free: {} },
  {
    form: classicForm("speaker", speakerSchema),
    valid: { name: "Hauwa Bello", title: "Director", bio: "Works in Gusau." },
    free: { name: "line", title: "line", bio: "lines" },
  },
  {
    form: classicForm("special guest", specialGuestSchema),
    valid: { name: "Hauwa Bello", title: "Emir", bio: "Of Gusau." },
    free: { name: "line", title: "line", bio: "lines" },
  },
  {
    form: classicForm("agenda item", agendaItemSchema),
    valid: { time: "9:00 AM", title: "Opening", speaker_name: "Hauwa Bello", description: "Welcome." },
    free: { time: "line", title: "line", speaker_name: "line", description: "lines" },
  },
  { form: classicForm("partner", partnerSchema), valid: { name: "Gusau Hub", website_url: "https://example.org" }, free: { name: "line" } },
  {
    form: classicForm("event settings", settingsSchema),
    valid: VALID_SETTINGS_FORM,
    free: {
      event_name: "line",
      venue: "line",
      about: "lines",
      organiser_name: "line",
      guest_of_honor_name: "line",
      certificate_signer_name: "line",
      certificate_signer_title: "line",
    },
  },
  { form: classicForm("sign-in", loginSchema), valid: { email: "admin@example.org", password: "secret" }, free: {} },
  { form: classicForm("authenticator code", codeSchema), valid: { code: "123456" }, free: {} },
  { form: classicForm("attendee action", attendeeIdFormSchema), valid: { id: "7f1d0c8e-2b7a-4a55-9b1e-0c3b9d6e1a2f" }, free: {} },
];
// A password is kept as typed (auth/schemas.ts): never stored or shown, only hashed.
const AS_TYPED = new Set(["sign-in.password"]);

const refused = fc.oneof(
  fc
    .integer({ min: 0, max: 0x1f })
    .filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)
    .map((c) => ({ text: String.fromCharCode(c), message: TEXT_MESSAGES.controlCharacter })),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => ({ text: String.fromCharCode(c), message: TEXT_MESSAGES.controlCharacter })),
  fc
    .constantFrom("\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069")
    .map((text) => ({ text, message: TEXT_MESSAGES.controlCharacter })),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => ({ text: String.fromCharCode(c), message: TEXT_MESSAGES.loneSurrogate })),
);
const lineBreak = fc.constantFrom("\n", "\r", "\r\n", "\t", "\u2028", "\u2029");
const welcome = fc.oneof(
  fc.constantFrom(
    "ƙ",
    "ɗ",
    "ɓ",
    "ƴ",
    "Ƙ",
    "Ɗ",
    "Ɓ",
    "Ƴ",
    "'",
    "\u02BC",
    "\u2019",
    "Ɗanlami Ƙaura Ɓello Ƴar'Adua",
    "😀",
    "👩🏾‍💻",
    "محمد",
    "\u200F",
    "é",
  ),
  fc.integer({ min: 0x300, max: 0x36f }).map((c) => `e${String.fromCharCode(c)}`),
);
const insert = (value: string, at: number, text: string) => {
  const i = 1 + (at % Math.max(1, value.length - 1));
  return value.slice(0, i) + text + value.slice(i);
};
const issuesAt = (issues: Issue[], field: string) => issues.filter((i) => i.path.join(".") === field).map((i) => i.message);

describe("every form's text under the characters that break things, and those that must pass", () => {
  it.each(FORMS.map((f) => [f.form.name, f] as const))("the %s form", (_name, { form, valid, free }) => {
    expect(form.parse(valid).issues).toEqual([]);
    const fields = Object.keys(valid).filter(
      (field) => !AS_TYPED.has(`${form.name}.${field}`) && field !== "gender" && field !== "consent",
    );
    fc.assert(
      fc.property(fc.constantFrom(...fields), refused, fc.nat(), (field, bad, at) => {
        const { issues } = form.parse({ ...valid, [field]: insert(valid[field] ?? "", at, bad.text) });
        expect(issuesAt(issues, field), `${field} ${JSON.stringify(bad.text)}`).toContain(bad.message);
      }),
      { numRuns: 500 },
    );
    const freeFields = Object.keys(free);
    if (freeFields.length === 0) return;
    fc.assert(
      fc.property(
        fc.constantFrom(...freeFields),
        fc.array(welcome, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        lineBreak,
        (field, texts, at, br) => {
          const shape = free[field] ?? "line";
          const typed = insert(valid[field] ?? "", at, texts.join(""));
          fc.pre(typed.length <= 40); // within every field's length
          const ok = form.parse({ ...valid, [field]: typed });
          expect(ok.issues, `${field} ${JSON.stringify(typed)}`).toEqual([]);
          expect((ok.data as Record<string, string>)[field]).toBe(storedText(typed.trim(), shape));
          expect((ok.data as Record<string, string>)[field]).toBe(((ok.data as Record<string, string>)[field] ?? "").normalize("NFC"));
          // A line break: only where the form has a textarea.
          const broken = form.parse({ ...valid, [field]: insert(valid[field] ?? "", at, `a${br}b`) });
          if (shape === "lines") expect(broken.issues).toEqual([]);
          else expect(issuesAt(broken.issues, field)).toContain(TEXT_MESSAGES.singleLine);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// The schemas' definitions, walked: every string in them carries the text rule's checks.
type Def = { type: string; format?: string; checks?: unknown[]; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
function unguardedStrings(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  if (def.type === "string") {
    if (def.format && def.format !== "regex") return []; // uuid, email…: a format admits no control character
    const checks = def.checks ?? [];
    return checks.includes(LINE_TEXT[0]) || checks.includes(LINES_TEXT[0]) ? [] : [path];
  }
  const inner: [string, unknown][] = [];
  if (def.type === "object") for (const [key, value] of Object.entries(def.shape as object)) inner.push([`${path}.${key}`, value]);
  for (const key of ["innerType", "in", "out", "element"]) if (def[key]) inner.push([path, def[key]]);
  if (Array.isArray(def.options)) for (const option of def.options) inner.push([path, option]);
  return inner.flatMap(([p, s]) => unguardedStrings(s, p, seen));
}

describe("no form bypasses the text rule", () => {
  it("every string field of every exported schema carries LINE_TEXT or LINES_TEXT (a password excepted)", () => {
    const modules = {
      auth: authSchemas,
      registration: registrationSchemas,
      settings: settingsSchemas,
      content: contentSchemas,
      outreach: outreachSchemas,
    };
    const found = Object.entries(modules).flatMap(([module, exports]) =>
      Object.entries(exports).flatMap(([name, schema]) => unguardedStrings(schema, `${module}.${name}`)),
    );
    expect(found).toEqual(["auth.loginSchema.password", "auth.confirmIdentitySchema.proof"]);
    // The walk does find strings: a field without the rule would be listed.
    expect(unguardedStrings(mini.object({ plain: mini.string() }), "x")).toEqual(["x.plain"]);
  });
});
