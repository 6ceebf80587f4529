ALTER TABLE "partners" ADD COLUMN "order_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "speakers" ADD COLUMN "order_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "special_guests" ADD COLUMN "order_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "partners_order_idx" ON "partners" USING btree ("order_index");--> statement-breakpoint
CREATE INDEX "speakers_order_idx" ON "speakers" USING btree ("order_index");--> statement-breakpoint
CREATE INDEX "special_guests_order_idx" ON "special_guests" USING btree ("order_index");--> statement-breakpoint
-- Existing rows keep the order they were shown in (newest first) as their starting order.
UPDATE "speakers" SET "order_index" = o."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) AS "n" FROM "speakers") o WHERE "speakers"."id" = o."id";--> statement-breakpoint
UPDATE "special_guests" SET "order_index" = o."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) AS "n" FROM "special_guests") o WHERE "special_guests"."id" = o."id";--> statement-breakpoint
UPDATE "partners" SET "order_index" = o."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) AS "n" FROM "partners") o WHERE "partners"."id" = o."id";
