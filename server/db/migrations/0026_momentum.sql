CREATE TABLE "area_unlocks" (
	"area" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "area_unlocks_level" CHECK ("area_unlocks"."level" between 2 and 9)
);
--> statement-breakpoint
CREATE TABLE "member_points" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"week" integer DEFAULT 0 NOT NULL,
	"month" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_points_daily" (
	"member_id" uuid NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "member_points_daily_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "point_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"points" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_windows" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "points_windows_one" CHECK ("points_windows"."one")
);
--> statement-breakpoint
ALTER TABLE "area_unlocks" ADD CONSTRAINT "area_unlocks_set_by_members_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points_daily" ADD CONSTRAINT "member_points_daily_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_events" ADD CONSTRAINT "point_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_points_total_idx" ON "member_points" USING btree ("total","member_id") WHERE "member_points"."listed";--> statement-breakpoint
CREATE INDEX "member_points_week_idx" ON "member_points" USING btree ("week","member_id") WHERE "member_points"."listed";--> statement-breakpoint
CREATE INDEX "member_points_month_idx" ON "member_points" USING btree ("month","member_id") WHERE "member_points"."listed";--> statement-breakpoint
CREATE INDEX "member_points_daily_day_idx" ON "member_points_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "point_events_member_idx" ON "point_events" USING btree ("member_id","kind","at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_events_once_idx" ON "point_events" USING btree ("member_id","kind","ref") WHERE "point_events"."kind" in ('check', 'study');--> statement-breakpoint
-- What a level starts at and what a thing done is worth: the contract's LEVEL_POINTS and POINTS
-- (api-schemas/momentum.ts), which a test keeps equal to these.
CREATE FUNCTION "points_level"(total integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN total >= 33015 THEN 9 WHEN total >= 8015 THEN 8 WHEN total >= 2015 THEN 7
              WHEN total >= 515 THEN 6 WHEN total >= 155 THEN 5 WHEN total >= 65 THEN 4
              WHEN total >= 20 THEN 3 WHEN total >= 5 THEN 2 ELSE 1 END
$$;
--> statement-breakpoint
CREATE FUNCTION "points_of"(kind text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind WHEN 'lesson' THEN 5 WHEN 'check' THEN 10 WHEN 'like' THEN 1 ELSE 0 END
$$;
--> statement-breakpoint
-- The tally of a statement's events: each member's day, total and windows; a member whose level
-- rose gets the areas opened at the levels reached (audited as a grant, as an administrator's
-- is). Shares a lock with the windows' refresh, which recounts the windows from the days.
CREATE FUNCTION "point_events_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wday date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(72500);
  SELECT day INTO wday FROM points_windows;
  INSERT INTO member_points_daily AS d (member_id, day, points)
  SELECT member_id, (at AT TIME ZONE 'UTC')::date, sum(points)::int
  FROM new_rows WHERE points <> 0
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (member_id, day) DO UPDATE SET points = d.points + excluded.points;
  WITH m AS (
    SELECT member_id, sum(points)::int AS total,
           coalesce(sum(points) FILTER (WHERE (at AT TIME ZONE 'UTC')::date > wday - 7), 0)::int
             AS week,
           coalesce(sum(points) FILTER (WHERE (at AT TIME ZONE 'UTC')::date > wday - 30), 0)::int
             AS month
    FROM new_rows WHERE points <> 0
    GROUP BY member_id),
  up AS (
    INSERT INTO member_points AS p (member_id, total, week, month)
    SELECT member_id, total, week, month FROM m ORDER BY member_id
    ON CONFLICT (member_id) DO UPDATE SET
      total = p.total + excluded.total,
      week = p.week + excluded.week,
      month = p.month + excluded.month
    RETURNING p.member_id, p.total),
  risen AS (
    SELECT up.member_id, points_level(up.total - m.total) AS was, points_level(up.total) AS now
    FROM up JOIN m USING (member_id)
    WHERE points_level(up.total) > points_level(up.total - m.total)),
  grants AS (
    SELECT r.member_id, r.now, array_agg(u.area ORDER BY u.area) AS areas
    FROM risen r
    JOIN area_unlocks u ON u.level > r.was AND u.level <= r.now
    JOIN members mm ON mm.id = r.member_id
    WHERE NOT (u.area = ANY (mm.areas))
    GROUP BY r.member_id, r.now),
  granted AS (
    UPDATE members mm SET areas = mm.areas || g.areas
    FROM grants g WHERE mm.id = g.member_id
    RETURNING mm.email, g.areas, g.now)
  INSERT INTO audit_log (actor_email, action, target_email, detail)
  SELECT 'level ' || now, 'member.access', email,
         'granted ' || array_to_string(areas, ', ') || ' at level ' || now
  FROM granted;
  -- Each member's new total, to their open screens on every instance (the live stream).
  PERFORM pg_notify('community_live', 'p:' || p.member_id || ':' || p.total)
  FROM member_points p
  WHERE p.member_id IN (SELECT member_id FROM new_rows WHERE points <> 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "point_events_tally" AFTER INSERT ON "point_events"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "point_events_tally"();
--> statement-breakpoint
-- The 7- and 30-day figures counted back from `today` (a UTC day): done once a day, by the first
-- read of a new day, under the lock the tally shares.
CREATE FUNCTION "points_windows_refresh"(today date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT day FROM points_windows) IS NOT DISTINCT FROM today THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(72500);
  IF (SELECT day FROM points_windows) IS NOT DISTINCT FROM today THEN RETURN; END IF;
  -- One write of the rows whose figures change, and no other.
  UPDATE member_points p SET week = coalesce(w.week, 0), month = coalesce(w.month, 0)
  FROM member_points q
  LEFT JOIN (SELECT member_id,
                    coalesce(sum(points) FILTER (WHERE day > today - 7), 0)::int AS week,
                    sum(points)::int AS month
             FROM member_points_daily WHERE day > today - 30
             GROUP BY member_id) w ON w.member_id = q.member_id
  WHERE p.member_id = q.member_id
    AND (p.week, p.month) IS DISTINCT FROM (coalesce(w.week, 0), coalesce(w.month, 0));
  INSERT INTO points_windows (one, day) VALUES (true, today)
  ON CONFLICT (one) DO UPDATE SET day = excluded.day;
END
$$;
--> statement-breakpoint
-- Every figure recounted from the events: what the tally keeps, from scratch.
CREATE FUNCTION "points_rebuild"(today date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(72500);
  DELETE FROM member_points_daily;
  INSERT INTO member_points_daily (member_id, day, points)
  SELECT member_id, (at AT TIME ZONE 'UTC')::date, sum(points)::int
  FROM point_events WHERE points <> 0 GROUP BY 1, 2;
  UPDATE member_points SET total = 0, week = 0, month = 0;
  INSERT INTO member_points AS p (member_id, total)
  SELECT member_id, sum(points)::int FROM member_points_daily GROUP BY member_id
  ON CONFLICT (member_id) DO UPDATE SET total = excluded.total;
  DELETE FROM points_windows;
  PERFORM points_windows_refresh(today);
END
$$;
--> statement-breakpoint
-- Learning, on a lesson or a chapter: one event per member and quarter hour (every time zone's
-- midnight falls on a quarter hour). A completion gives a lesson's points; taking it back takes
-- them back, dated as the completion was, so every period nets to nothing.
CREATE FUNCTION "lesson_progress_points"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO point_events (member_id, kind, ref, points, at)
  SELECT n.member_id, 'study', floor(extract(epoch FROM n.updated_at) / 900)::bigint::text, 0,
         n.updated_at
  FROM new_rows n JOIN lessons l ON l.path = n.path AND l.kind = 'lesson'
  ON CONFLICT (member_id, kind, ref) WHERE kind IN ('check', 'study') DO NOTHING;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO point_events (member_id, kind, ref, points, at)
    SELECT n.member_id, 'lesson', n.path, points_of('lesson'), n.completed_at
    FROM new_rows n JOIN lessons l ON l.path = n.path AND l.kind = 'lesson'
    WHERE n.completed_at IS NOT NULL;
  ELSE
    INSERT INTO point_events (member_id, kind, ref, points, at)
    SELECT n.member_id, 'lesson', n.path,
           CASE WHEN n.completed_at IS NULL THEN -points_of('lesson') ELSE points_of('lesson') END,
           coalesce(n.completed_at, o.completed_at)
    FROM new_rows n
    JOIN old_rows o ON o.member_id = n.member_id AND o.path = n.path
    JOIN lessons l ON l.path = n.path AND l.kind = 'lesson'
    WHERE (n.completed_at IS NULL) <> (o.completed_at IS NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lesson_progress_points_insert" AFTER INSERT ON "lesson_progress"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lesson_progress_points"();
--> statement-breakpoint
CREATE TRIGGER "lesson_progress_points_update" AFTER UPDATE ON "lesson_progress"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lesson_progress_points"();
--> statement-breakpoint
-- An attempt at a check is learning; its first pass gives a check's points.
CREATE FUNCTION "check_attempts_points"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO point_events (member_id, kind, ref, points, at)
  SELECT member_id, 'study', floor(extract(epoch FROM created_at) / 900)::bigint::text, 0,
         created_at
  FROM new_rows
  ON CONFLICT (member_id, kind, ref) WHERE kind IN ('check', 'study') DO NOTHING;
  INSERT INTO point_events (member_id, kind, ref, points, at)
  SELECT member_id, 'check', course_key || '/' || module, points_of('check'), min(created_at)
  FROM new_rows WHERE passed
  GROUP BY member_id, course_key, module
  ON CONFLICT (member_id, kind, ref) WHERE kind IN ('check', 'study') DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "check_attempts_points" AFTER INSERT ON "check_attempts"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "check_attempts_points"();
--> statement-breakpoint
-- A like gives its post's or reply's author a point, unless the author liked their own; taking
-- it back takes the point back, dated as the like was.
CREATE FUNCTION "community_reactions_points"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO point_events (member_id, kind, ref, points, at)
  SELECT coalesce(p.author_id, c.author_id), 'like', r.target_id || ':' || r.member_id,
         CASE WHEN TG_OP = 'INSERT' THEN points_of('like') ELSE -points_of('like') END,
         r.created_at
  FROM changed r
  LEFT JOIN community_posts p ON p.id = r.target_id
  LEFT JOIN community_replies c ON c.id = r.target_id
  WHERE r.reaction = 'like' AND coalesce(p.author_id, c.author_id) <> r.member_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "community_reactions_points_insert" AFTER INSERT ON "community_reactions"
REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION "community_reactions_points"();
--> statement-breakpoint
CREATE TRIGGER "community_reactions_points_delete" AFTER DELETE ON "community_reactions"
REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION "community_reactions_points"();
--> statement-breakpoint
-- What happened before: completed lessons, passed checks, likes and the learning they show.
INSERT INTO point_events (member_id, kind, ref, points, at)
SELECT p.member_id, 'lesson', p.path, points_of('lesson'), p.completed_at
FROM lesson_progress p JOIN lessons l ON l.path = p.path AND l.kind = 'lesson'
WHERE p.completed_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO point_events (member_id, kind, ref, points, at)
SELECT member_id, 'check', course_key || '/' || module, points_of('check'), min(created_at)
FROM check_attempts WHERE passed GROUP BY member_id, course_key, module;
--> statement-breakpoint
INSERT INTO point_events (member_id, kind, ref, points, at)
SELECT coalesce(p.author_id, c.author_id), 'like', r.target_id || ':' || r.member_id,
       points_of('like'), r.created_at
FROM community_reactions r
LEFT JOIN community_posts p ON p.id = r.target_id
LEFT JOIN community_replies c ON c.id = r.target_id
WHERE r.reaction = 'like' AND coalesce(p.author_id, c.author_id) <> r.member_id;
--> statement-breakpoint
INSERT INTO point_events (member_id, kind, ref, points, at)
SELECT member_id, 'study', q, 0, min(at)
FROM (SELECT p.member_id, floor(extract(epoch FROM t) / 900)::bigint::text AS q, t AS at
      FROM lesson_progress p JOIN lessons l ON l.path = p.path AND l.kind = 'lesson',
           LATERAL (VALUES (p.opened_at), (p.updated_at), (p.completed_at)) v(t)
      WHERE t IS NOT NULL
      UNION ALL
      SELECT member_id, floor(extract(epoch FROM created_at) / 900)::bigint::text, created_at
      FROM check_attempts) s
GROUP BY member_id, q;
