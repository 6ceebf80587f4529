CREATE TABLE "held_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
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
	"hold_reason" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"surge_id" uuid,
	"code_hash" text NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "held_registrations_hold_reason_check" CHECK ("held_registrations"."hold_reason" in ('network', 'domain', 'overall', 'challenge'))
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "registration_surges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reason" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_surges_reason_check" CHECK ("registration_surges"."reason" in ('network', 'domain', 'overall', 'challenge'))
);
--> statement-breakpoint
CREATE TABLE "used_form_stamps" (
	"nonce" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "hold_network_per_minute" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "hold_domain_per_10_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "hold_overall_per_minute" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "held_expiry_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "proof_of_work_always" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD CONSTRAINT "held_registrations_surge_id_registration_surges_id_fk" FOREIGN KEY ("surge_id") REFERENCES "public"."registration_surges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_registrations_email_key" ON "held_registrations" USING btree (lower(trim("email")));--> statement-breakpoint
CREATE INDEX "held_registrations_expires_idx" ON "held_registrations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "held_registrations_surge_idx" ON "held_registrations" USING btree ("surge_id");--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "registration_surges_source_idx" ON "registration_surges" USING btree ("reason","source","last_at");--> statement-breakpoint
CREATE INDEX "registration_surges_last_idx" ON "registration_surges" USING btree ("last_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "used_form_stamps_used_at_idx" ON "used_form_stamps" USING btree ("used_at");--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_hold_network_check" CHECK ("event_settings"."hold_network_per_minute" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_hold_domain_check" CHECK ("event_settings"."hold_domain_per_10_minutes" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_hold_overall_check" CHECK ("event_settings"."hold_overall_per_minute" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_held_expiry_check" CHECK ("event_settings"."held_expiry_hours" between 1 and 168);