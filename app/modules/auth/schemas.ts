import { z } from "zod";
import { EMAIL_PATTERN } from "~/db/email";
import { LINE_TEXT } from "~/db/text";

// Shared by the admin sign-in form, the admin CLI and account functions; safe in the browser bundle.

/** An e-mail address, trimmed and lower-cased: the form in which accounts are stored and looked up. */
export const emailSchema = z
  .string({ error: "Email address is required" })
  .trim()
  .check(...LINE_TEXT)
  .toLowerCase()
  .min(1, "Email address is required")
  .max(254, "Please enter a valid email address")
  .regex(EMAIL_PATTERN, "Please enter a valid email address");

/**
 * The admin sign-in form. Any password length is accepted here: the hash check decides. A
 * password is the one text the text rule (~/db/text) leaves as typed: it is never stored or
 * shown, only hashed, and normalising it would lock out an account whose password was set
 * with other code points.
 */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

/** The second step of signing in, and confirming an authenticator: a 6-digit code or a recovery code. */
export const codeSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app" })
    .trim()
    .check(...LINE_TEXT)
    .min(1, "Enter the code from your authenticator app")
    .max(64, "That code is not right. Please check your authenticator app and try again."),
});

/** Turning the authenticator off or new recovery codes: a current code or the password proves it is you (as typed, like a password). */
export const confirmIdentitySchema = z.object({
  proof: z.string({ error: "Enter a current code or your password" }).min(1, "Enter a current code or your password").max(1024),
});
