CREATE TABLE "future_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"notice_version" text NOT NULL,
	"edition_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations_sent" (
	"invitation_id" uuid NOT NULL,
	"edition_id" integer NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_sent_invitation_id_edition_id_pk" PRIMARY KEY("invitation_id","edition_id")
);
--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "future_editions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "future_invitations" ADD CONSTRAINT "future_invitations_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations_sent" ADD CONSTRAINT "invitations_sent_invitation_id_future_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."future_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations_sent" ADD CONSTRAINT "invitations_sent_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations_sent" ADD CONSTRAINT "invitations_sent_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "future_invitations_email_key" ON "future_invitations" USING btree (lower(trim("email")));--> statement-breakpoint
CREATE INDEX "invitations_sent_edition_idx" ON "invitations_sent" USING btree ("edition_id");