CREATE TABLE "community_follows" (
	"member_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"following" boolean DEFAULT true NOT NULL,
	CONSTRAINT "community_follows_member_id_post_id_pk" PRIMARY KEY("member_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"muted_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"category" text,
	"lesson_path" text,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"plain" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"answer_id" uuid,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', plain), 'C')) STORED,
	CONSTRAINT "community_posts_place_check" CHECK (("community_posts"."category" is null) <> ("community_posts"."lesson_path" is null)),
	CONSTRAINT "community_posts_category_check" CHECK ("community_posts"."category" in ('wins', 'questions', 'introductions', 'announcements'))
);
--> statement-breakpoint
CREATE TABLE "community_reactions" (
	"target_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_reactions_target_id_member_id_reaction_pk" PRIMARY KEY("target_id","member_id","reaction")
);
--> statement-breakpoint
CREATE TABLE "community_reads" (
	"member_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_reads_member_id_post_id_pk" PRIMARY KEY("member_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "community_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"plain" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', plain)) STORED
);
--> statement-breakpoint
CREATE TABLE "community_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"reply_id" uuid,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "community_follows" ADD CONSTRAINT "community_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_follows" ADD CONSTRAINT "community_follows_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_author_id_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_lesson_path_lessons_path_fk" FOREIGN KEY ("lesson_path") REFERENCES "public"."lessons"("path") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "community_reactions" ADD CONSTRAINT "community_reactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reads" ADD CONSTRAINT "community_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reads" ADD CONSTRAINT "community_reads_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_parent_id_community_replies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_author_id_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reporter_id_members_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_reply_id_community_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."community_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_follows_post_id_index" ON "community_follows" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "community_posts_new_idx" ON "community_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."category" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_active_idx" ON "community_posts" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."category" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_top_idx" ON "community_posts" USING btree ("like_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."category" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_category_idx" ON "community_posts" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_lesson_idx" ON "community_posts" USING btree ("lesson_path","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "community_posts_search_idx" ON "community_posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "community_reactions_member_idx" ON "community_reactions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "community_replies_post_idx" ON "community_replies" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "community_replies_author_idx" ON "community_replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "community_replies_search_idx" ON "community_replies" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "community_reports_once_idx" ON "community_reports" USING btree ("reporter_id","post_id",coalesce("reply_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "community_reports_open_idx" ON "community_reports" USING btree ("created_at") WHERE "community_reports"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_handle_unique" UNIQUE("handle");