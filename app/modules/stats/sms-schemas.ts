import { z } from "zod";

// The SMS panel's two forms (Event Operations): the price of one SMS, for the cost estimate,
// and the organiser's phone for a test message.

export const smsPriceSchema = z.object({
  // Naira with up to two decimals ("4", "3.50"); stored in kobo.
  price: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, "Enter the price of one SMS in naira, like 4 or 3.50")
    .transform((value) => Math.round(Number(value) * 100))
    .pipe(z.number().int().min(0).max(100_000, "At most ₦1,000 per SMS")),
});

export const testSmsSchema = z.object({
  phone: z.string().trim().min(1, "Enter your phone number").max(30, "Enter your phone number"),
});

/** A price in kobo as the panel writes it: ₦4.00. */
export const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
