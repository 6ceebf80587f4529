CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"edition_id" integer NOT NULL,
	"attendee_id" uuid,
	"registration_id" uuid NOT NULL,
	"full_name" text,
	"event_name" text NOT NULL,
	"event_date" date NOT NULL,
	"venue" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"mail_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	CONSTRAINT "certificates_serial_check" CHECK ("certificates"."serial" ~ '^[0-9A-HJKMNP-TV-Z]{8}$')
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attendee_id" uuid,
	"edition_id" integer NOT NULL,
	"attended" boolean NOT NULL,
	"rating" integer,
	"session_id" uuid,
	"session_title" text,
	"change_text" text DEFAULT '' NOT NULL,
	"come_again" boolean,
	"quote_me" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_attended_rating_check" CHECK ("feedback"."attended" = ("feedback"."rating" is not null)),
	CONSTRAINT "feedback_change_text_check" CHECK (char_length("feedback"."change_text") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "feedback_requests" (
	"attendee_id" uuid NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_requests_attendee_id_channel_pk" PRIMARY KEY("attendee_id","channel"),
	CONSTRAINT "feedback_requests_channel_check" CHECK ("feedback_requests"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "certificate_signer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "certificate_signer_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "auto_certificates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "certificates_sent_for" date;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "certificate_valid_days" integer;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "feedback_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_session_id_agenda_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agenda"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_serial_key" ON "certificates" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_attendee_key" ON "certificates" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "certificates_edition_idx" ON "certificates" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "certificates_registration_idx" ON "certificates" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_attendee_key" ON "feedback" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "feedback_edition_idx" ON "feedback" USING btree ("edition_id");--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_certificate_valid_days_check" CHECK ("event_settings"."certificate_valid_days" between 1 and 36500);--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_feedback_days_check" CHECK ("event_settings"."feedback_days" between 1 and 365);