import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { homework } from '../../db/schema/index.js';

export interface HomeworkPageQuery {
  page: number;
  limit: number;
  searchTitle?: string;
  sortField: 'start_time' | 'end_time' | 'created_at' | 'title';
  sortOrder: 'asc' | 'desc';
}

const sortColumns = {
  start_time: homework.startTime,
  end_time: homework.endTime,
  created_at: homework.createdAt,
  title: homework.title,
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type HomeworkRecord = typeof homework.$inferSelect;

/** A page of one teacher's homework; every read is scoped to the acting teacher. */
export async function listTeacherHomework(db: DbOrTx, teacherId: number, q: HomeworkPageQuery) {
  const filters: SQL[] = [eq(homework.teacherId, teacherId), isNull(homework.deletedAt)];
  if (q.searchTitle) filters.push(ilike(homework.title, `%${escapeLike(q.searchTitle)}%`));
  const where = and(...filters);
  const order = q.sortOrder === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(homework)
      .where(where)
      .orderBy(order(sortColumns[q.sortField]), desc(homework.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(homework).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
