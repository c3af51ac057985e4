import type { ClassRow } from '@ondoku/contract';
import { yearLimits } from '@ondoku/contract';
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

/** A class's join code as the class page shows it. */
export const presentClassCode = (c: ClassWithCount) => ({
  team_id: c.id,
  name: c.name,
  code: c.code,
  allow_join: c.allowJoin,
});

/** What team/delete did, and until when team/restore can undo it. */
export const presentDeletedClass = (r: { class: ClassWithCount; unassignedCount: number; deletedAt: Date }) => ({
  team_id: r.class.id,
  name: r.class.name,
  unassigned_count: r.unassignedCount,
  restorable_until: new Date(r.deletedAt.getTime() + yearLimits.restoreWindowSeconds * 1000).toISOString(),
});

export const presentArchivedClassRows = (rows: ClassWithCount[]) => ({
  rows: rows.map((c) => ({
    team_id: c.id,
    name: c.name,
    student_count: c.studentCount,
    archived_at: (c.archivedAt ?? c.updatedAt).toISOString(),
  })),
});
