import { z } from "zod";
import { GENDERS } from "~/modules/person/gender";
import { isValidLga, isValidState } from "~/modules/person/nigeria";
import { fullNameProblem } from "./name";

// What a USSD session leaves behind so a dropped call can be continued (the route stores it,
// jsonb, by phone number, for 30 minutes). Plain JSON. Read back only through `parseDraft`: a
// draft written by an older version, or edited by hand, is dropped rather than trusted.
//
// Two halves, because the menu replays the whole of `text` on every request (menu.ts): the
// fold must start each request of a session from the same place. `start` is what the session
// started from (the draft of an earlier session it offered to continue, or null) and never
// changes during the session; `progress` is where the session is now, what a LATER session
// offers to continue. `sessionId` tells the two cases apart.

const PROGRESS_SCREENS = ["name", "gender", "state", "lga", "consent", "whatsapp", "confirm"] as const;

const progressSchema = z
  .object({
    language: z.enum(["en", "ha"]),
    /** the screen to continue on */
    at: z.enum(PROGRESS_SCREENS),
    /** the page of the state or LGA list the person was on */
    page: z.number().int().min(0).max(50).catch(0),
    fullName: z
      .string()
      .optional()
      .refine((name) => name === undefined || fullNameProblem(name) === null),
    gender: z.enum(GENDERS).optional(),
    state: z
      .string()
      .optional()
      .refine((state) => state === undefined || isValidState(state)),
    localGovernment: z.string().optional(),
    /** the privacy notice version agreed to (PRIVACY_NOTICE.version) */
    consentedVersion: z.string().max(20).optional(),
    /** "Also send my ticket on WhatsApp?" answered (asked only while WhatsApp is configured) */
    whatsapp: z.boolean().optional(),
  })
  .refine((p) => p.localGovernment === undefined || (p.state !== undefined && isValidLga(p.state, p.localGovernment)));

export type UssdProgress = z.infer<typeof progressSchema>;

const draftSchema = z.object({
  version: z.literal(1),
  sessionId: z.string().max(200),
  start: progressSchema.nullable(),
  progress: progressSchema.nullable(),
});

/** A saved session: see the top of this file. */
export type UssdDraft = z.infer<typeof draftSchema>;

/** A stored draft as the menu can use it, or null when it is not one (older shape, bad values). */
export function parseDraft(json: unknown): UssdDraft | null {
  const result = draftSchema.safeParse(json);
  return result.success ? result.data : null;
}
