ALTER TABLE "mail_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "template_data" jsonb;