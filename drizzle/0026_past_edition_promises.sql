ALTER TABLE "feedback" ADD COLUMN "past_registration_id" uuid;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "feedback_days" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_past_registration_id_past_registrations_id_fk" FOREIGN KEY ("past_registration_id") REFERENCES "public"."past_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_past_registration_key" ON "feedback" USING btree ("past_registration_id");--> statement-breakpoint
-- Editions archived before this column: their survey days as they are set now (the best record of what their e-mails promised).
UPDATE "editions" SET "feedback_days" = (SELECT "feedback_days" FROM "event_settings" LIMIT 1) WHERE "archived_at" IS NOT NULL;
