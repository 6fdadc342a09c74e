-- Every server instance keeps the members a token check reads in memory and drops one when this
-- channel names it. The trigger, not the code that writes, sends it, so no write path can forget
-- to; PostgreSQL delivers it at commit, and not at all on rollback.
CREATE FUNCTION "members_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only the columns a token check reads: a sign-in's TOTP step or a profile edit sends nothing.
CREATE TRIGGER "members_notify_update" AFTER UPDATE ON "members"
FOR EACH ROW WHEN (
  OLD.id IS DISTINCT FROM NEW.id
  OR OLD.email IS DISTINCT FROM NEW.email
  OR OLD.role IS DISTINCT FROM NEW.role
  OR OLD.token_version IS DISTINCT FROM NEW.token_version
  OR (OLD.totp_secret IS NULL) IS DISTINCT FROM (NEW.totp_secret IS NULL)
  OR OLD.areas IS DISTINCT FROM NEW.areas
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
)
EXECUTE FUNCTION "members_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "members_notify_delete" AFTER DELETE ON "members"
FOR EACH ROW EXECUTE FUNCTION "members_notify_change"();
--> statement-breakpoint
-- No member id to name: an empty payload stands for all of them.
CREATE FUNCTION "members_notify_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "members_notify_truncate" AFTER TRUNCATE ON "members"
FOR EACH STATEMENT EXECUTE FUNCTION "members_notify_truncate"();
