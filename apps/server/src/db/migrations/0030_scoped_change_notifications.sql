-- hand-written: a child's hand-in or reading makes stale only the replies that read what it wrote
-- (docs/architecture.md, "Read caches"). The tables a child's work writes announce
-- '<teacher id>:<topic>' on ondoku_changes instead of the teacher's id alone; the change feed
-- (db/change-feed.ts TOPICS) then makes stale only the entries that read that topic, and keeps
-- the class and student lists, the library and the sign-in token lookup. The topics:
-- 'submissions' (homework_recipients, and the counts of children given, submitted and done that a
-- homework row keeps of them), 'attempts' (attempts, topic_progress), 'sounds' (sound_judgements).
-- Every other table, and any other change of a homework row, still announces the whole teacher;
-- TRUNCATE still announces '*'. A process of an earlier version ignores these payloads: every
-- process of a region must run this version once the migration is in (docs/deployment.md).
--
-- The functions of migrations 0019 and 0026 take the topic as an optional argument (their
-- triggers without one announce the whole teacher, as before).
CREATE OR REPLACE FUNCTION announce_teacher_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('ondoku_changes', (to_jsonb(OLD) ->> TG_ARGV[0]) || coalesce(':' || TG_ARGV[1], ''));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('ondoku_changes', (to_jsonb(NEW) ->> TG_ARGV[0]) || coalesce(':' || TG_ARGV[1], ''));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_homework_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ondoku_changes', h.teacher_id::text || coalesce(':' || TG_ARGV[0], ''))
  FROM homework h
  WHERE h.id IN (
    SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).homework_id
    UNION SELECT (CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END).homework_id
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_student_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ondoku_changes', s.teacher_id::text || coalesce(':' || TG_ARGV[0], ''))
  FROM students s
  WHERE s.id IN (
    SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).student_id
    UNION SELECT (CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END).student_id
  );
  RETURN NULL;
END $$;--> statement-breakpoint
-- hand-written: a homework row whose update changed nothing but the counts kept from its
-- recipients (homework_recipient_counts, migrations 0008 and 0027: a child became submitted or
-- done, a child was given or taken off it) announces 'submissions'; any other change of the row
-- (title, times, deletion, a new homework) announces the whole teacher.
CREATE FUNCTION announce_homework_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) - '{assigned_count,submitted_count,completed_count}'::text[]
      = to_jsonb(NEW) - '{assigned_count,submitted_count,completed_count}'::text[] THEN
    PERFORM pg_notify('ondoku_changes', NEW.teacher_id::text || ':submissions');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('ondoku_changes', OLD.teacher_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('ondoku_changes', NEW.teacher_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER homework_announce ON homework;--> statement-breakpoint
CREATE TRIGGER homework_announce AFTER INSERT OR UPDATE OR DELETE ON homework
  FOR EACH ROW EXECUTE FUNCTION announce_homework_change();--> statement-breakpoint
DROP TRIGGER homework_recipients_announce ON homework_recipients;--> statement-breakpoint
CREATE TRIGGER homework_recipients_announce AFTER INSERT OR UPDATE OR DELETE ON homework_recipients
  FOR EACH ROW EXECUTE FUNCTION announce_homework_row_change('submissions');--> statement-breakpoint
DROP TRIGGER topic_progress_announce ON topic_progress;--> statement-breakpoint
CREATE TRIGGER topic_progress_announce AFTER INSERT OR UPDATE OR DELETE ON topic_progress
  FOR EACH ROW EXECUTE FUNCTION announce_homework_row_change('attempts');--> statement-breakpoint
DROP TRIGGER attempts_announce ON attempts;--> statement-breakpoint
CREATE TRIGGER attempts_announce AFTER INSERT OR UPDATE OR DELETE ON attempts
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('teacher_id', 'attempts');--> statement-breakpoint
DROP TRIGGER sound_judgements_announce ON sound_judgements;--> statement-breakpoint
CREATE TRIGGER sound_judgements_announce AFTER INSERT OR UPDATE OR DELETE ON sound_judgements
  FOR EACH ROW EXECUTE FUNCTION announce_student_row_change('sounds');
