CREATE TABLE "year_rollovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"report" jsonb NOT NULL,
	"committed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "year_rollovers" ADD CONSTRAINT "year_rollovers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "year_rollovers_teacher_idx" ON "year_rollovers" USING btree ("teacher_id","committed_at");