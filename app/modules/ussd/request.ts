import { z } from "zod";
import { textProblem } from "~/db/text";

// The fields Africa's Talking posts to a USSD callback. The number and the text are bounded
// (a gateway sends at most a few hundred characters); anything else is refused before the menu
// sees it. `text` is "" at the dial, then every answer so far joined with "*".
//
// Every field is one line of storable text (app/db/text.ts): a NUL, another control character
// or half a surrogate pair is refused here, before the session's row is written (PostgreSQL
// refuses NUL in text and JSON; before, the write failed and the error was caught late).
const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => textProblem(text, "line") === null, "not storable text");

export const ussdRequestSchema = z.object({
  sessionId: line(128).pipe(z.string().min(1)),
  serviceCode: line(64).default(""),
  phoneNumber: z.string().regex(/^\+?\d{7,15}$/),
  networkCode: line(16).default(""),
  text: line(2000).default(""),
});
