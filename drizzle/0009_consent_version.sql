ALTER TABLE "attendees" ADD COLUMN "consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Registrations before versions were kept accepted the first notice.
UPDATE "attendees" SET "consent_version" = '1' WHERE "consent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "cancelled_registrations" SET "consent_version" = '1' WHERE "consent_at" IS NOT NULL;
