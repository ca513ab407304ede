CREATE TABLE "analytics_active_users" (
	"unit" text NOT NULL,
	"period" date NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_active_users_unit_period_pk" PRIMARY KEY("unit","period")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	"consultations" integer DEFAULT 0 NOT NULL,
	"transcribed_ms" bigint DEFAULT 0 NOT NULL,
	"generations" integer DEFAULT 0 NOT NULL,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"provider_failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "user_active_periods" (
	"unit" text NOT NULL,
	"period" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "user_active_periods_unit_period_user_id_pk" PRIMARY KEY("unit","period","user_id")
);
--> statement-breakpoint
DROP INDEX "anamnesis_versions_created_at_idx";--> statement-breakpoint
DROP INDEX "consultations_updated_at_user_idx";--> statement-breakpoint
DROP INDEX "credit_movements_created_at_idx";--> statement-breakpoint
DROP INDEX "sessions_created_at_user_idx";--> statement-breakpoint
DROP INDEX "transcript_chunks_transcribed_idx";--> statement-breakpoint
DROP INDEX "transcript_chunks_created_status_idx";--> statement-breakpoint
ALTER TABLE "user_active_periods" ADD CONSTRAINT "user_active_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counters are rewritten on every write: room on each page lets the old versions be pruned in
-- place (HOT updates), and autovacuum visits these small tables often.
ALTER TABLE analytics_days SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
--> statement-breakpoint
ALTER TABLE analytics_active_users SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);
--> statement-breakpoint
-- Adds one row's share to the counters of its Brasília day. The shard follows the connection, so
-- concurrent transactions update different rows of the day and one transaction always the same.
CREATE FUNCTION analytics_add(
  happened_at timestamptz,
  sign_ups integer DEFAULT 0,
  consultations integer DEFAULT 0,
  transcribed_ms bigint DEFAULT 0,
  generations integer DEFAULT 0,
  credits_spent integer DEFAULT 0,
  provider_failures integer DEFAULT 0
) RETURNS void AS $$
  INSERT INTO analytics_days AS d
    (day, shard, sign_ups, consultations, transcribed_ms, generations, credits_spent, provider_failures)
  VALUES ((happened_at AT TIME ZONE 'America/Sao_Paulo')::date, pg_backend_pid() % 8,
    sign_ups, consultations, transcribed_ms, generations, credits_spent, provider_failures)
  ON CONFLICT (day, shard) DO UPDATE SET
    sign_ups = d.sign_ups + excluded.sign_ups,
    consultations = d.consultations + excluded.consultations,
    transcribed_ms = d.transcribed_ms + excluded.transcribed_ms,
    generations = d.generations + excluded.generations,
    credits_spent = d.credits_spent + excluded.credits_spent,
    provider_failures = d.provider_failures + excluded.provider_failures;
$$ LANGUAGE sql;
--> statement-breakpoint
-- Marks the user active on the Brasília day and Monday-based week of `happened_at`.
CREATE FUNCTION analytics_record_activity(user_id uuid, happened_at timestamptz) RETURNS void AS $$
  INSERT INTO user_active_periods (unit, period, user_id)
  SELECT unit, date_trunc(unit, happened_at AT TIME ZONE 'America/Sao_Paulo')::date, user_id
  FROM (VALUES ('day'), ('week')) AS units (unit)
  ON CONFLICT DO NOTHING;
$$ LANGUAGE sql;
--> statement-breakpoint
-- Each table has a function giving one row's share, and a trigger that takes back the old row's
-- share and adds the new row's: inserts, changes and deletions (cascades included) keep the
-- counters equal to a count of the rows. TG_ARGV[0] names the table's share function.
CREATE FUNCTION analytics_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN EXECUTE format('SELECT %I($1, -1)', TG_ARGV[0]) USING OLD; END IF;
  IF TG_OP <> 'DELETE' THEN EXECUTE format('SELECT %I($1, 1)', TG_ARGV[0]) USING NEW; END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION analytics_active_user_share(active user_active_periods, sign integer) RETURNS void AS $$
  INSERT INTO analytics_active_users AS a (unit, period, active_users) VALUES (active.unit, active.period, sign)
  ON CONFLICT (unit, period) DO UPDATE SET active_users = a.active_users + excluded.active_users;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE TRIGGER user_active_periods_analytics AFTER INSERT OR DELETE ON user_active_periods
  FOR EACH ROW EXECUTE FUNCTION analytics_track('analytics_active_user_share');
--> statement-breakpoint
CREATE FUNCTION analytics_user_share(account users, sign integer) RETURNS void AS $$
  SELECT analytics_add(account.created_at, sign_ups => sign);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE TRIGGER users_analytics AFTER INSERT OR DELETE OR UPDATE OF created_at ON users
  FOR EACH ROW EXECUTE FUNCTION analytics_track('analytics_user_share');
--> statement-breakpoint
CREATE FUNCTION analytics_consultation_share(consultation consultations, sign integer) RETURNS void AS $$
  SELECT analytics_add(consultation.created_at, consultations => sign);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE TRIGGER consultations_analytics AFTER INSERT OR DELETE OR UPDATE OF created_at ON consultations
  FOR EACH ROW EXECUTE FUNCTION analytics_track('analytics_consultation_share');
--> statement-breakpoint
CREATE FUNCTION analytics_chunk_share(chunk transcript_chunks, sign integer) RETURNS void AS $$
BEGIN
  IF chunk.status = 'done' AND chunk.transcribed_at IS NOT NULL THEN
    PERFORM analytics_add(chunk.transcribed_at, transcribed_ms => sign * round(coalesce(chunk.duration, 0) * 1000)::bigint);
  ELSIF chunk.status = 'failed' THEN
    PERFORM analytics_add(chunk.created_at, provider_failures => sign);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transcript_chunks_analytics
  AFTER INSERT OR DELETE OR UPDATE OF status, duration, transcribed_at, created_at ON transcript_chunks
  FOR EACH ROW EXECUTE FUNCTION analytics_track('analytics_chunk_share');
--> statement-breakpoint
CREATE FUNCTION analytics_anamnesis_share(version anamnesis_versions, sign integer) RETURNS void AS $$
  SELECT analytics_add(version.created_at,
    generations => CASE WHEN version.kind <> 'edit' THEN sign ELSE 0 END,
    provider_failures => CASE WHEN version.status = 'failed' THEN sign ELSE 0 END);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE TRIGGER anamnesis_versions_analytics
  AFTER INSERT OR DELETE OR UPDATE OF kind, status, created_at ON anamnesis_versions
  FOR EACH ROW EXECUTE FUNCTION analytics_track('analytics_anamnesis_share');
--> statement-breakpoint
CREATE FUNCTION analytics_credit_share(movement credit_movements, sign integer) RETURNS void AS $$
  SELECT analytics_add(movement.created_at, credits_spent => -sign * movement.amount)
  WHERE movement.kind IN ('spend', 'refund');
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE TRIGGER credit_movements_analytics
  AFTER INSERT OR DELETE OR UPDATE OF kind, amount, created_at ON credit_movements
  FOR EACH ROW EXECUTE FUNCTION analytics_track('analytics_credit_share');
--> statement-breakpoint
-- A user is active on the days they log in, use a session, or make or change a consultation;
-- TG_ARGV[0] names the row's column of when.
CREATE FUNCTION analytics_track_activity() RETURNS trigger AS $$
BEGIN
  PERFORM analytics_record_activity(NEW.user_id, (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_activity AFTER INSERT OR UPDATE OF last_used_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION analytics_track_activity('last_used_at');
--> statement-breakpoint
CREATE TRIGGER consultations_activity AFTER INSERT OR UPDATE OF updated_at ON consultations
  FOR EACH ROW EXECUTE FUNCTION analytics_track_activity('updated_at');
--> statement-breakpoint
-- What was written before the triggers existed.
INSERT INTO analytics_days
  (day, shard, sign_ups, consultations, transcribed_ms, generations, credits_spent, provider_failures)
SELECT (happened_at AT TIME ZONE 'America/Sao_Paulo')::date, 0,
  sum(sign_ups), sum(consultations), sum(transcribed_ms), sum(generations), sum(credits_spent), sum(provider_failures)
FROM (
  SELECT created_at, 1, 0, 0, 0, 0, 0 FROM users
  UNION ALL SELECT created_at, 0, 1, 0, 0, 0, 0 FROM consultations
  UNION ALL SELECT transcribed_at, 0, 0, round(coalesce(duration, 0) * 1000)::bigint, 0, 0, 0
    FROM transcript_chunks WHERE status = 'done' AND transcribed_at IS NOT NULL
  UNION ALL SELECT created_at, 0, 0, 0, 0, 0, 1 FROM transcript_chunks WHERE status = 'failed'
  UNION ALL SELECT created_at, 0, 0, 0, CASE WHEN kind <> 'edit' THEN 1 ELSE 0 END, 0,
    CASE WHEN status = 'failed' THEN 1 ELSE 0 END FROM anamnesis_versions
  UNION ALL SELECT created_at, 0, 0, 0, 0, -amount, 0 FROM credit_movements WHERE kind IN ('spend', 'refund')
) AS shares (happened_at, sign_ups, consultations, transcribed_ms, generations, credits_spent, provider_failures)
GROUP BY 1;
--> statement-breakpoint
SELECT analytics_record_activity(user_id, happened_at) FROM (
  SELECT user_id, created_at FROM sessions
  UNION SELECT user_id, last_used_at FROM sessions
  UNION SELECT user_id, created_at FROM consultations
  UNION SELECT user_id, updated_at FROM consultations
) AS activity (user_id, happened_at);
