CREATE TABLE "lesson_sections" (
	"path" text NOT NULL,
	"position" integer NOT NULL,
	"plain" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', plain)) STORED,
	CONSTRAINT "lesson_sections_path_position_pk" PRIMARY KEY("path","position")
);
--> statement-breakpoint
ALTER TABLE "lesson_sections" ADD CONSTRAINT "lesson_sections_path_lessons_path_fk" FOREIGN KEY ("path") REFERENCES "public"."lessons"("path") ON DELETE cascade ON UPDATE cascade;