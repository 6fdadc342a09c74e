-- The insights read summaries, never the raw progress and transactions. Each summary is defined
-- once, as a view over the raw rows; the triggers below bring the rows of the members a
-- statement touched up to date from those views, and `insights_rebuild()` recomputes everything
-- (the backfill at the end, and after a bulk load made with the triggers turned off).
CREATE VIEW "insights_course_progress_source" AS
SELECT p.member_id, l.course_key,
       min(p.opened_at) AS started_at,
       max(p.updated_at) AS last_progress_at,
       count(*)::int AS lessons_opened,
       count(p.completed_at)::int AS lessons_completed,
       max(p.completed_at) AS last_completed_at,
       (array_agg(l.path ORDER BY l.module DESC NULLS FIRST, l.position DESC, l.path DESC)
          FILTER (WHERE p.completed_at IS NOT NULL))[1] AS furthest_path
FROM lesson_progress p
JOIN lessons l ON l.path = p.path
WHERE l.kind = 'lesson' AND l.course_key IS NOT NULL
GROUP BY p.member_id, l.course_key;
--> statement-breakpoint
CREATE VIEW "insights_module_progress_source" AS
SELECT member_id, course_key, module, lessons_opened, lessons_completed, last_progress_at,
       course_last_progress_at
FROM (
  SELECT p.member_id, l.course_key, l.module,
         count(*)::int AS lessons_opened,
         count(p.completed_at)::int AS lessons_completed,
         max(p.updated_at) AS last_progress_at,
         max(max(p.updated_at)) OVER (PARTITION BY p.member_id, l.course_key)
           AS course_last_progress_at
  FROM lesson_progress p
  JOIN lessons l ON l.path = p.path
  WHERE l.kind = 'lesson' AND l.course_key IS NOT NULL
  GROUP BY p.member_id, l.course_key, l.module) per_module
WHERE module IS NOT NULL;
--> statement-breakpoint
-- A screen's area is its own when it names one, else its course's.
CREATE VIEW "insights_area_progress_source" AS
SELECT p.member_id, coalesce(l.area, c.area) AS area, max(p.updated_at) AS last_progress_at
FROM lesson_progress p
JOIN lessons l ON l.path = p.path
LEFT JOIN courses c ON c.key = l.course_key
WHERE coalesce(l.area, c.area) IS NOT NULL
GROUP BY p.member_id, coalesce(l.area, c.area);
--> statement-breakpoint
CREATE VIEW "insights_last_progress_source" AS
SELECT p.member_id, max(p.updated_at) AS last_progress_at,
       (array_agg(p.path ORDER BY p.updated_at DESC, p.path))[1] AS path
FROM lesson_progress p
GROUP BY p.member_id;
--> statement-breakpoint
-- How far a reader got: a completed screen counts as read to the end.
CREATE FUNCTION "insights_read_share"(done_at timestamptz, share real)
RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN done_at IS NOT NULL THEN 1
              ELSE least(greatest(coalesce(share, 0), 0), 1)::double precision END
$$;
--> statement-breakpoint
-- The earliest sale of each account is the first row of its index by time that is a sale.
CREATE VIEW "insights_first_sale_source" AS
SELECT a.member_id, min(s.occurred_at) AS first_sale_at
FROM network_accounts a
CROSS JOIN LATERAL (
  SELECT t.occurred_at FROM transactions t
  WHERE t.account_ref = a.id AND t.kind = 'sale'
  ORDER BY t.occurred_at
  LIMIT 1) s
GROUP BY a.member_id;
--> statement-breakpoint
-- Brings the progress summaries of these members up to date. A member's rows are worked on by
-- one transaction at a time (a lock taken before reading), so two saves at once of the same
-- member's progress cannot leave the older picture behind.
CREATE FUNCTION "insights_refresh_members"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(28417, k)
  FROM (SELECT DISTINCT hashtext(id::text) AS k FROM unnest(ids) id ORDER BY 1) locks;

  WITH s AS (SELECT * FROM insights_course_progress_source WHERE member_id = ANY(ids)),
  gone AS (
    DELETE FROM member_course_progress t
    WHERE t.member_id = ANY(ids)
      AND (t.member_id, t.course_key) NOT IN (SELECT member_id, course_key FROM s))
  INSERT INTO member_course_progress AS t
    (member_id, course_key, started_at, last_progress_at, lessons_opened, lessons_completed,
     last_completed_at, furthest_path)
  SELECT * FROM s ORDER BY member_id, course_key
  ON CONFLICT (member_id, course_key) DO UPDATE SET
    started_at = excluded.started_at,
    last_progress_at = excluded.last_progress_at,
    lessons_opened = excluded.lessons_opened,
    lessons_completed = excluded.lessons_completed,
    last_completed_at = excluded.last_completed_at,
    furthest_path = excluded.furthest_path;

  WITH s AS (SELECT * FROM insights_module_progress_source WHERE member_id = ANY(ids)),
  gone AS (
    DELETE FROM member_module_progress t
    WHERE t.member_id = ANY(ids)
      AND (t.member_id, t.course_key, t.module) NOT IN
          (SELECT member_id, course_key, module FROM s))
  INSERT INTO member_module_progress AS t
    (member_id, course_key, module, lessons_opened, lessons_completed, last_progress_at,
     course_last_progress_at)
  SELECT * FROM s ORDER BY member_id, course_key, module
  ON CONFLICT (member_id, course_key, module) DO UPDATE SET
    lessons_opened = excluded.lessons_opened,
    lessons_completed = excluded.lessons_completed,
    last_progress_at = excluded.last_progress_at,
    course_last_progress_at = excluded.course_last_progress_at;

  WITH s AS (SELECT * FROM insights_area_progress_source WHERE member_id = ANY(ids)),
  gone AS (
    DELETE FROM member_area_progress t
    WHERE t.member_id = ANY(ids) AND (t.member_id, t.area) NOT IN (SELECT member_id, area FROM s))
  INSERT INTO member_area_progress AS t (member_id, area, last_progress_at)
  SELECT * FROM s ORDER BY member_id, area
  ON CONFLICT (member_id, area) DO UPDATE SET last_progress_at = excluded.last_progress_at;

  WITH s AS (SELECT * FROM insights_last_progress_source WHERE member_id = ANY(ids)),
  gone AS (
    DELETE FROM member_last_progress t
    WHERE t.member_id = ANY(ids) AND t.member_id NOT IN (SELECT member_id FROM s))
  INSERT INTO member_last_progress AS t (member_id, last_progress_at, path)
  SELECT * FROM s ORDER BY member_id
  ON CONFLICT (member_id) DO UPDATE SET
    last_progress_at = excluded.last_progress_at, path = excluded.path;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "insights_refresh_first_sales"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH s AS (SELECT * FROM insights_first_sale_source WHERE member_id = ANY(ids)),
  gone AS (
    DELETE FROM member_first_sale t
    WHERE t.member_id = ANY(ids) AND t.member_id NOT IN (SELECT member_id FROM s))
  INSERT INTO member_first_sale AS t (member_id, first_sale_at)
  SELECT * FROM s ORDER BY member_id
  ON CONFLICT (member_id) DO UPDATE SET first_sale_at = excluded.first_sale_at;
END
$$;
--> statement-breakpoint
-- Every summary recomputed from the raw rows in one set-based pass.
CREATE FUNCTION "insights_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE lesson_progress, transactions IN SHARE MODE;
  DELETE FROM member_course_progress;
  INSERT INTO member_course_progress
    (member_id, course_key, started_at, last_progress_at, lessons_opened, lessons_completed,
     last_completed_at, furthest_path)
  SELECT * FROM insights_course_progress_source;
  DELETE FROM member_module_progress;
  INSERT INTO member_module_progress
    (member_id, course_key, module, lessons_opened, lessons_completed, last_progress_at,
     course_last_progress_at)
  SELECT * FROM insights_module_progress_source;
  DELETE FROM member_area_progress;
  INSERT INTO member_area_progress (member_id, area, last_progress_at)
  SELECT * FROM insights_area_progress_source;
  DELETE FROM member_last_progress;
  INSERT INTO member_last_progress (member_id, last_progress_at, path)
  SELECT * FROM insights_last_progress_source;
  DELETE FROM lesson_reach;
  INSERT INTO lesson_reach (path, reached, completed, position_sum)
  SELECT path, count(*), count(completed_at), sum(insights_read_share(completed_at, position))
  FROM lesson_progress GROUP BY path;
  DELETE FROM member_first_sale;
  INSERT INTO member_first_sale (member_id, first_sale_at)
  SELECT * FROM insights_first_sale_source;
END
$$;
--> statement-breakpoint
-- Progress rows: the funnel counts move by the rows that came and went (a row that changed is
-- taken away as it was and added as it is), the members' summaries are brought up to date.
CREATE FUNCTION "lesson_progress_insights"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT path, count(*)::int AS reached, count(completed_at)::int AS completed,
             sum(insights_read_share(completed_at, position)) AS share
      FROM new_rows GROUP BY path)
    INSERT INTO lesson_reach AS r (path, reached, completed, position_sum)
    SELECT * FROM d ORDER BY path
    ON CONFLICT (path) DO UPDATE SET
      reached = r.reached + excluded.reached,
      completed = r.completed + excluded.completed,
      position_sum = r.position_sum + excluded.position_sum;
    SELECT array_agg(DISTINCT member_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT path, count(*)::int AS reached, count(completed_at)::int AS completed,
             sum(insights_read_share(completed_at, position)) AS share
      FROM old_rows GROUP BY path)
    UPDATE lesson_reach AS r SET
      reached = r.reached - d.reached,
      completed = r.completed - d.completed,
      position_sum = greatest(r.position_sum - d.share, 0)
    FROM d WHERE r.path = d.path;
    DELETE FROM lesson_reach WHERE reached <= 0 AND path IN (SELECT path FROM old_rows);
    SELECT array_agg(DISTINCT member_id) INTO ids FROM old_rows;
  ELSE
    WITH d AS (
      SELECT path, sum(sign)::int AS reached, sum(done)::int AS completed, sum(share) AS share
      FROM (
        SELECT path, 1 AS sign, (completed_at IS NOT NULL)::int AS done,
               insights_read_share(completed_at, position) AS share
        FROM new_rows
        UNION ALL
        SELECT path, -1, -(completed_at IS NOT NULL)::int,
               -insights_read_share(completed_at, position)
        FROM old_rows) x
      GROUP BY path
      HAVING sum(sign) <> 0 OR sum(done) <> 0 OR sum(share) <> 0)
    INSERT INTO lesson_reach AS r (path, reached, completed, position_sum)
    SELECT path, reached, completed, share FROM d ORDER BY path
    ON CONFLICT (path) DO UPDATE SET
      reached = r.reached + excluded.reached,
      completed = r.completed + excluded.completed,
      position_sum = greatest(r.position_sum + excluded.position_sum, 0);
    DELETE FROM lesson_reach WHERE reached <= 0 AND path IN (SELECT path FROM old_rows);
    SELECT array_agg(DISTINCT member_id) INTO ids
    FROM (SELECT member_id FROM new_rows UNION SELECT member_id FROM old_rows) x;
  END IF;
  PERFORM insights_refresh_members(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lesson_progress_insights_insert" AFTER INSERT ON "lesson_progress"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lesson_progress_insights"();
--> statement-breakpoint
CREATE TRIGGER "lesson_progress_insights_update" AFTER UPDATE ON "lesson_progress"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lesson_progress_insights"();
--> statement-breakpoint
CREATE TRIGGER "lesson_progress_insights_delete" AFTER DELETE ON "lesson_progress"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lesson_progress_insights"();
--> statement-breakpoint
CREATE FUNCTION "lesson_progress_insights_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_course_progress;
  DELETE FROM member_module_progress;
  DELETE FROM member_area_progress;
  DELETE FROM member_last_progress;
  DELETE FROM lesson_reach;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lesson_progress_insights_truncate" AFTER TRUNCATE ON "lesson_progress"
FOR EACH STATEMENT EXECUTE FUNCTION "lesson_progress_insights_clear"();
--> statement-breakpoint
-- A lesson moved to another place, module, course or area (a content reload): the members who
-- opened it are summed again under the new structure.
CREATE FUNCTION "lessons_insights"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text[];
  ids uuid[];
BEGIN
  SELECT array_agg(n.path) INTO moved
  FROM new_rows n JOIN old_rows o ON o.path = n.path
  WHERE (n.kind, n.course_key, n.module, n.position, n.area)
        IS DISTINCT FROM (o.kind, o.course_key, o.module, o.position, o.area);
  -- An edit of a lesson's text (or a reload that leaves the structure) changes nothing here.
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT p.member_id) INTO ids FROM lesson_progress p WHERE p.path = ANY(moved);
  PERFORM insights_refresh_members(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lessons_insights_update" AFTER UPDATE ON "lessons"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lessons_insights"();
--> statement-breakpoint
-- A course given to another area: its readers' areas are summed again.
CREATE FUNCTION "courses_insights"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text[];
  ids uuid[];
BEGIN
  SELECT array_agg(n.key) INTO moved
  FROM new_rows n JOIN old_rows o ON o.key = n.key
  WHERE n.area IS DISTINCT FROM o.area;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT p.member_id) INTO ids
  FROM lesson_progress p
  JOIN lessons l ON l.path = p.path
  WHERE l.course_key = ANY(moved);
  PERFORM insights_refresh_members(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_insights_update" AFTER UPDATE ON "courses"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "courses_insights"();
--> statement-breakpoint
-- Transactions: a new sale earlier than a member's first one becomes it; when rows go (or
-- change), the members whose first sale may have gone with them are looked up again.
CREATE FUNCTION "transactions_first_sale_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_first_sale AS f (member_id, first_sale_at)
  SELECT a.member_id, min(n.occurred_at)
  FROM new_rows n JOIN network_accounts a ON a.id = n.account_ref
  WHERE n.kind = 'sale'
  GROUP BY a.member_id
  ORDER BY a.member_id
  ON CONFLICT (member_id) DO UPDATE SET first_sale_at = least(f.first_sale_at, excluded.first_sale_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "transactions_first_sale_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT a.member_id) INTO ids
  FROM old_rows o
  JOIN network_accounts a ON a.id = o.account_ref
  JOIN member_first_sale f ON f.member_id = a.member_id
  WHERE o.kind = 'sale' AND o.occurred_at <= f.first_sale_at;
  PERFORM insights_refresh_first_sales(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_first_sale_insert" AFTER INSERT ON "transactions"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_first_sale_add"();
--> statement-breakpoint
CREATE TRIGGER "transactions_first_sale_delete" AFTER DELETE ON "transactions"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_first_sale_remove"();
--> statement-breakpoint
-- An UPDATE (the app never makes one) looks the old rows' members up again, then adds the new.
CREATE TRIGGER "transactions_first_sale_update_1_remove" AFTER UPDATE ON "transactions"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_first_sale_remove"();
--> statement-breakpoint
CREATE TRIGGER "transactions_first_sale_update_2_add" AFTER UPDATE ON "transactions"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_first_sale_add"();
--> statement-breakpoint
CREATE FUNCTION "transactions_first_sale_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_first_sale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_first_sale_truncate" AFTER TRUNCATE ON "transactions"
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_first_sale_clear"();
--> statement-breakpoint
-- A removed account takes its transactions with it (by cascade, after the account row is gone,
-- so the transactions' trigger no longer finds whose they were): its member is looked up again.
CREATE FUNCTION "network_accounts_first_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT member_id) INTO ids FROM old_rows;
  PERFORM insights_refresh_first_sales(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "network_accounts_first_sale_delete" AFTER DELETE ON "network_accounts"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "network_accounts_first_sale"();
--> statement-breakpoint
SELECT insights_rebuild();
