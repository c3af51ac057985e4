-- hand-written: learning statistics (docs/learning-statistics.md). The evaluator's phone
-- judgements kept with each stored evaluation result, and summed per child, month and sound.
ALTER TABLE "evaluation_results" ADD COLUMN "phones" jsonb;--> statement-breakpoint
CREATE TABLE "sound_judgements" (
	"student_id" integer NOT NULL,
	"month" date NOT NULL,
	"sound" text NOT NULL,
	"judged" integer DEFAULT 0 NOT NULL,
	"weak" integer DEFAULT 0 NOT NULL,
	"score_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sound_judgements_student_id_month_sound_pk" PRIMARY KEY("student_id","month","sound")
);
--> statement-breakpoint
ALTER TABLE "sound_judgements" ADD CONSTRAINT "sound_judgements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written: the learning statistics' reads are cached (docs/architecture.md, "Read caches"),
-- and sound-insights reads sound_judgements: a change announces the child's teacher (pg_notify
-- sends one copy per transaction, so a reading's 30-odd sounds announce once), and TRUNCATE
-- announces everyone like every other announcing table.
CREATE FUNCTION announce_student_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ondoku_changes', s.teacher_id::text)
  FROM students s
  WHERE s.id IN (
    SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END).student_id
    UNION SELECT (CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END).student_id
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sound_judgements_announce AFTER INSERT OR UPDATE OR DELETE ON sound_judgements
  FOR EACH ROW EXECUTE FUNCTION announce_student_row_change();--> statement-breakpoint
CREATE TRIGGER sound_judgements_truncate_announce AFTER TRUNCATE ON sound_judgements
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everyone_change();
