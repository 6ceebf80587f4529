import { z } from "zod";

// The SMS panel's two forms (Event Operations): the price of one SMS, for the cost estimate,
// and the organiser's phone for a test message; and the WhatsApp panel's price of one message.

/** A price in naira with up to two decimals ("4", "3.50"), stored in kobo: 0 to 100,000 as the settings row checks. */
const priceSchema = (what: string, example: string) =>
  z.object({
    price: z
      .string()
      .trim()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, `Enter the price of one ${what} in naira, like ${example}`)
      .transform((value) => Math.round(Number(value) * 100))
      .pipe(z.number().int().min(0).max(100_000, `At most ₦1,000 per ${what}`)),
  });

export const smsPriceSchema = priceSchema("SMS", "4 or 3.50");

/** The WhatsApp panel's price of one message (a "utility" template), for its estimate. */
export const whatsappPriceSchema = priceSchema("WhatsApp message", "6 or 5.50");

export const testSmsSchema = z.object({
  phone: z.string().trim().min(1, "Enter your phone number").max(30, "Enter your phone number"),
});

/** A price in kobo as the panel writes it: ₦4.00. */
export const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
