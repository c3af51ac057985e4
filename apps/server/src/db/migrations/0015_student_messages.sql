CREATE TABLE "student_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"homework_id" integer,
	"topic_id" integer,
	"body" text NOT NULL,
	"guid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_messages" ADD CONSTRAINT "student_messages_topic_id_homework_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."homework_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_messages_student_idx" ON "student_messages" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "student_messages_homework_idx" ON "student_messages" USING btree ("homework_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "student_messages_topic_idx" ON "student_messages" USING btree ("topic_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_messages_guid_key" ON "student_messages" USING btree ("teacher_id","guid") WHERE guid is not null;