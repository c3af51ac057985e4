CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(normalize(login_id || E'\x1f' || name || E'\x1f' || furigana, NFKC))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin ("search_key" gin_trgm_ops);
