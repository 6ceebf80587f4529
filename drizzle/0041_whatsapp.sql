CREATE TABLE "whatsapp_chats" (
	"phone" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_chats_answers_check" CHECK (jsonb_typeof("whatsapp_chats"."answers") = 'array')
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_optouts" (
	"phone" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "past_registrations" DROP CONSTRAINT "past_registrations_email_check";--> statement-breakpoint
ALTER TABLE "channel_pauses" DROP CONSTRAINT "channel_pauses_channel_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_channel_check";--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_channel_check";--> statement-breakpoint
ALTER TABLE "attendees" DROP CONSTRAINT "attendees_email_check";--> statement-breakpoint
ALTER TABLE "attendees" DROP CONSTRAINT "attendees_channel_check";--> statement-breakpoint
ALTER TABLE "cancelled_registrations" DROP CONSTRAINT "cancelled_registrations_email_check";--> statement-breakpoint
ALTER TABLE "cancelled_registrations" DROP CONSTRAINT "cancelled_registrations_channel_check";--> statement-breakpoint
ALTER TABLE "waitlist" DROP CONSTRAINT "waitlist_email_check";--> statement-breakpoint
ALTER TABLE "waitlist" DROP CONSTRAINT "waitlist_channel_check";--> statement-breakpoint
DROP INDEX "mail_outbox_sms_message_idx";--> statement-breakpoint
DROP INDEX "attendees_ussd_phone_key";--> statement-breakpoint
DROP INDEX "waitlist_active_ussd_phone_key";--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "whatsapp_consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "fallback_template" text;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "whatsapp_consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "whatsapp_consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "whatsapp_consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "whatsapp_consent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "whatsapp_price_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_chats_updated_idx" ON "whatsapp_chats" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_received_idx" ON "whatsapp_inbound" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_sms_message_idx" ON "mail_outbox" USING btree ("message_id") WHERE "mail_outbox"."channel" in ('sms', 'whatsapp');--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_ussd_phone_key" ON "attendees" USING btree ("phone") WHERE "attendees"."channel" in ('ussd', 'whatsapp');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_active_ussd_phone_key" ON "waitlist" USING btree ("phone") WHERE "waitlist"."channel" in ('ussd', 'whatsapp') and "waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "past_registrations" ADD CONSTRAINT "past_registrations_email_check" CHECK ("past_registrations"."email" is not null or "past_registrations"."channel" in ('ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "channel_pauses" ADD CONSTRAINT "channel_pauses_channel_check" CHECK ("channel_pauses"."channel" in ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_check" CHECK ("mail_outbox"."channel" in ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_channel_check" CHECK ("reminders"."channel" in ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_email_check" CHECK ("attendees"."email" is not null or "attendees"."channel" in ('ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_channel_check" CHECK ("attendees"."channel" in ('web', 'ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_email_check" CHECK ("cancelled_registrations"."email" is not null or "cancelled_registrations"."channel" in ('ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_channel_check" CHECK ("cancelled_registrations"."channel" in ('web', 'ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_email_check" CHECK ("waitlist"."email" is not null or "waitlist"."channel" in ('ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_channel_check" CHECK ("waitlist"."channel" in ('web', 'ussd', 'door', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_whatsapp_price_check" CHECK ("event_settings"."whatsapp_price_kobo" between 0 and 100000);