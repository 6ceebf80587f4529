ALTER TABLE "agenda" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "speakers" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "special_guests" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda" ADD CONSTRAINT "agenda_translations_check" CHECK (jsonb_typeof("agenda"."translations") = 'object');--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_translations_check" CHECK (jsonb_typeof("event_settings"."translations") = 'object');--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_translations_check" CHECK (jsonb_typeof("speakers"."translations") = 'object');--> statement-breakpoint
ALTER TABLE "special_guests" ADD CONSTRAINT "special_guests_translations_check" CHECK (jsonb_typeof("special_guests"."translations") = 'object');