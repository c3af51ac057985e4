CREATE TABLE "teacher_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"class_ids" integer[] DEFAULT '{}' NOT NULL,
	"chosen_students" integer DEFAULT 0 NOT NULL,
	"send_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"publish_from" timestamp with time zone NOT NULL,
	"publish_until" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_notice_reads" (
	"notice_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_notice_reads_teacher_id_notice_id_pk" PRIMARY KEY("teacher_id","notice_id")
);
--> statement-breakpoint
ALTER TABLE "student_messages" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "allow_send_message" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_messages" ADD CONSTRAINT "teacher_messages_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notice_reads" ADD CONSTRAINT "system_notice_reads_notice_id_system_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."system_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notice_reads" ADD CONSTRAINT "system_notice_reads_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_message_id_teacher_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."teacher_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_messages_teacher_idx" ON "teacher_messages" USING btree ("teacher_id","send_time");--> statement-breakpoint
CREATE INDEX "student_messages_message_idx" ON "student_messages" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "homework_notices" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "homework_notices" ADD CONSTRAINT "homework_notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "homework_notices" SET "student_id" = split_part("key", ':', 3)::integer WHERE "kind" = 'submitted' AND split_part("key", ':', 3) ~ '^[0-9]+$' AND EXISTS (SELECT 1 FROM "students" s WHERE s.id = split_part("key", ':', 3)::integer);
--> statement-breakpoint
CREATE TABLE "school_live_lessons" (
	"school" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
