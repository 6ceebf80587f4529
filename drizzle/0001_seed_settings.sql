-- The single settings row the spec refers to by its fixed id, holding the spec's defaults.
INSERT INTO "event_settings" ("id") VALUES ('00000000-0000-0000-0000-000000000001') ON CONFLICT DO NOTHING;
