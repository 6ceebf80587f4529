DROP INDEX "reminders_attendee_event_key";--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "kind" text DEFAULT 'due' NOT NULL;--> statement-breakpoint
-- Reminders queued more than two days before their event date (by Lagos calendar, UTC+1) were early ones.
UPDATE "reminders" SET "kind" = 'early' WHERE (("created_at" AT TIME ZONE 'UTC') + interval '1 hour')::date < "event_date" - 2;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_attendee_event_kind_key" ON "reminders" USING btree ("attendee_id","event_date","kind");--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_kind_check" CHECK ("reminders"."kind" in ('early', 'due'));