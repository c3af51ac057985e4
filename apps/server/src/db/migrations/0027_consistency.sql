-- One meaning of "submitted" (docs/results.md "Submitted and done"): a child has submitted a
-- homework once every topic has a submission; they are done once every topic has its required
-- practice count. Before, submitted_at meant done, which told a teacher 提出 0人 while the matrix
-- showed scores. completed_at is the old meaning; submitted_at is recomputed from topic_progress.
ALTER TABLE "homework_recipients" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "completed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION homework_recipient_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE homework h SET assigned_count = h.assigned_count + d.n, submitted_count = h.submitted_count + d.s,
      completed_count = h.completed_count + d.c
    FROM (SELECT homework_id, count(*)::int AS n, count(submitted_at)::int AS s, count(completed_at)::int AS c
      FROM new_rows GROUP BY homework_id) d
    WHERE h.id = d.homework_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE homework h SET assigned_count = h.assigned_count - d.n, submitted_count = h.submitted_count - d.s,
      completed_count = h.completed_count - d.c
    FROM (SELECT homework_id, count(*)::int AS n, count(submitted_at)::int AS s, count(completed_at)::int AS c
      FROM old_rows GROUP BY homework_id) d
    WHERE h.id = d.homework_id;
  ELSE
    UPDATE homework h SET submitted_count = h.submitted_count + d.s, completed_count = h.completed_count + d.c
    FROM (
      SELECT n.homework_id, sum((n.submitted_at IS NOT NULL)::int - (o.submitted_at IS NOT NULL)::int)::int AS s,
        sum((n.completed_at IS NOT NULL)::int - (o.completed_at IS NOT NULL)::int)::int AS c
      FROM new_rows n JOIN old_rows o ON o.homework_id = n.homework_id AND o.student_id = n.student_id
      GROUP BY n.homework_id
    ) d
    WHERE h.id = d.homework_id AND (d.s <> 0 OR d.c <> 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "homework_recipients" SET "completed_at" = "submitted_at" WHERE "submitted_at" IS NOT NULL;--> statement-breakpoint
UPDATE "homework_recipients" r SET "submitted_at" = x.at
FROM (
  SELECT tp.homework_id, tp.student_id, max(tp.first_at) AS at, count(*) AS n
  FROM topic_progress tp GROUP BY tp.homework_id, tp.student_id
) x
JOIN (SELECT homework_id, count(*) AS n FROM homework_topics GROUP BY homework_id) t ON t.homework_id = x.homework_id
WHERE r.homework_id = x.homework_id AND r.student_id = x.student_id AND x.n >= t.n AND r.submitted_at IS NULL;
--> statement-breakpoint
-- What a first start is still preparing (docs/first-start.md): the library install and the demo
-- homework's hand-ins, with their progress, read by system/preparation.
CREATE TABLE "preparation_progress" (
	"name" text PRIMARY KEY NOT NULL,
	"teacher_id" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preparation_progress" ADD CONSTRAINT "preparation_progress_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;
