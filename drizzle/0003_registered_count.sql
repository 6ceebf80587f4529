ALTER TABLE "event_settings" ADD COLUMN "registered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_registered_count_check" CHECK ("event_settings"."registered_count" >= 0);--> statement-breakpoint
-- The seat counter follows every insert and delete of an attendee, whoever makes it
-- (registration, an organiser's delete, a script), and a TRUNCATE.
CREATE FUNCTION "attendees_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "event_settings" SET "registered_count" = "registered_count" + 1 WHERE "id" = '00000000-0000-0000-0000-000000000001';
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "event_settings" SET "registered_count" = "registered_count" - 1 WHERE "id" = '00000000-0000-0000-0000-000000000001';
  ELSE
    UPDATE "event_settings" SET "registered_count" = 0 WHERE "id" = '00000000-0000-0000-0000-000000000001';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attendees_count_row" AFTER INSERT OR DELETE ON "attendees" FOR EACH ROW EXECUTE FUNCTION "attendees_count_trigger"();--> statement-breakpoint
CREATE TRIGGER "attendees_count_truncate" AFTER TRUNCATE ON "attendees" FOR EACH STATEMENT EXECUTE FUNCTION "attendees_count_trigger"();--> statement-breakpoint
UPDATE "event_settings" SET "registered_count" = (SELECT count(*) FROM "attendees");
