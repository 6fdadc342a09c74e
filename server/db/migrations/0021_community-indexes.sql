DROP INDEX "community_posts_new_idx";--> statement-breakpoint
DROP INDEX "community_posts_active_idx";--> statement-breakpoint
DROP INDEX "community_posts_top_idx";--> statement-breakpoint
DROP INDEX "community_posts_category_idx";--> statement-breakpoint
DROP INDEX "community_posts_lesson_idx";--> statement-breakpoint
DROP INDEX "notifications_member_idx";--> statement-breakpoint
CREATE INDEX "community_posts_pinned_idx" ON "community_posts" USING btree ("created_at") WHERE "community_posts"."pinned" and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_created_idx" ON "community_posts" USING btree ("created_at") WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_replies_created_idx" ON "community_replies" USING btree ("created_at") WHERE "community_replies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_new_idx" ON "community_posts" USING btree ("created_at","id") WHERE "community_posts"."category" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_active_idx" ON "community_posts" USING btree ("last_activity_at","id") WHERE "community_posts"."category" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_top_idx" ON "community_posts" USING btree ("like_count","id") WHERE "community_posts"."category" is not null and "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_category_idx" ON "community_posts" USING btree ("category","created_at","id") WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_lesson_idx" ON "community_posts" USING btree ("lesson_path","created_at","id") WHERE "community_posts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("member_id","id");