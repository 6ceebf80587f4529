import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { hostileForm, isClearMessage } from "#tests/support/hostile-input.ts";
import { loginSchema } from "~/modules/auth/schemas";
import { nextEditionSchema } from "~/modules/editions/schemas";
import { settingsSchema } from "~/modules/settings/schemas";
import { agendaItemSchema, contentListFormSchema, partnerSchema, speakerSchema, specialGuestSchema } from "./schemas";

// Every admin form's check under hostile input (the sign-in form, the four content forms, the
// list actions, Event Settings): it answers, never throws, and explains each refusal in our
// words (the list actions are posted by buttons, not typed: their refusal is a plain 400).
// Whatever a form accepts keeps to its limits: links are http(s) or a path on this site.

const FORMS: [string, z.ZodType, string[]][] = [
  ["sign-in", loginSchema, ["email", "password"]],
  ["speaker", speakerSchema, ["name", "title", "bio", "speaker_type", "image_url"]],
  ["special guest", specialGuestSchema, ["name", "title", "bio", "image_url"]],
  ["agenda item", agendaItemSchema, ["time", "title", "description", "speaker_name", "speaker_id"]],
  ["partner", partnerSchema, ["name", "logo_url", "website_url"]],
  ["list action", contentListFormSchema, ["intent", "id", "direction"]],
  [
    "next edition",
    nextEditionSchema,
    ["name", "name_ha", "event_date", "event_starts_at", "event_ends_at", "venue", "max_attendees", "keep_speakers", "keep_agenda"],
  ],
  [
    "event settings",
    settingsSchema,
    [
      "event_name",
      "event_date",
      "event_starts_at",
      "event_ends_at",
      "venue",
      "about",
      "contact_email",
      "max_attendees",
      "retention_days",
      "waitlist_offer_hours",
      "organiser_name",
      "privacy_email",
      "facebook_url",
      "twitter_url",
      "instagram_url",
      "registration_enabled",
    ],
  ],
];

describe("admin forms under hostile input", () => {
  it.each(FORMS)("the %s form answers every input and explains each refusal (1,000 forms)", (_name, schema, fields) => {
    fc.assert(
      fc.property(hostileForm(fields), (form) => {
        const parsed = schema.safeParse(form);
        if (!parsed.success) {
          if (schema === contentListFormSchema) return;
          for (const issue of parsed.error.issues)
            expect(isClearMessage(issue.message), `${issue.path.join(".")}: ${issue.message}`).toBe(true);
          return;
        }
        // Links a page will show can never run script.
        for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
          if (/url$/.test(key) && typeof value === "string" && value !== "") expect(value, key).toMatch(/^(https?:\/\/|\/(?!\/))/i);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
