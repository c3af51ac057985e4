CREATE TABLE "homework_comment_drafts" (
	"teacher_id" integer NOT NULL,
	"homework_id" integer NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_comment_drafts_teacher_id_homework_id_pk" PRIMARY KEY("teacher_id","homework_id")
);
--> statement-breakpoint
ALTER TABLE "homework_comment_drafts" ADD CONSTRAINT "homework_comment_drafts_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_comment_drafts" ADD CONSTRAINT "homework_comment_drafts_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;