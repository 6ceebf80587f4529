CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"event_date" date NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_event_date_pk" PRIMARY KEY("job","event_date")
);
--> statement-breakpoint
-- What the settings row's marks recorded carries over: a job already done stays done.
INSERT INTO "job_runs" ("job", "event_date")
  SELECT 'auto-reminder', "auto_reminder_sent_for" FROM "event_settings" WHERE "auto_reminder_sent_for" IS NOT NULL
  UNION ALL
  SELECT 'personal-data-purge', "personal_data_purged_for" FROM "event_settings" WHERE "personal_data_purged_for" IS NOT NULL
  UNION ALL
  SELECT 'auto-certificates', "certificates_sent_for" FROM "event_settings" WHERE "certificates_sent_for" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" DROP COLUMN "auto_reminder_sent_for";--> statement-breakpoint
ALTER TABLE "event_settings" DROP COLUMN "personal_data_purged_for";--> statement-breakpoint
ALTER TABLE "event_settings" DROP COLUMN "certificates_sent_for";