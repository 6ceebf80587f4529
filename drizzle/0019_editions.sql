CREATE TABLE "editions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_date" date,
	"event_time" text,
	"venue" text,
	"max_attendees" integer,
	"archived_at" timestamp with time zone,
	"figures" jsonb,
	"content" jsonb,
	"media_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"retention_days" integer,
	"purged_at" timestamp with time zone,
	CONSTRAINT "editions_id_check" CHECK ("editions"."id" >= 1),
	CONSTRAINT "editions_translations_check" CHECK (jsonb_typeof("editions"."translations") = 'object'),
	CONSTRAINT "editions_archive_check" CHECK ("editions"."archived_at" is null or ("editions"."event_date" is not null and "editions"."figures" is not null and "editions"."content" is not null and "editions"."retention_days" is not null))
);
--> statement-breakpoint
CREATE TABLE "past_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"outcome" text NOT NULL,
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
	"language" text DEFAULT 'en' NOT NULL,
	"ticket_id" text,
	"registered_at" timestamp with time zone NOT NULL,
	"checked_in_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "past_registrations_outcome_check" CHECK ("past_registrations"."outcome" in ('attended', 'registered', 'cancelled', 'waitlisted')),
	CONSTRAINT "past_registrations_ticket_check" CHECK ("past_registrations"."outcome" = 'waitlisted' or "past_registrations"."ticket_id" is not null)
);
--> statement-breakpoint
-- What the site held so far becomes the first edition; its settings stay the current edition's.
INSERT INTO "editions" ("id", "name", "translations", "started_at")
SELECT 1, 'First edition', '{"ha": {"name": "Zagaye na farko"}}'::jsonb, coalesce((SELECT min("created_at") FROM "event_settings"), now());--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "edition_id" integer;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "edition_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "edition_id" integer;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD CONSTRAINT "past_registrations_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "past_registrations_ticket_id_key" ON "past_registrations" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "past_registrations_edition_idx" ON "past_registrations" USING btree ("edition_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "audit_log" SET "edition_id" = 1;--> statement-breakpoint
UPDATE "mail_outbox" SET "edition_id" = 1;--> statement-breakpoint
CREATE INDEX "mail_outbox_edition_idx" ON "mail_outbox" USING btree ("edition_id");--> statement-breakpoint
-- Messages and audit entries belong to the edition current when they are written, whoever
-- writes them: the writers need not know about editions.
CREATE FUNCTION "current_edition_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."edition_id" IS NULL THEN
    SELECT "edition_id" INTO NEW."edition_id" FROM "event_settings" WHERE "id" = '00000000-0000-0000-0000-000000000001';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_edition" BEFORE INSERT ON "mail_outbox" FOR EACH ROW EXECUTE FUNCTION "current_edition_default"();--> statement-breakpoint
CREATE TRIGGER "audit_log_edition" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "current_edition_default"();
