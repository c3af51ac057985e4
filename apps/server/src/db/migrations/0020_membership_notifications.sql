-- hand-written: the read caches of the class list (team/my-team-rows), the student list
-- (team/student-page-rows) and the student search (teacher/search-student) (docs/architecture.md,
-- "Read caches"). They read classes, class_students and students; classes and students announce
-- their changes since migration 0019, memberships did not. A membership belongs to its class's
-- teacher and to its student's (the same teacher: a child joins only their own teacher's class,
-- students/service.ts joinClassByCode); both are announced, so a row that ever linked two teachers
-- would still reach each. Statement-level with transition tables, not row by row: an import or a
-- roll-over writes thousands of memberships in one statement, and one lookup per statement costs
-- next to nothing (6,000 rows inserted: ~105-160 ms with it, ~105-125 ms without; row by row it
-- was ~290-380 ms). A cascade from a deleted class or student fires it too (that class or student
-- announces itself; the lookup finds the other side).
CREATE FUNCTION announce_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('ondoku_changes', t.teacher_id::text) FROM (
      SELECT c.teacher_id FROM classes c WHERE c.id IN (SELECT class_id FROM new_rows)
      UNION SELECT s.teacher_id FROM students s WHERE s.id IN (SELECT student_id FROM new_rows)
    ) t;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('ondoku_changes', t.teacher_id::text) FROM (
      SELECT c.teacher_id FROM classes c WHERE c.id IN (SELECT class_id FROM old_rows)
      UNION SELECT s.teacher_id FROM students s WHERE s.id IN (SELECT student_id FROM old_rows)
    ) t;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER class_students_insert_announce AFTER INSERT ON class_students
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_membership_change();--> statement-breakpoint
CREATE TRIGGER class_students_update_announce AFTER UPDATE ON class_students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_membership_change();--> statement-breakpoint
CREATE TRIGGER class_students_delete_announce AFTER DELETE ON class_students
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_membership_change();
