CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"course_key" text NOT NULL,
	"member_name" text NOT NULL,
	"course_title" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "certificates_member_course_unique" UNIQUE("member_id","course_key"),
	CONSTRAINT "certificates_id_check" CHECK ("certificates"."id" ~ '^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$')
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_members_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;