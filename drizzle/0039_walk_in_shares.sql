CREATE TABLE "door_walk_in_shares" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"device" uuid NOT NULL,
	"door" text DEFAULT '' NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_walk_in_shares_door_check" CHECK (char_length("door_walk_in_shares"."door") <= 60)
);
--> statement-breakpoint
CREATE TABLE "walk_in_conflicts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"attendee_id" uuid NOT NULL,
	"ticket_id" text NOT NULL,
	"full_name" text NOT NULL,
	"door" text DEFAULT '' NOT NULL,
	"device" uuid,
	"registered_by" uuid,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walk_in_conflicts_kind_check" CHECK ("walk_in_conflicts"."kind" in ('same-person', 'over-capacity')),
	CONSTRAINT "walk_in_conflicts_door_check" CHECK (char_length("walk_in_conflicts"."door") <= 60),
	CONSTRAINT "walk_in_conflicts_full_name_check" CHECK (char_length("walk_in_conflicts"."full_name") <= 120),
	CONSTRAINT "walk_in_conflicts_ticket_id_check" CHECK (char_length("walk_in_conflicts"."ticket_id") <= 40)
);
--> statement-breakpoint
ALTER TABLE "door_walk_in_shares" ADD CONSTRAINT "door_walk_in_shares_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_in_conflicts" ADD CONSTRAINT "walk_in_conflicts_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_in_conflicts" ADD CONSTRAINT "walk_in_conflicts_registered_by_admin_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_walk_in_shares_device_idx" ON "door_walk_in_shares" USING btree ("admin_id","device","granted_at");--> statement-breakpoint
CREATE INDEX "walk_in_conflicts_attendee_idx" ON "walk_in_conflicts" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "walk_in_conflicts_at_idx" ON "walk_in_conflicts" USING btree ("at" DESC NULLS LAST);