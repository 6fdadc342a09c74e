CREATE TABLE "instagram_bios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"niche" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"bio" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"text" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"position" double precision DEFAULT 0 NOT NULL,
	"posted_at" timestamp with time zone,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_bios" ADD CONSTRAINT "instagram_bios_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_posts" ADD CONSTRAINT "queue_posts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_posts" ADD CONSTRAINT "queue_posts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_bios_member_idx" ON "instagram_bios" USING btree ("member_id","updated_at");--> statement-breakpoint
CREATE INDEX "queue_posts_member_idx" ON "queue_posts" USING btree ("member_id","position");