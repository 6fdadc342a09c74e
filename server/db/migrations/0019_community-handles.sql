-- Every member has a handle the community's @mentions name: lower-case letters and digits from
-- the first name and the last name's initial ("janed"), "member" when those give fewer than two,
-- and a number after it when another member has it already. The database gives it, so no way of
-- adding a member (sign-up, invitation, the operator's command, a bulk load) can forget to.
CREATE FUNCTION "members_new_handle"(first_name text, last_name text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  base text := left(lower(regexp_replace(first_name || left(last_name, 1), '[^A-Za-z0-9]', '', 'g')), 20);
  candidate text;
  tries int := 0;
BEGIN
  IF length(base) < 2 THEN base := 'member'; END IF;
  candidate := base;
  -- Random numbers, longer after a few misses: no walk through every "janed<n>" taken.
  WHILE EXISTS (SELECT 1 FROM members WHERE handle = candidate) LOOP
    tries := tries + 1;
    candidate := base || (floor(random() * (CASE WHEN tries < 4 THEN 900 ELSE 900000 END)) +
      (CASE WHEN tries < 4 THEN 100 ELSE 100000 END))::int::text;
  END LOOP;
  RETURN candidate;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "members_assign_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.handle IS NULL OR NEW.handle = '' THEN
    NEW.handle := members_new_handle(NEW.first_name, NEW.last_name);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "members_assign_handle" BEFORE INSERT ON "members"
FOR EACH ROW EXECUTE FUNCTION "members_assign_handle"();
--> statement-breakpoint
-- The members there already, one at a time, so each sees the handles given before it.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, first_name, last_name FROM members WHERE handle IS NULL ORDER BY created_at LOOP
    UPDATE members SET handle = members_new_handle(r.first_name, r.last_name) WHERE id = r.id;
  END LOOP;
END
$$;
