-- The landing page's figures, editable in Event Settings: "Registered" hidden below a number the
-- organisers choose (0: always shown, as before), and the fourth figure ("70+ Youth Leaders" by
-- default, as the spec had it; an empty label keeps the site's own words in each language).
ALTER TABLE "event_settings" ADD COLUMN "public_count_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "highlight_value" text DEFAULT '70+' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "highlight_label" text DEFAULT '' NOT NULL;