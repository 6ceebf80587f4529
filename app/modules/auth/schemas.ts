import { z } from "zod";
import { EMAIL_PATTERN } from "~/db/email";

// Shared by the admin sign-in form, the admin CLI and account functions; safe in the browser bundle.

/** An e-mail address, trimmed and lower-cased: the form in which accounts are stored and looked up. */
export const emailSchema = z
  .string({ error: "Email address is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email address is required")
  .max(254, "Please enter a valid email address")
  .regex(EMAIL_PATTERN, "Please enter a valid email address");

/** The admin sign-in form. Any password length is accepted here: the hash check decides. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
