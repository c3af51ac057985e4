CREATE TABLE "homework_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"homework_id" integer NOT NULL,
	"kind" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_publish_keys" (
	"teacher_id" integer NOT NULL,
	"key" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_publish_keys_teacher_id_key_pk" PRIMARY KEY("teacher_id","key")
);
--> statement-breakpoint
CREATE TABLE "homework_recipients" (
	"homework_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_id" integer,
	"reissue_id" integer,
	"reissue_end_time" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"review_items" jsonb,
	CONSTRAINT "homework_recipients_homework_id_student_id_pk" PRIMARY KEY("homework_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "homework_reissue_students" (
	"reissue_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "homework_reissue_students_reissue_id_student_id_pk" PRIMARY KEY("reissue_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "homework_reissues" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"homework_id" integer NOT NULL,
	"previous_end_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"homework_id" integer NOT NULL,
	"position" integer NOT NULL,
	"resource_id" integer,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"item_count" integer NOT NULL,
	"word_ids" jsonb
);
--> statement-breakpoint
CREATE TABLE "periodic_distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"date" text NOT NULL,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodic_plan_days" (
	"plan_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"position" integer NOT NULL,
	"resource_id" integer NOT NULL,
	CONSTRAINT "periodic_plan_days_plan_id_weekday_position_pk" PRIMARY KEY("plan_id","weekday","position")
);
--> statement-breakpoint
CREATE TABLE "periodic_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"title" text NOT NULL,
	"origin_type" text DEFAULT 'classroom' NOT NULL,
	"class_ids" integer[] NOT NULL,
	"student_ids" integer[] NOT NULL,
	"required_times" bigint,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"deadline_days" integer NOT NULL,
	"review_missed" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "homework" ALTER COLUMN "required_times" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "homework" ALTER COLUMN "required_times" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "homework" ALTER COLUMN "required_times" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "assigned_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "submitted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "reissue_end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "test_start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "word_test" jsonb;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "distribution_id" integer;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_events" ADD CONSTRAINT "homework_events_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_publish_keys" ADD CONSTRAINT "homework_publish_keys_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_recipients" ADD CONSTRAINT "homework_recipients_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_recipients" ADD CONSTRAINT "homework_recipients_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_recipients" ADD CONSTRAINT "homework_recipients_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_reissue_students" ADD CONSTRAINT "homework_reissue_students_reissue_id_homework_reissues_id_fk" FOREIGN KEY ("reissue_id") REFERENCES "public"."homework_reissues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_reissue_students" ADD CONSTRAINT "homework_reissue_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_reissues" ADD CONSTRAINT "homework_reissues_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_reissues" ADD CONSTRAINT "homework_reissues_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_topics" ADD CONSTRAINT "homework_topics_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_topics" ADD CONSTRAINT "homework_topics_resource_id_library_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."library_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_distributions" ADD CONSTRAINT "periodic_distributions_plan_id_periodic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."periodic_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_plan_days" ADD CONSTRAINT "periodic_plan_days_plan_id_periodic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."periodic_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_plan_days" ADD CONSTRAINT "periodic_plan_days_resource_id_library_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."library_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_plans" ADD CONSTRAINT "periodic_plans_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "homework_events_once" ON "homework_events" USING btree ("homework_id","kind","deadline");--> statement-breakpoint
CREATE INDEX "homework_recipients_student_idx" ON "homework_recipients" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "homework_reissues_teacher_idx" ON "homework_reissues" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "homework_reissues_homework_idx" ON "homework_reissues" USING btree ("homework_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_topics_place" ON "homework_topics" USING btree ("homework_id","position");--> statement-breakpoint
CREATE INDEX "homework_topics_resource_idx" ON "homework_topics" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "periodic_distributions_plan_date" ON "periodic_distributions" USING btree ("plan_id","date");--> statement-breakpoint
CREATE INDEX "periodic_plans_teacher_idx" ON "periodic_plans" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "periodic_plans_due_idx" ON "periodic_plans" USING btree ("next_run_at") WHERE deleted_at is null and next_run_at is not null;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_plan_id_periodic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."periodic_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_distribution_id_periodic_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."periodic_distributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_teacher_end_idx" ON "homework" USING btree ("teacher_id","end_time");--> statement-breakpoint
CREATE INDEX "homework_teacher_created_idx" ON "homework" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "homework_plan_idx" ON "homework" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "homework_to_open_idx" ON "homework" USING btree ("start_time") WHERE opened_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "homework_to_close_idx" ON "homework" USING btree (coalesce(reissue_end_time, end_time)) WHERE closed_at is null and deleted_at is null;--> statement-breakpoint
-- homework.assigned_count / submitted_count follow homework_recipients, whoever writes there.
CREATE FUNCTION homework_recipient_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE homework h SET assigned_count = h.assigned_count + d.n, submitted_count = h.submitted_count + d.s
    FROM (SELECT homework_id, count(*)::int AS n, count(submitted_at)::int AS s FROM new_rows GROUP BY homework_id) d
    WHERE h.id = d.homework_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE homework h SET assigned_count = h.assigned_count - d.n, submitted_count = h.submitted_count - d.s
    FROM (SELECT homework_id, count(*)::int AS n, count(submitted_at)::int AS s FROM old_rows GROUP BY homework_id) d
    WHERE h.id = d.homework_id;
  ELSE
    UPDATE homework h SET submitted_count = h.submitted_count + d.s
    FROM (
      SELECT n.homework_id, sum((n.submitted_at IS NOT NULL)::int - (o.submitted_at IS NOT NULL)::int)::int AS s
      FROM new_rows n JOIN old_rows o ON o.homework_id = n.homework_id AND o.student_id = n.student_id
      GROUP BY n.homework_id
    ) d
    WHERE h.id = d.homework_id AND d.s <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER homework_recipients_counts_insert AFTER INSERT ON homework_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION homework_recipient_counts();
--> statement-breakpoint
CREATE TRIGGER homework_recipients_counts_delete AFTER DELETE ON homework_recipients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION homework_recipient_counts();
--> statement-breakpoint
CREATE TRIGGER homework_recipients_counts_update AFTER UPDATE ON homework_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION homework_recipient_counts();
