-- Issue 13 edge 9: names and 学年/組 are stored NFKC-normalised ('４年' and '4年' are one grade),
-- as the contract now normalises every new value. Existing rows are brought in line here.
UPDATE "students"
SET "name" = normalize("name", NFKC),
    "furigana" = normalize("furigana", NFKC),
    "grade_name" = normalize("grade_name", NFKC),
    "class_name" = normalize("class_name", NFKC)
WHERE "name" IS DISTINCT FROM normalize("name", NFKC)
   OR "furigana" IS DISTINCT FROM normalize("furigana", NFKC)
   OR "grade_name" IS DISTINCT FROM normalize("grade_name", NFKC)
   OR "class_name" IS DISTINCT FROM normalize("class_name", NFKC);
--> statement-breakpoint
UPDATE "teachers"
SET "nickname" = normalize("nickname", NFKC),
    "school" = normalize("school", NFKC)
WHERE "nickname" IS DISTINCT FROM normalize("nickname", NFKC)
   OR "school" IS DISTINCT FROM normalize("school", NFKC);
--> statement-breakpoint
-- Class names are unique per teacher: a class is renamed only when no other class of the teacher
-- has (or would get) the same normalised name; such rare pairs keep their names as typed.
WITH "candidates" AS (
  SELECT "id", "teacher_id", normalize("name", NFKC) AS "normalized",
         count(*) OVER (PARTITION BY "teacher_id", normalize("name", NFKC)) AS "same"
  FROM "classes"
)
UPDATE "classes" AS c
SET "name" = k."normalized"
FROM "candidates" AS k
WHERE c."id" = k."id"
  AND c."name" <> k."normalized"
  AND k."same" = 1;
