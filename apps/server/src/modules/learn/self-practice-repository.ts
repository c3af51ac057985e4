import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { libraryResources } from '../../db/schema/index.js';
import { resourceVisibleTo } from '../library/index.js';

/**
 * Material a child may practise outside homework: what the child's teacher may see in the library
 * (headquarters material and the teacher's own classroom material; the library's one rule).
 */
const columns = {
  id: libraryResources.id,
  title: libraryResources.title,
  type: libraryResources.type,
  grade: libraryResources.grade,
  originType: libraryResources.originType,
  itemCount: libraryResources.itemCount,
  packCode: libraryResources.packCode,
};

export async function pageSelfPracticeResources(
  db: DbOrTx,
  teacherId: number,
  q: { page: number; limit: number; type?: string },
) {
  const filters: SQL[] = [resourceVisibleTo(teacherId)];
  if (q.type) filters.push(eq(libraryResources.type, q.type));
  const where = and(...filters);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(libraryResources)
    .where(where)
    .orderBy(asc(libraryResources.grade), asc(libraryResources.type), asc(libraryResources.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  if (rows.length > 0 || q.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  const [n] = await db.select({ n: count() }).from(libraryResources).where(where);
  return { rows, total: n?.n ?? 0 };
}
