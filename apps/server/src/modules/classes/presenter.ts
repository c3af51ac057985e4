import type { ClassRow } from '@ondoku/contract';
import type { ClassWithCount } from './class-repository.js';

/** Names every field the web app receives about a class. */
export const presentClass = (c: ClassWithCount): ClassRow => ({
  team_id: c.id,
  name: c.name,
  allow_join: c.allowJoin,
  sort: c.sortOrder,
  hidden: c.hidden,
  student_count: c.studentCount,
  created_at: c.createdAt.toISOString(),
});

export const presentClassRows = (rows: ClassWithCount[]) => ({ rows: rows.map(presentClass) });
