-- The objectives under "About the summit" on the landing page, editable in Event Settings: one a
-- line ("Title: what it means"), translated like the about text; '' (the default, so nothing
-- changes for an existing site) shows the site's own three in each language.
ALTER TABLE "event_settings" ADD COLUMN "objectives" text DEFAULT '' NOT NULL;