-- Text stored before the text rule (app/db/text.ts, docs/decisions/013-stored-text.md) composed as
-- the rule stores it now (NFC), so a name typed with e + U+0301 before and after is one name to
-- the search and the badges. Only rows that are not NFC are written.
UPDATE "attendees" SET "full_name" = normalize("full_name", NFC), "organization" = normalize("organization", NFC), "position" = normalize("position", NFC), "state" = normalize("state", NFC), "local_government" = normalize("local_government", NFC), "reason" = normalize("reason", NFC) WHERE NOT ("full_name" IS NFC NORMALIZED) OR NOT ("organization" IS NFC NORMALIZED) OR NOT ("position" IS NFC NORMALIZED) OR NOT ("state" IS NFC NORMALIZED) OR NOT ("local_government" IS NFC NORMALIZED) OR NOT ("reason" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "cancelled_registrations" SET "full_name" = normalize("full_name", NFC), "organization" = normalize("organization", NFC), "position" = normalize("position", NFC), "state" = normalize("state", NFC), "local_government" = normalize("local_government", NFC), "reason" = normalize("reason", NFC) WHERE NOT ("full_name" IS NFC NORMALIZED) OR NOT ("organization" IS NFC NORMALIZED) OR NOT ("position" IS NFC NORMALIZED) OR NOT ("state" IS NFC NORMALIZED) OR NOT ("local_government" IS NFC NORMALIZED) OR NOT ("reason" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "waitlist" SET "full_name" = normalize("full_name", NFC), "organization" = normalize("organization", NFC), "position" = normalize("position", NFC), "state" = normalize("state", NFC), "local_government" = normalize("local_government", NFC), "reason" = normalize("reason", NFC) WHERE NOT ("full_name" IS NFC NORMALIZED) OR NOT ("organization" IS NFC NORMALIZED) OR NOT ("position" IS NFC NORMALIZED) OR NOT ("state" IS NFC NORMALIZED) OR NOT ("local_government" IS NFC NORMALIZED) OR NOT ("reason" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "held_registrations" SET "full_name" = normalize("full_name", NFC), "organization" = normalize("organization", NFC), "position" = normalize("position", NFC), "state" = normalize("state", NFC), "local_government" = normalize("local_government", NFC), "reason" = normalize("reason", NFC) WHERE NOT ("full_name" IS NFC NORMALIZED) OR NOT ("organization" IS NFC NORMALIZED) OR NOT ("position" IS NFC NORMALIZED) OR NOT ("state" IS NFC NORMALIZED) OR NOT ("local_government" IS NFC NORMALIZED) OR NOT ("reason" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "speakers" SET "name" = normalize("name", NFC), "title" = normalize("title", NFC), "bio" = normalize("bio", NFC) WHERE NOT ("name" IS NFC NORMALIZED) OR NOT ("title" IS NFC NORMALIZED) OR NOT ("bio" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "special_guests" SET "name" = normalize("name", NFC), "title" = normalize("title", NFC), "bio" = normalize("bio", NFC) WHERE NOT ("name" IS NFC NORMALIZED) OR NOT ("title" IS NFC NORMALIZED) OR NOT ("bio" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "agenda" SET "time" = normalize("time", NFC), "title" = normalize("title", NFC), "description" = normalize("description", NFC), "speaker_name" = normalize("speaker_name", NFC) WHERE NOT ("time" IS NFC NORMALIZED) OR NOT ("title" IS NFC NORMALIZED) OR NOT ("description" IS NFC NORMALIZED) OR NOT ("speaker_name" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "partners" SET "name" = normalize("name", NFC) WHERE NOT ("name" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "event_settings" SET "event_name" = normalize("event_name", NFC), "event_time" = normalize("event_time", NFC), "venue" = normalize("venue", NFC), "about" = normalize("about", NFC), "contact_phone" = normalize("contact_phone", NFC), "guest_of_honor_name" = normalize("guest_of_honor_name", NFC), "guest_of_honor_title" = normalize("guest_of_honor_title", NFC), "organiser_name" = normalize("organiser_name", NFC) WHERE NOT ("event_name" IS NFC NORMALIZED) OR NOT ("event_time" IS NFC NORMALIZED) OR NOT ("venue" IS NFC NORMALIZED) OR NOT ("about" IS NFC NORMALIZED) OR NOT ("contact_phone" IS NFC NORMALIZED) OR NOT ("guest_of_honor_name" IS NFC NORMALIZED) OR NOT ("guest_of_honor_title" IS NFC NORMALIZED) OR NOT ("organiser_name" IS NFC NORMALIZED);
--> statement-breakpoint
UPDATE "admin_users" SET "name" = normalize("name", NFC) WHERE NOT ("name" IS NFC NORMALIZED);
