import fc from "fast-check";

// Inputs an attacker (or an unlucky phone keyboard) sends, for the property tests: markup and
// script, formula starters for spreadsheets, SQL, template syntax, control characters, lone
// surrogates, Hausa letters, right-to-left marks, very long runs, and plain random Unicode.

const PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  '=HYPERLINK("http://evil")',
  "+1+1",
  "-2+3",
  "@SUM(A1)",
  "'; DROP TABLE attendees; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the template syntax is the payload
  "{{7*7}}${7*7}",
  "\u0000\u0001\u001b[31m",
  "\r\nBCC: victim@example.org",
  "\uD800",
  "Ɗanladi Ƙasimu Ɓello Ƴusuf",
  "\u202Eevil\u202C",
  "../../etc/passwd",
  "%00%0d%0a",
  "__proto__",
  "constructor",
  "\t=1",
];

/** One hostile string: a known payload, random Unicode, or both mixed, sometimes very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 20 })).map((p) => p.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom(...PAYLOADS).chain((p) => fc.integer({ min: 1, max: 400 }).map((n) => p.repeat(n))) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "0", "-1", "1e9", "NaN", "Infinity", "true", "null", "undefined", "[]", "{}") },
);

/** A form body: the given field names (each present or not) and some random extra ones, with hostile values. */
export function hostileForm(fields: readonly string[]): fc.Arbitrary<Record<string, string>> {
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((name) => [name, hostileString])) as Record<string, fc.Arbitrary<string>>, {
        requiredKeys: [],
      }),
      fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, string>);
}

export function toFormData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

// Zod's own English fallbacks ("Invalid input", "Expected string…"): a refusal must say what to do instead.
const GENERIC = /^(Invalid|Too (small|big)|Expected|Unrecognized|Required$)/;

/** Every message a person would read is ours: not empty, not one of Zod's generic fallbacks. */
export function isClearMessage(message: string | undefined): boolean {
  return typeof message === "string" && message.trim().length > 0 && !GENERIC.test(message);
}
