CREATE TABLE "check_in_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rule" text DEFAULT 'once' NOT NULL,
	"requires_entrance" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_lists_name_check" CHECK (char_length("check_in_lists"."name") between 1 and 60),
	CONSTRAINT "check_in_lists_rule_check" CHECK ("check_in_lists"."rule" in ('once', 'daily', 'any')),
	CONSTRAINT "check_in_lists_quantity_check" CHECK ("check_in_lists"."quantity" is null or "check_in_lists"."quantity" between 0 and 100000),
	CONSTRAINT "check_in_lists_translations_check" CHECK (jsonb_typeof("check_in_lists"."translations") = 'object')
);
--> statement-breakpoint
CREATE TABLE "list_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"slot" text DEFAULT '' NOT NULL,
	"checked_in_by" uuid,
	"method" text DEFAULT 'scan' NOT NULL,
	"door" text DEFAULT '' NOT NULL,
	"device" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_check_ins_door_check" CHECK (char_length("list_check_ins"."door") <= 60),
	CONSTRAINT "list_check_ins_method_check" CHECK ("list_check_ins"."method" in ('scan', 'ticket-id', 'search'))
);
--> statement-breakpoint
CREATE TABLE "walk_ins" (
	"attendee_id" uuid PRIMARY KEY NOT NULL,
	"registered_by" uuid,
	"door" text DEFAULT '' NOT NULL,
	"device" uuid,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walk_ins_door_check" CHECK (char_length("walk_ins"."door") <= 60)
);
--> statement-breakpoint
ALTER TABLE "past_registrations" DROP CONSTRAINT "past_registrations_email_check";--> statement-breakpoint
ALTER TABLE "attendees" DROP CONSTRAINT "attendees_email_check";--> statement-breakpoint
ALTER TABLE "attendees" DROP CONSTRAINT "attendees_channel_check";--> statement-breakpoint
ALTER TABLE "cancelled_registrations" DROP CONSTRAINT "cancelled_registrations_email_check";--> statement-breakpoint
ALTER TABLE "cancelled_registrations" DROP CONSTRAINT "cancelled_registrations_channel_check";--> statement-breakpoint
ALTER TABLE "waitlist" DROP CONSTRAINT "waitlist_email_check";--> statement-breakpoint
ALTER TABLE "waitlist" DROP CONSTRAINT "waitlist_channel_check";--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "walk_in_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_check_ins" ADD CONSTRAINT "list_check_ins_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_ins" ADD CONSTRAINT "list_check_ins_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_ins" ADD CONSTRAINT "list_check_ins_checked_in_by_admin_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_registered_by_admin_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "list_check_ins_slot_key" ON "list_check_ins" USING btree ("list_id","attendee_id","slot");--> statement-breakpoint
CREATE INDEX "list_check_ins_list_idx" ON "list_check_ins" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE INDEX "list_check_ins_attendee_idx" ON "list_check_ins" USING btree ("attendee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "walk_ins_client_id_key" ON "walk_ins" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "past_registrations" ADD CONSTRAINT "past_registrations_email_check" CHECK ("past_registrations"."email" is not null or "past_registrations"."channel" in ('ussd', 'door'));--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_email_check" CHECK ("attendees"."email" is not null or "attendees"."channel" in ('ussd', 'door'));--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_channel_check" CHECK ("attendees"."channel" in ('web', 'ussd', 'door'));--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_email_check" CHECK ("cancelled_registrations"."email" is not null or "cancelled_registrations"."channel" in ('ussd', 'door'));--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_channel_check" CHECK ("cancelled_registrations"."channel" in ('web', 'ussd', 'door'));--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_email_check" CHECK ("waitlist"."email" is not null or "waitlist"."channel" in ('ussd', 'door'));--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_channel_check" CHECK ("waitlist"."channel" in ('web', 'ussd', 'door'));--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_walk_in_seats_check" CHECK ("event_settings"."walk_in_seats" between 0 and "event_settings"."max_attendees");