-- Every server instance keeps members' note lists in memory and drops a member's lists when this
-- channel names the member. As for the members table (migration 0008), the trigger sends it, so
-- no write path can forget to; PostgreSQL delivers it at commit, once per member and transaction.
-- A truncate names no member: its empty payload stands for all of them.
CREATE FUNCTION "notes_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('notes_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('notes_changed', OLD.member_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('notes_changed', NEW.member_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notes_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "notes"
FOR EACH ROW EXECUTE FUNCTION "notes_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "notes_notify_truncate" AFTER TRUNCATE ON "notes"
FOR EACH STATEMENT EXECUTE FUNCTION "notes_notify_change"();
