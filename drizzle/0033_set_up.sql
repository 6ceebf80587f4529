-- When an organiser first saved the event settings: until then the public site says "coming soon"
-- (a fresh install showed the defaults' made-up date, contacts and hosts to the public).
ALTER TABLE "event_settings" ADD COLUMN "first_saved_at" timestamp with time zone;--> statement-breakpoint
-- A site already in use counts as set up: its settings were saved since the row was made
-- (updateSettings stamps updated_at; a fresh row has updated_at = created_at), or people registered,
-- or content was added, or an edition was archived. A fresh install's row matches none of these.
UPDATE "event_settings" SET "first_saved_at" = "updated_at"
WHERE "updated_at" > "created_at" + interval '1 second'
   OR "registered_count" > 0
   OR "edition_id" > 1
   OR EXISTS (SELECT 1 FROM "speakers")
   OR EXISTS (SELECT 1 FROM "agenda")
   OR EXISTS (SELECT 1 FROM "special_guests")
   OR EXISTS (SELECT 1 FROM "partners");
