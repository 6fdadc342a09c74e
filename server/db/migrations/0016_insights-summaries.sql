CREATE TABLE "lesson_reach" (
	"path" text PRIMARY KEY NOT NULL,
	"reached" integer NOT NULL,
	"completed" integer NOT NULL,
	"position_sum" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_area_progress" (
	"member_id" uuid NOT NULL,
	"area" text NOT NULL,
	"last_progress_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_area_progress_member_id_area_pk" PRIMARY KEY("member_id","area")
);
--> statement-breakpoint
CREATE TABLE "member_course_progress" (
	"member_id" uuid NOT NULL,
	"course_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_progress_at" timestamp with time zone NOT NULL,
	"lessons_opened" integer NOT NULL,
	"lessons_completed" integer NOT NULL,
	"last_completed_at" timestamp with time zone,
	"furthest_path" text,
	CONSTRAINT "member_course_progress_member_id_course_key_pk" PRIMARY KEY("member_id","course_key")
);
--> statement-breakpoint
CREATE TABLE "member_first_sale" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"first_sale_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_last_progress" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"last_progress_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_module_progress" (
	"member_id" uuid NOT NULL,
	"course_key" text NOT NULL,
	"module" integer NOT NULL,
	"lessons_opened" integer NOT NULL,
	"lessons_completed" integer NOT NULL,
	"last_progress_at" timestamp with time zone NOT NULL,
	"course_last_progress_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_module_progress_member_id_course_key_module_pk" PRIMARY KEY("member_id","course_key","module")
);
--> statement-breakpoint
ALTER TABLE "member_area_progress" ADD CONSTRAINT "member_area_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_course_progress" ADD CONSTRAINT "member_course_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_first_sale" ADD CONSTRAINT "member_first_sale_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_last_progress" ADD CONSTRAINT "member_last_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_module_progress" ADD CONSTRAINT "member_module_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_course_progress_course_idx" ON "member_course_progress" USING btree ("course_key","last_progress_at");--> statement-breakpoint
CREATE INDEX "member_last_progress_at_idx" ON "member_last_progress" USING btree ("last_progress_at");--> statement-breakpoint
CREATE INDEX "member_module_progress_course_idx" ON "member_module_progress" USING btree ("course_key","module");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_email","action","created_at");