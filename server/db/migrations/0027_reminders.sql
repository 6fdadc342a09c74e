CREATE TABLE "member_reminders" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"continue_mail" boolean NOT NULL,
	"event_mail" boolean NOT NULL,
	"weekly_mail" boolean NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_sends_member_id_kind_key_pk" PRIMARY KEY("member_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;