import { z } from "zod";

// The fields Africa's Talking posts to a USSD callback. The number and the text are bounded
// (a gateway sends at most a few hundred characters); anything else is refused before the menu
// sees it. `text` is "" at the dial, then every answer so far joined with "*".
export const ussdRequestSchema = z.object({
  sessionId: z.string().min(1).max(128),
  serviceCode: z.string().max(64).default(""),
  phoneNumber: z.string().regex(/^\+?\d{7,15}$/),
  networkCode: z.string().max(16).default(""),
  text: z.string().max(2000).default(""),
});

export type UssdRequestFields = z.infer<typeof ussdRequestSchema>;
