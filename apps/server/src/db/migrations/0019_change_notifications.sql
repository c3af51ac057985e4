-- hand-written: read caches (docs/architecture.md, "Read caches"). Every change of a row that a
-- cached read depends on announces its teacher's id on the channel ondoku_changes when the
-- transaction commits (pg_notify sends one copy of identical payloads per transaction). Each
-- server process listens (db/change-feed.ts) and drops what it cached for that teacher. A new
-- table that a cached read depends on gets the same trigger (read-cache.test.ts checks the list).
CREATE FUNCTION announce_teacher_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('ondoku_changes', (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('ondoku_changes', (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- hand-written: a row with a homework_id (topics, recipients, progress) belongs to its
-- homework's teacher.
CREATE FUNCTION announce_homework_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ondoku_changes', h.teacher_id::text)
  FROM homework h
  WHERE h.id IN (
    SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).homework_id
    UNION SELECT (CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END).homework_id
  );
  RETURN NULL;
END $$;--> statement-breakpoint
-- hand-written: the token lookup (profile of teachers, live auth_tokens), the homework list
-- (homework with its counts, classes' names, homework_topics) and the homework details and score
-- matrix (also homework_recipients, students' names, topic_progress, attempts) are cached. A new
-- token (INSERT) is found by a miss, so auth_tokens and teachers announce only updates and
-- deletions.
CREATE TRIGGER teachers_announce AFTER UPDATE OR DELETE ON teachers
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('id');--> statement-breakpoint
CREATE TRIGGER auth_tokens_announce AFTER UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('teacher_id');--> statement-breakpoint
CREATE TRIGGER homework_announce AFTER INSERT OR UPDATE OR DELETE ON homework
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('teacher_id');--> statement-breakpoint
CREATE TRIGGER classes_announce AFTER INSERT OR UPDATE OR DELETE ON classes
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('teacher_id');--> statement-breakpoint
CREATE TRIGGER students_announce AFTER INSERT OR UPDATE OR DELETE ON students
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('teacher_id');--> statement-breakpoint
CREATE TRIGGER homework_topics_announce AFTER INSERT OR UPDATE OR DELETE ON homework_topics
  FOR EACH ROW EXECUTE FUNCTION announce_homework_row_change();--> statement-breakpoint
CREATE TRIGGER homework_recipients_announce AFTER INSERT OR UPDATE OR DELETE ON homework_recipients
  FOR EACH ROW EXECUTE FUNCTION announce_homework_row_change();--> statement-breakpoint
CREATE TRIGGER topic_progress_announce AFTER INSERT OR UPDATE OR DELETE ON topic_progress
  FOR EACH ROW EXECUTE FUNCTION announce_homework_row_change();--> statement-breakpoint
CREATE TRIGGER attempts_announce AFTER INSERT OR UPDATE OR DELETE ON attempts
  FOR EACH ROW EXECUTE FUNCTION announce_teacher_change('teacher_id');
