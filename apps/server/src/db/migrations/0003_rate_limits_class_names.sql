-- One table for every rate limit (lib/rate-limit.ts); the counters of the two tables it replaces
-- are carried over (sign-in keys gain the "signin:" prefix), so no window restarts on upgrade.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "rate_limits" ("key", "window_start", "hits") SELECT "key", "window_start", "hits" FROM "account_rate_counters";--> statement-breakpoint
INSERT INTO "rate_limits" ("key", "window_start", "hits") SELECT 'signin:' || "key", "window_start", "failures" FROM "login_attempts";--> statement-breakpoint
-- A teacher's class names become unique; a duplicate made by a race before this index existed
-- keeps its name with its id appended, so the index can be built.
UPDATE "classes" c SET "name" = c."name" || ' (' || c."id" || ')' WHERE EXISTS (SELECT 1 FROM "classes" d WHERE d."teacher_id" = c."teacher_id" AND d."name" = c."name" AND d."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_teacher_name_key" ON "classes" USING btree ("teacher_id","name");
