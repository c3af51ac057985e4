CREATE TABLE "attempt_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sid" text,
	"answer" text,
	"correct" boolean,
	"score" real NOT NULL,
	"accuracy_score" real,
	"fluency_score" real,
	"integrity_score" real,
	"evaluate_html" text,
	"words" jsonb,
	"duration_ms" integer,
	"audio_key" text,
	"audio_type" text,
	"corrections" jsonb,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"homework_id" integer,
	"topic_id" integer,
	"resource_id" integer,
	"type" text NOT NULL,
	"score" real NOT NULL,
	"accuracy_score" real,
	"fluency_score" real,
	"integrity_score" real,
	"correct_count" integer,
	"choice_count" integer,
	"question_count" integer NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_results" (
	"sid" text PRIMARY KEY NOT NULL,
	"student_id" integer,
	"teacher_id" integer,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"total_score" real NOT NULL,
	"accuracy_score" real NOT NULL,
	"fluency_score" real NOT NULL,
	"integrity_score" real NOT NULL,
	"result" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"audio_key" text,
	"audio_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "student_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "topic_progress" (
	"topic_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"homework_id" integer NOT NULL,
	"practice_count" integer DEFAULT 0 NOT NULL,
	"best_score" real NOT NULL,
	"last_score" real NOT NULL,
	"best_attempt_id" integer,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_progress_topic_id_student_id_pk" PRIMARY KEY("topic_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "card_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_sid_evaluation_results_sid_fk" FOREIGN KEY ("sid") REFERENCES "public"."evaluation_results"("sid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_topic_id_homework_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."homework_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_resource_id_library_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."library_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tokens" ADD CONSTRAINT "student_tokens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_progress" ADD CONSTRAINT "topic_progress_topic_id_homework_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."homework_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_progress" ADD CONSTRAINT "topic_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_progress" ADD CONSTRAINT "topic_progress_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_progress" ADD CONSTRAINT "topic_progress_best_attempt_id_attempts_id_fk" FOREIGN KEY ("best_attempt_id") REFERENCES "public"."attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_answers_sid_key" ON "attempt_answers" USING btree ("sid") WHERE sid is not null;--> statement-breakpoint
CREATE INDEX "attempts_topic_student_idx" ON "attempts" USING btree ("topic_id","student_id");--> statement-breakpoint
CREATE INDEX "attempts_homework_idx" ON "attempts" USING btree ("homework_id");--> statement-breakpoint
CREATE INDEX "attempts_student_created_idx" ON "attempts" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "attempts_self_practice_idx" ON "attempts" USING btree ("teacher_id","created_at") WHERE homework_id is null;--> statement-breakpoint
CREATE INDEX "evaluation_results_student_idx" ON "evaluation_results" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluation_results_unused_idx" ON "evaluation_results" USING btree ("created_at") WHERE used_at is null;--> statement-breakpoint
CREATE INDEX "student_tokens_student_idx" ON "student_tokens" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "topic_progress_homework_idx" ON "topic_progress" USING btree ("homework_id","student_id");--> statement-breakpoint
CREATE INDEX "topic_progress_student_idx" ON "topic_progress" USING btree ("student_id");