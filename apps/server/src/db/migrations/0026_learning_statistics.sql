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
