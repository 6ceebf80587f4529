CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sign_in_pending" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"step" text NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"redirect_to" text DEFAULT '/admin' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_sign_in_pending_step_check" CHECK ("admin_sign_in_pending"."step" in ('code', 'enrol'))
);
--> statement-breakpoint
CREATE TABLE "admin_two_factor" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_two_factor_last_step_check" CHECK ("admin_two_factor"."last_step" >= 0)
);
--> statement-breakpoint
CREATE TABLE "door_searches" (
	"admin_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "door_searches_admin_id_minute_pk" PRIMARY KEY("admin_id","minute")
);
--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sign_in_pending" ADD CONSTRAINT "admin_sign_in_pending_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_two_factor" ADD CONSTRAINT "admin_two_factor_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_searches" ADD CONSTRAINT "door_searches_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_key" ON "admin_recovery_codes" USING btree ("admin_id","code_hash");--> statement-breakpoint
CREATE INDEX "admin_sign_in_pending_admin_idx" ON "admin_sign_in_pending" USING btree ("admin_id");