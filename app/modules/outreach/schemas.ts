import { z } from "zod";
import { SOURCE_NAME_MAX } from "~/db/outreach-codes";
import { requiredText } from "~/forms/field-schemas";

// The Outreach page's form, one schema for the browser and the action (nothing server-side here).
// A source's name is organisers' text like any other: one line, no control characters, NFC.

export const createSourceSchema = z.object({ name: requiredText(SOURCE_NAME_MAX) });

export const OUTREACH_MESSAGES = {
  duplicateName: "A source with this name exists already. Please choose another name.",
  created: (name: string) => `“${name}” created. Its link, QR code and posters are ready below.`,
  archived: (name: string) => `“${name}” archived: its link no longer counts visits. Its figures stay.`,
  restored: (name: string) => `“${name}” restored: its link counts visits again.`,
  deleted: (name: string) => `“${name}” deleted.`,
  hasRegistrations: "People registered through this source, so it can only be archived: its figures must stay.",
  missing: "This source does not exist any more.",
  failed: "Sorry, that did not work. Please try again.",
} as const;
