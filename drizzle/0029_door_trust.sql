CREATE TABLE "door_devices" (
	"admin_id" uuid NOT NULL,
	"device" uuid NOT NULL,
	"list_fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "door_devices_admin_id_device_pk" PRIMARY KEY("admin_id","device")
);
--> statement-breakpoint
ALTER TABLE "door_searches" DROP CONSTRAINT "door_searches_admin_id_minute_pk";--> statement-breakpoint
ALTER TABLE "door_searches" ADD COLUMN "kind" text DEFAULT 'search' NOT NULL;--> statement-breakpoint
ALTER TABLE "door_searches" ADD CONSTRAINT "door_searches_admin_id_kind_minute_pk" PRIMARY KEY("admin_id","kind","minute");--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD COLUMN "device" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "device" uuid;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device" uuid;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "stage" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "door_devices" ADD CONSTRAINT "door_devices_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_searches" ADD CONSTRAINT "door_searches_kind_check" CHECK ("door_searches"."kind" in ('search', 'list'));--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_stage_check" CHECK ("login_attempts"."stage" in ('password', 'verified', 'code'));