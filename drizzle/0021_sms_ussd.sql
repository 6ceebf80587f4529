CREATE TABLE "channel_pauses" (
	"channel" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_pauses_channel_check" CHECK ("channel_pauses"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "ussd_drafts" (
	"phone" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reminders_attendee_event_kind_key";--> statement-breakpoint
ALTER TABLE "attendees" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "past_registrations" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "sms_price_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ussd_drafts_updated_idx" ON "ussd_drafts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_ussd_phone_key" ON "attendees" USING btree ("phone") WHERE "attendees"."channel" = 'ussd';--> statement-breakpoint
CREATE INDEX "mail_outbox_sms_message_idx" ON "mail_outbox" USING btree ("message_id") WHERE "mail_outbox"."channel" = 'sms';--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_attendee_event_kind_channel_key" ON "reminders" USING btree ("attendee_id","event_date","kind","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_active_ussd_phone_key" ON "waitlist" USING btree ("phone") WHERE "waitlist"."channel" = 'ussd' and "waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_email_check" CHECK ("attendees"."email" is not null or "attendees"."channel" = 'ussd');--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_channel_check" CHECK ("attendees"."channel" in ('web', 'ussd'));--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_email_check" CHECK ("cancelled_registrations"."email" is not null or "cancelled_registrations"."channel" = 'ussd');--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_channel_check" CHECK ("cancelled_registrations"."channel" in ('web', 'ussd'));--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_sms_price_check" CHECK ("event_settings"."sms_price_kobo" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "held_registrations" ADD CONSTRAINT "held_registrations_email_check" CHECK ("held_registrations"."email" is not null and "held_registrations"."channel" = 'web');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_check" CHECK ("mail_outbox"."channel" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_channel_check" CHECK ("reminders"."channel" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_email_check" CHECK ("waitlist"."email" is not null or "waitlist"."channel" = 'ussd');--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_channel_check" CHECK ("waitlist"."channel" in ('web', 'ussd'));--> statement-breakpoint
ALTER TABLE "past_registrations" ADD CONSTRAINT "past_registrations_email_check" CHECK ("past_registrations"."email" is not null or "past_registrations"."channel" = 'ussd');