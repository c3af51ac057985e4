DROP INDEX "classes_teacher_name_key";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "code" text;--> statement-breakpoint
-- Every existing class gets a class code: 6 characters without look-alikes (docs/classes.md),
-- drawn again until no two classes share one.
UPDATE "classes" SET "code" = (
  SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
  FROM generate_series(1, 6) WHERE "classes"."id" IS NOT NULL
);--> statement-breakpoint
DO $$
BEGIN
  WHILE EXISTS (SELECT 1 FROM "classes" GROUP BY "code" HAVING count(*) > 1) LOOP
    UPDATE "classes" c SET "code" = (
      SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
      FROM generate_series(1, 6) WHERE c."id" IS NOT NULL
    )
    WHERE c."id" IN (SELECT max("id") FROM "classes" GROUP BY "code" HAVING count(*) > 1);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "classes" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_code_key" ON "classes" USING btree ("code") WHERE "classes"."deleted_at" is null and "classes"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_teacher_name_key" ON "classes" USING btree ("teacher_id","name") WHERE "classes"."deleted_at" is null and "classes"."archived_at" is null;