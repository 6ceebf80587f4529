CREATE TABLE "check_in_conflicts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"attendee_id" uuid NOT NULL,
	"door" text DEFAULT '' NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid,
	"method" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_conflicts_door_check" CHECK (char_length("check_in_conflicts"."door") <= 60),
	CONSTRAINT "check_in_conflicts_method_check" CHECK ("check_in_conflicts"."method" in ('scan', 'ticket-id', 'search'))
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "door" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_checked_in_by_admin_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_conflicts_attendee_idx" ON "check_in_conflicts" USING btree ("attendee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_client_id_key" ON "check_ins" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_door_check" CHECK (char_length("check_ins"."door") <= 60);