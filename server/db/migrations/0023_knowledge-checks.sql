CREATE TABLE "check_answers" (
	"attempt_id" uuid NOT NULL,
	"course_key" text NOT NULL,
	"module" integer NOT NULL,
	"question_id" text NOT NULL,
	"right" boolean NOT NULL,
	CONSTRAINT "check_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "check_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"course_key" text NOT NULL,
	"module" integer NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_checks" (
	"course_key" text NOT NULL,
	"module" integer NOT NULL,
	"source_title" text NOT NULL,
	"source_questions" jsonb NOT NULL,
	"title" text NOT NULL,
	"questions" jsonb NOT NULL,
	"edited_at" timestamp with time zone,
	"edited_by" uuid,
	CONSTRAINT "knowledge_checks_course_key_module_pk" PRIMARY KEY("course_key","module")
);
--> statement-breakpoint
ALTER TABLE "check_answers" ADD CONSTRAINT "check_answers_attempt_id_check_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."check_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_attempts" ADD CONSTRAINT "check_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_checks" ADD CONSTRAINT "knowledge_checks_course_key_courses_key_fk" FOREIGN KEY ("course_key") REFERENCES "public"."courses"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_checks" ADD CONSTRAINT "knowledge_checks_edited_by_members_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_answers_question_idx" ON "check_answers" USING btree ("course_key","module","question_id");--> statement-breakpoint
CREATE INDEX "check_attempts_member_idx" ON "check_attempts" USING btree ("member_id","course_key","module","score");