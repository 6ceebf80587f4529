import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { hostileForm, hostileString, isClearMessage, toFormData } from "#tests/support/hostile-input.ts";
import { checkHuman } from "~/modules/booking-protection/human-check.server";
import { REGISTRATION_FIELDS as FORM_FIELDS, parseRegistration, registrationSchema, resendSchema } from "~/modules/person/fields";

// The public forms under hostile input: whatever arrives, the checks answer (never throw),
// refuse with our own clear messages, and what they accept is within the form's rules.

const FIELDS = ["intent", ...FORM_FIELDS];

describe("the registration form under hostile input", () => {
  it("server and browser checks agree, never throw, and explain every refusal (3,000 forms)", () => {
    fc.assert(
      fc.property(hostileForm(FIELDS), (fields) => {
        const form = toFormData(fields);
        const server = parseWithZod(form, { schema: registrationSchema });
        const browser = parseRegistration(form);
        expect(browser.status).toBe(server.status);
        if (server.status === "success") {
          expect(server.value.fullName.length).toBeGreaterThan(0);
          expect(server.value.fullName.length).toBeLessThanOrEqual(120);
          expect(server.value.reason.length).toBeLessThanOrEqual(2000);
          return;
        }
        const messages = Object.values(server.error ?? {}).flatMap((list) => list ?? []);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect(isClearMessage(message), message).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it("the lost-ticket form and the human check never throw (2,000 posts)", () => {
    fc.assert(
      fc.property(hostileString, hostileForm(["formStamp", "website", "email"]), (email, fields) => {
        const parsed = z.safeParse(resendSchema, { email });
        if (!parsed.success) expect(isClearMessage(parsed.error.issues[0]?.message)).toBe(true);
        // A made-up stamp is never accepted, whatever it looks like.
        expect(checkHuman(toFormData(fields), "human-check-secret-0123456789abcdef", "AAAAAAAAAAAAAAAAAAAAAA").ok).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });
});
