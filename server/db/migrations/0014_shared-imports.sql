ALTER TABLE "network_accounts" ADD COLUMN "sync_running" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_step" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_progress" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_beat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD COLUMN "sync_retry_at" timestamp with time zone;