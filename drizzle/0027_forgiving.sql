ALTER TABLE "attendees" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "details_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "corrections_close_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "purge_not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_corrections_close_days_check" CHECK ("event_settings"."corrections_close_days" between 0 and 60);--> statement-breakpoint
-- A site updated with people in it gets a week's notice before any deletion that was already due.
UPDATE "editions" SET "purge_not_before" = now() + interval '7 days'
  WHERE "purged_at" IS NULL AND ("archived_at" IS NOT NULL OR EXISTS (SELECT 1 FROM "attendees"));
