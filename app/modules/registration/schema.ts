import { z } from "zod";
import { isValidLga, isValidState } from "./nigeria";

// One schema for the browser and the server. Messages are spec §5 word for word;
// the state/LGA and consent rules are ours (DECISIONS §2.9, NDPA consent).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

const optionalText = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters`).optional().default("");

export const registrationSchema = z
  .object({
    fullName: z
      .string({ error: "Full name is required" })
      .trim()
      .min(1, "Full name is required")
      .max(120, "Please keep this under 120 characters"),
    email: z
      .string({ error: "Email address is required" })
      .trim()
      .min(1, "Email address is required")
      .max(254, "Please enter a valid email address")
      .regex(EMAIL_PATTERN, "Please enter a valid email address"),
    phone: z
      .string({ error: "Phone number is required" })
      .trim()
      .min(1, "Phone number is required")
      .max(30, "Please enter a valid phone number")
      .regex(PHONE_PATTERN, "Please enter a valid phone number"),
    gender: z.enum(["male", "female", "other"], { error: "Please select your gender" }),
    organization: optionalText(160),
    position: optionalText(120),
    state: optionalText(60).refine((s) => s === "" || isValidState(s), "Please select a state from the list"),
    localGovernment: optionalText(80),
    reason: optionalText(2000),
    consent: z.literal("on", { error: "Please confirm your consent to continue" }),
  })
  .superRefine((value, ctx) => {
    if (value.localGovernment && (!value.state || !isValidLga(value.state, value.localGovernment))) {
      ctx.addIssue({
        code: "custom",
        path: ["localGovernment"],
        message: value.state ? `Please select a local government in ${value.state}` : "Please select your state first",
      });
    }
  });

export type RegistrationInput = z.output<typeof registrationSchema>;

/** Field order of the form, so joined messages read top to bottom (spec §8: joined by ', '). */
export const REGISTRATION_FIELDS = [
  "fullName",
  "email",
  "phone",
  "gender",
  "organization",
  "position",
  "state",
  "localGovernment",
  "reason",
  "consent",
] as const;

export function joinFieldErrors(errors: Record<string, string[] | null | undefined> | undefined): string {
  if (!errors) return "";
  return REGISTRATION_FIELDS.flatMap((field) => errors[field]?.[0] ?? []).join(", ");
}
