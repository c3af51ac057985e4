CREATE TABLE "recitation_drafts" (
	"guid" text PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"category" text NOT NULL,
	"resource_id" integer,
	"tone_type" smallint,
	"content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"translate" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text,
	"grade" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumed_at" timestamp with time zone,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recitation_quotas" (
	"teacher_id" integer PRIMARY KEY NOT NULL,
	"monthly_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recitation_drafts" ADD CONSTRAINT "recitation_drafts_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitation_drafts" ADD CONSTRAINT "recitation_drafts_resource_id_library_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."library_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recitation_quotas" ADD CONSTRAINT "recitation_quotas_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recitation_drafts_teacher_idx" ON "recitation_drafts" USING btree ("teacher_id","consumed_at");--> statement-breakpoint
CREATE INDEX "recitation_drafts_resource_idx" ON "recitation_drafts" USING btree ("resource_id");
