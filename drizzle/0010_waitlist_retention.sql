CREATE TABLE "retained_stats" (
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "retained_stats_kind_key_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "retained_stats_count_check" CHECK ("retained_stats"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"gender" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"local_government" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_version" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"attendee_id" uuid,
	CONSTRAINT "waitlist_status_check" CHECK ("waitlist"."status" in ('waiting', 'offered', 'claimed', 'expired', 'declined')),
	CONSTRAINT "waitlist_offer_check" CHECK ("waitlist"."status" <> 'offered' or "waitlist"."offer_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "personal_data_purged_for" date;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "organiser_name" text DEFAULT 'Zamfara State Government, youth office' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "privacy_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_seq_key" ON "waitlist" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_active_email_key" ON "waitlist" USING btree (lower(trim("email"))) WHERE "waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_status_seq_idx" ON "waitlist" USING btree ("status","seq");--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_waitlist_offer_hours_check" CHECK ("event_settings"."waitlist_offer_hours" between 1 and 168);--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_retention_days_check" CHECK ("event_settings"."retention_days" between 1 and 3650);