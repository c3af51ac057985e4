-- hand-written: read caches for the content library (docs/architecture.md, "Read caches";
-- drizzle-kit generate does not run here, and triggers are not part of drizzle's schema).
-- Headquarters material is every teacher's, classroom material one teacher's. A change of a
-- library row announces on ondoku_changes the owning teacher's id (classroom rows), or '*' for a
-- row every teacher sees (headquarters resources, packs, word books and their words): the change
-- feed then takes every cached entry of every teacher as stale. pg_notify sends identical
-- payloads once per transaction, so an install that rewrites hundreds of rows sends one '*'
-- (row triggers, so an install or upsert that changes nothing announces nothing).
-- media_files and library_audio_overrides are not read by the library's calls (URLs are built
-- from the keys stored in library_resources; an override reaches a reply only through the
-- install that rewrites the resource), so they announce nothing: a child's recording stored in
-- media_files must not empty every cache.
-- hand-written: a classroom row announces its teacher; any other row (headquarters material,
-- whatever its teacher_id says: pack totals count it for everyone) announces '*'. An update
-- announces the row as it was and as it is.
CREATE FUNCTION announce_library_resource_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('ondoku_changes', CASE WHEN OLD.origin_type = 'classroom' AND OLD.teacher_id IS NOT NULL
      THEN OLD.teacher_id::text ELSE '*' END);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('ondoku_changes', CASE WHEN NEW.origin_type = 'classroom' AND NEW.teacher_id IS NOT NULL
      THEN NEW.teacher_id::text ELSE '*' END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- hand-written: packs, word books and their words are every teacher's.
CREATE FUNCTION announce_everyone_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ondoku_changes', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER library_resources_announce AFTER INSERT OR UPDATE OR DELETE ON library_resources
  FOR EACH ROW EXECUTE FUNCTION announce_library_resource_change();--> statement-breakpoint
CREATE TRIGGER library_packs_announce AFTER INSERT OR UPDATE OR DELETE ON library_packs
  FOR EACH ROW EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER word_books_announce AFTER INSERT OR UPDATE OR DELETE ON word_books
  FOR EACH ROW EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER word_book_words_announce AFTER INSERT OR UPDATE OR DELETE ON word_book_words
  FOR EACH ROW EXECUTE FUNCTION announce_everyone_change();
--> statement-breakpoint
-- hand-written: TRUNCATE fires no row trigger (the demo seed truncates teachers … cascade, which
-- empties every table that references them): every announcing table, 0019's and 0020's too,
-- announces '*' when truncated, directly or by cascade.
CREATE TRIGGER library_resources_truncate_announce AFTER TRUNCATE ON library_resources
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER library_packs_truncate_announce AFTER TRUNCATE ON library_packs
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER word_books_truncate_announce AFTER TRUNCATE ON word_books
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER word_book_words_truncate_announce AFTER TRUNCATE ON word_book_words
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER teachers_truncate_announce AFTER TRUNCATE ON teachers
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER auth_tokens_truncate_announce AFTER TRUNCATE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER homework_truncate_announce AFTER TRUNCATE ON homework
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER classes_truncate_announce AFTER TRUNCATE ON classes
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER students_truncate_announce AFTER TRUNCATE ON students
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER homework_topics_truncate_announce AFTER TRUNCATE ON homework_topics
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER homework_recipients_truncate_announce AFTER TRUNCATE ON homework_recipients
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER topic_progress_truncate_announce AFTER TRUNCATE ON topic_progress
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER attempts_truncate_announce AFTER TRUNCATE ON attempts
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();--> statement-breakpoint
CREATE TRIGGER class_students_truncate_announce AFTER TRUNCATE ON class_students
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();
