CREATE TABLE "cancelled_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"gender" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"local_government" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ticket_id" text NOT NULL,
	"consent_at" timestamp with time zone,
	"registered_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cancelled_registrations_ticket_id_key" ON "cancelled_registrations" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "cancelled_registrations_cancelled_at_idx" ON "cancelled_registrations" USING btree ("cancelled_at" DESC NULLS LAST);