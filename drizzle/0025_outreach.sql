CREATE TABLE "outreach_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outreach_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "outreach_sources_code_check" CHECK ("outreach_sources"."code" ~ '^[23456789ACDEFHJKMNPRTVWXY]{5}$'),
	CONSTRAINT "outreach_sources_name_check" CHECK (char_length("outreach_sources"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "outreach_visits" (
	"visitor" text PRIMARY KEY NOT NULL,
	"via" text NOT NULL,
	"source_id" integer,
	"day" date NOT NULL,
	CONSTRAINT "outreach_visits_via_check" CHECK ("outreach_visits"."via" in ('source', 'invite') and ("outreach_visits"."via" = 'source') = ("outreach_visits"."source_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "outreach_source_id" integer;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
-- A code of `length` characters from the outreach alphabet (app/db/outreach-schema.ts: digits and
-- capitals without the look-alikes 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V).
CREATE FUNCTION "outreach_code"("length" integer) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ACDEFHJKMNPRTVWXY', 1 + floor(random() * 25)::int, 1), '') FROM generate_series(1, "length")
$$;--> statement-breakpoint
-- An invite code no attendee has yet: every new registration gets one as its column's default,
-- whichever code writes the row (the form, a held registration confirmed, a waitlist claim, USSD,
-- a script). A volatile function sees the rows its own statement wrote before, so one statement
-- inserting many rows draws distinct codes too.
CREATE FUNCTION "outreach_invite_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate text;
BEGIN
  LOOP
    candidate := outreach_code(6);
    IF NOT EXISTS (SELECT 1 FROM "attendees" WHERE "invite_code" = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "invite_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_invite_code_key" ON "attendees" USING btree ("invite_code");--> statement-breakpoint
-- Everyone registered before this migration gets their invite code now.
UPDATE "attendees" SET "invite_code" = outreach_invite_code() WHERE "invite_code" IS NULL;--> statement-breakpoint
ALTER TABLE "attendees" ALTER COLUMN "invite_code" SET DEFAULT outreach_invite_code();--> statement-breakpoint
ALTER TABLE "attendees" ALTER COLUMN "invite_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "outreach_source_id" integer;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "outreach_source_id" integer;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "outreach_source_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "outreach_source_id" integer;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "outreach_visits" ADD CONSTRAINT "outreach_visits_source_id_outreach_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."outreach_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_sources_code_key" ON "outreach_sources" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_sources_name_key" ON "outreach_sources" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "outreach_visits_source_day_idx" ON "outreach_visits" USING btree ("source_id","day");--> statement-breakpoint
CREATE INDEX "outreach_visits_day_idx" ON "outreach_visits" USING btree ("day");--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_outreach_source_id_outreach_sources_id_fk" FOREIGN KEY ("outreach_source_id") REFERENCES "public"."outreach_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_registrations" ADD CONSTRAINT "cancelled_registrations_outreach_source_id_outreach_sources_id_fk" FOREIGN KEY ("outreach_source_id") REFERENCES "public"."outreach_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_registrations" ADD CONSTRAINT "held_registrations_outreach_source_id_outreach_sources_id_fk" FOREIGN KEY ("outreach_source_id") REFERENCES "public"."outreach_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_outreach_source_id_outreach_sources_id_fk" FOREIGN KEY ("outreach_source_id") REFERENCES "public"."outreach_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "past_registrations" ADD CONSTRAINT "past_registrations_outreach_source_id_outreach_sources_id_fk" FOREIGN KEY ("outreach_source_id") REFERENCES "public"."outreach_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_outreach_source_idx" ON "attendees" USING btree ("outreach_source_id");--> statement-breakpoint
CREATE INDEX "attendees_invited_by_idx" ON "attendees" USING btree ("invited_by");--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_invite_code_check" CHECK ("attendees"."invite_code" ~ '^[23456789ACDEFHJKMNPRTVWXY]{6}$');