-- The event's hours as times instead of free text: two time columns on the settings row and on
-- the editions, filled from the text they replace, then the text dropped.
ALTER TABLE "editions" ADD COLUMN "event_starts_at" time DEFAULT '08:00:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "event_ends_at" time DEFAULT '17:00:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "event_starts_at" time DEFAULT '08:00:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "event_ends_at" time DEFAULT '17:00:00' NOT NULL;--> statement-breakpoint

-- What the old parser read (settings/event-time.ts, retired with this migration), as far as SQL
-- reads it: "8:00 AM - 5:00 PM", "9am-4pm", "09:00 – 16:00", "8.30 p.m.", "noon", "10 - 2 PM".
-- The first two times are the start and the end; a missing one keeps 08:00 or 17:00, a start
-- without AM/PM takes the end's PM when that keeps it first ("9:00 - 11:30 AM"), an end without
-- AM/PM before the start is in the afternoon ("8:00 - 5:00"), and an end still not after the
-- start becomes 23:59, as the parser had it. Text with no time in it ("All day") keeps 08:00–17:00.
CREATE FUNCTION "event_hours_from_text"(source text) RETURNS time[] LANGUAGE sql IMMUTABLE AS $fn$
  WITH matched AS (
    SELECT n, m FROM regexp_matches(
      coalesce(source, ''),
      '\m(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\M\.?'
        || '|(?<![\d.:])\m(\d{1,2})[:.](\d{2})(?![:.]?\d)'
        || '|\m(\d{1,2})(?=\s*(?:[-–—]|to\M)\s*\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?\s*m\M)'
        || '|\m(noon|midday|midnight)\M',
      'gi'
    ) WITH ORDINALITY AS r(m, n)
  ), readings AS (
    SELECT n,
      CASE WHEN m[7] IS NOT NULL THEN CASE WHEN lower(m[7]) = 'midnight' THEN 0 ELSE 12 END
           WHEN m[1] IS NOT NULL THEN m[1]::int % 12 + CASE WHEN lower(m[3]) = 'p' THEN 12 ELSE 0 END
           ELSE coalesce(m[4], m[6])::int END AS hour,
      CASE WHEN m[1] IS NOT NULL THEN coalesce(m[2], '0')::int ELSE coalesce(m[5], '0')::int END AS minute,
      CASE WHEN m[7] IS NOT NULL THEN CASE WHEN lower(m[7]) = 'midnight' THEN 'am' ELSE 'pm' END
           WHEN m[1] IS NOT NULL THEN CASE WHEN lower(m[3]) = 'p' THEN 'pm' ELSE 'am' END END AS meridiem,
      CASE WHEN m[7] IS NOT NULL THEN true
           WHEN m[1] IS NOT NULL THEN m[1]::int BETWEEN 1 AND 12 AND coalesce(m[2], '0')::int <= 59
           ELSE coalesce(m[4], m[6])::int <= 23 AND coalesce(m[5], '0')::int <= 59 END AS readable
    FROM matched
  ), times AS (
    SELECT row_number() OVER (ORDER BY n) AS k, hour, minute, meridiem FROM readings WHERE readable
  ), pair AS (
    SELECT f.hour AS fh, f.hour * 60 + f.minute AS first, f.meridiem AS fm,
           s.hour AS sh, s.minute AS smin, s.meridiem AS sm,
           coalesce(f.hour * 60 + f.minute, 480) AS start0, coalesce(s.hour * 60 + s.minute, 1020) AS end0
    FROM (SELECT 1) AS one LEFT JOIN times AS f ON f.k = 1 LEFT JOIN times AS s ON s.k = 2
  ), shifted AS (
    SELECT *, CASE WHEN sh IS NOT NULL AND fm IS NULL AND sm = 'pm' AND fh < 12 AND first + 720 < end0
                   THEN first + 720 ELSE start0 END AS start1
    FROM pair
  ), ended AS (
    SELECT start1, CASE WHEN sh IS NOT NULL AND sm IS NULL AND sh < 12 AND end0 <= start1
                        THEN (sh + 12) * 60 + smin ELSE end0 END AS end1
    FROM shifted
  )
  SELECT ARRAY[make_time(start1 / 60, start1 % 60, 0),
               CASE WHEN end1 <= start1 THEN time '23:59' ELSE make_time(end1 / 60, end1 % 60, 0) END]
  FROM ended
$fn$;--> statement-breakpoint
UPDATE "event_settings" SET ("event_starts_at", "event_ends_at") = (SELECT h[1], h[2] FROM "event_hours_from_text"("event_time") AS h);--> statement-breakpoint
-- An edition not yet archived has no text: it keeps the defaults, which nothing reads until it is archived.
UPDATE "editions" SET ("event_starts_at", "event_ends_at") = (SELECT h[1], h[2] FROM "event_hours_from_text"("event_time") AS h) WHERE "event_time" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "event_hours_from_text"(text);--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_event_hours_check" CHECK ("editions"."event_ends_at" > "editions"."event_starts_at");--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_event_hours_check" CHECK ("event_settings"."event_ends_at" > "event_settings"."event_starts_at");--> statement-breakpoint
ALTER TABLE "editions" DROP COLUMN "event_time";--> statement-breakpoint
ALTER TABLE "event_settings" DROP COLUMN "event_time";
