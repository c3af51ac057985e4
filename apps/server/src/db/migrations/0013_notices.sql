CREATE TABLE "homework_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"homework_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "homework_notices" ADD CONSTRAINT "homework_notices_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_notices" ADD CONSTRAINT "homework_notices_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "homework_notices_key" ON "homework_notices" USING btree ("teacher_id","key");--> statement-breakpoint
CREATE INDEX "homework_notices_teacher_idx" ON "homework_notices" USING btree ("teacher_id","created_at");