ALTER TABLE "event_settings" ADD COLUMN "auto_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "auto_reminder_sent_for" date;