CREATE TABLE "library_audio_overrides" (
	"resource_key" text NOT NULL,
	"target" text NOT NULL,
	"media_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_audio_overrides_resource_key_target_pk" PRIMARY KEY("resource_key","target")
);
--> statement-breakpoint
CREATE TABLE "library_installs" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_packs" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"grade" smallint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"origin_type" text NOT NULL,
	"teacher_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"grade" smallint NOT NULL,
	"pack_code" text,
	"word_book_code" text,
	"word_book_part" integer,
	"item_count" integer NOT NULL,
	"content" jsonb NOT NULL,
	"search_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"duration_ms" integer,
	"access" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_book_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_code" text NOT NULL,
	"part" integer NOT NULL,
	"position" integer NOT NULL,
	"word" text NOT NULL,
	"meaning" text NOT NULL,
	"ipa" text NOT NULL,
	"example" text NOT NULL,
	"example_translation" text NOT NULL,
	"picture" text,
	"audio_key" text
);
--> statement-breakpoint
CREATE TABLE "word_books" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"grade" smallint NOT NULL,
	"max_part" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_audio_overrides" ADD CONSTRAINT "library_audio_overrides_media_key_media_files_key_fk" FOREIGN KEY ("media_key") REFERENCES "public"."media_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_resources" ADD CONSTRAINT "library_resources_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_book_words" ADD CONSTRAINT "word_book_words_book_code_word_books_code_fk" FOREIGN KEY ("book_code") REFERENCES "public"."word_books"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_resources_key" ON "library_resources" USING btree ("key");--> statement-breakpoint
CREATE INDEX "library_resources_type_grade_idx" ON "library_resources" USING btree ("type","grade");--> statement-breakpoint
CREATE INDEX "library_resources_teacher_idx" ON "library_resources" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "library_resources_pack_idx" ON "library_resources" USING btree ("pack_code");--> statement-breakpoint
CREATE INDEX "library_resources_search_trgm" ON "library_resources" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "word_book_words_place" ON "word_book_words" USING btree ("book_code","part","position");