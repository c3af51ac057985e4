CREATE TABLE "download_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"file_key" text,
	"file_name" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_tasks" ADD CONSTRAINT "download_tasks_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_tasks_teacher_idx" ON "download_tasks" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "download_tasks_queue_idx" ON "download_tasks" USING btree ("created_at") WHERE status = 'processing';--> statement-breakpoint
CREATE INDEX "download_tasks_expiry_idx" ON "download_tasks" USING btree ("expires_at");