ALTER TABLE "members" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_calendar_token_unique" UNIQUE("calendar_token");