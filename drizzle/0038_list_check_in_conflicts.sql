CREATE TABLE "list_check_in_conflicts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"slot" text DEFAULT '' NOT NULL,
	"door" text DEFAULT '' NOT NULL,
	"device" uuid,
	"given_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid,
	"method" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_check_in_conflicts_door_check" CHECK (char_length("list_check_in_conflicts"."door") <= 60),
	CONSTRAINT "list_check_in_conflicts_method_check" CHECK ("list_check_in_conflicts"."method" in ('scan', 'ticket-id', 'search'))
);
--> statement-breakpoint
ALTER TABLE "list_check_in_conflicts" ADD CONSTRAINT "list_check_in_conflicts_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_in_conflicts" ADD CONSTRAINT "list_check_in_conflicts_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_check_in_conflicts" ADD CONSTRAINT "list_check_in_conflicts_checked_in_by_admin_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_check_in_conflicts_list_idx" ON "list_check_in_conflicts" USING btree ("list_id","attendee_id","slot");--> statement-breakpoint
CREATE INDEX "list_check_in_conflicts_attendee_idx" ON "list_check_in_conflicts" USING btree ("attendee_id");