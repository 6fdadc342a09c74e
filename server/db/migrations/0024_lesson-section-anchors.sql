ALTER TABLE "lesson_sections" ADD COLUMN "anchor" text;--> statement-breakpoint
DELETE FROM "lesson_sections";