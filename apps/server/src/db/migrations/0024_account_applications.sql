CREATE TABLE "account_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"apply_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"class_id" integer,
	"grade_name" text,
	"teacher_name" text DEFAULT '' NOT NULL,
	"teacher_email" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"file_size" integer NOT NULL,
	"row_count" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"created_class_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_applications" ADD CONSTRAINT "account_applications_file_key_media_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."media_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_applications_teacher_idx" ON "account_applications" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_applications_pending_key" ON "account_applications" USING btree ("teacher_id","apply_type") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "homework_notices" ALTER COLUMN "homework_id" DROP NOT NULL;
