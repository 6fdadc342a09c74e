CREATE TABLE "courses" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"area" text NOT NULL,
	"overview" text NOT NULL,
	"position" integer NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"member_id" uuid NOT NULL,
	"path" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"position" real DEFAULT 0 NOT NULL,
	"video_seconds" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_member_id_path_pk" PRIMARY KEY("member_id","path")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"path" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"course_key" text,
	"module" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"area" text,
	"unlocks" text,
	"drip_days" integer,
	"summary" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"source_title" text NOT NULL,
	"source_markdown" text NOT NULL,
	"source_video" text DEFAULT '' NOT NULL,
	"edited_title" text,
	"edited_markdown" text,
	"edited_video" text,
	"edited_at" timestamp with time zone,
	"edited_by" uuid,
	"title" text NOT NULL,
	"markdown" text NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"html" text NOT NULL,
	"plain" text NOT NULL,
	"headings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')) STORED,
	"search_all" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', plain), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "server_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_path_lessons_path_fk" FOREIGN KEY ("path") REFERENCES "public"."lessons"("path") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_key_courses_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."courses"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_edited_by_members_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_progress_recent_idx" ON "lesson_progress" USING btree ("member_id","updated_at");--> statement-breakpoint
CREATE INDEX "lessons_course_idx" ON "lessons" USING btree ("course_key","module","position");--> statement-breakpoint
CREATE INDEX "lessons_search_head_idx" ON "lessons" USING gin ("search_head");--> statement-breakpoint
CREATE INDEX "lessons_search_all_idx" ON "lessons" USING gin ("search_all");--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search");