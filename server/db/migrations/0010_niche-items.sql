CREATE TABLE "custom_niches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "niche_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"niche" text NOT NULL,
	"custom_niche_id" uuid,
	"phone" boolean DEFAULT false NOT NULL,
	"sub_niche" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"pain" text DEFAULT '' NOT NULL,
	"offer_category" text DEFAULT '' NOT NULL,
	"hook" text DEFAULT '' NOT NULL,
	"post_format" text DEFAULT '' NOT NULL,
	"post_idea" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"hashtags" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'idea' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "niche_items_custom_check" CHECK (("niche_items"."niche" = 'custom') = ("niche_items"."custom_niche_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "custom_niches" ADD CONSTRAINT "custom_niches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niche_items" ADD CONSTRAINT "niche_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niche_items" ADD CONSTRAINT "niche_items_custom_niche_id_custom_niches_id_fk" FOREIGN KEY ("custom_niche_id") REFERENCES "public"."custom_niches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_niches_member_label_idx" ON "custom_niches" USING btree ("member_id",lower("label"));--> statement-breakpoint
CREATE INDEX "niche_items_sheet_idx" ON "niche_items" USING btree ("member_id","niche","position");--> statement-breakpoint
CREATE INDEX "niche_items_custom_idx" ON "niche_items" USING btree ("custom_niche_id","position");