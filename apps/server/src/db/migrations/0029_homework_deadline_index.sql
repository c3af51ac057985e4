-- The next deadline of a teacher's homework by an index lookup (modules/homework/repository.ts,
-- nextStateChange): every reply-cache miss of the homework list and the results asks it, and an
-- aggregate over all of a teacher's homework cost a scan of 3,000 rows (docs/benchmarks.md,
-- "Hit, miss and hand-ins").
CREATE INDEX IF NOT EXISTS homework_teacher_deadline_idx ON homework (teacher_id, (coalesce(reissue_end_time, end_time)))
  WHERE deleted_at IS NULL;
