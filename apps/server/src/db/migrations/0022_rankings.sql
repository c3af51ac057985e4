CREATE TABLE "ranking_settings" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"visibility" text NOT NULL,
	"top_n" integer NOT NULL,
	"hide_names" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ranking_settings" ADD CONSTRAINT "ranking_settings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_settings" ADD CONSTRAINT "ranking_settings_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_messages" ADD COLUMN "motivation_ids" jsonb;--> statement-breakpoint
CREATE INDEX "student_messages_encouragement_idx" ON "student_messages" USING btree ("teacher_id","student_id","created_at") WHERE kind = 'encouragement';
