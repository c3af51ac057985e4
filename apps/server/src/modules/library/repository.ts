import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { libraryPacks, libraryResources, wordBooks, wordBookWords } from '../../db/schema/index.js';

/**
 * The library as one teacher sees it: headquarters material (shared) and that teacher's own
 * classroom material, never another teacher's. Every read of resources takes the acting
 * teacher's id and applies `visibleTo`.
 */
export type ResourceRecord = typeof libraryResources.$inferSelect;
export type PackRecord = typeof libraryPacks.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Keywords match the stored search_key (NFKC, lower case) by "contains", served by its trigram index. */
export const normaliseKeyword = (kw: string) => kw.normalize('NFKC').toLowerCase();

/**
 * Headquarters rows have no teacher: both branches can use library_resources_teacher_idx
 * (`teacher_id is null` / `= id`), so a region's many classroom resources are never scanned.
 */
export const visibleTo = (teacherId: number) =>
  and(
    isNull(libraryResources.deletedAt),
    or(
      and(isNull(libraryResources.teacherId), eq(libraryResources.originType, 'headquarters')),
      eq(libraryResources.teacherId, teacherId),
    ),
  )!;

export interface ResourceQuery {
  page: number;
  limit: number;
  kw?: string;
  type?: string;
  grade?: number;
  packCode?: string;
  originType?: 'headquarters' | 'classroom';
}

/** The columns of a list row (no content: a page never reads the preview data). */
const rowColumns = {
  id: libraryResources.id,
  title: libraryResources.title,
  type: libraryResources.type,
  grade: libraryResources.grade,
  originType: libraryResources.originType,
  itemCount: libraryResources.itemCount,
  packCode: libraryResources.packCode,
};
export type ResourceListRecord = Pick<ResourceRecord, keyof typeof rowColumns>;

/** One page and the total in one query; only a page past the end costs a second, count-only query. */
export async function pageResources(
  db: DbOrTx,
  teacherId: number,
  q: ResourceQuery,
): Promise<{ rows: ResourceListRecord[]; total: number }> {
  const filters: SQL[] = [visibleTo(teacherId)];
  if (q.kw) filters.push(sql`${libraryResources.searchKey} like ${`%${escapeLike(normaliseKeyword(q.kw))}%`}`);
  if (q.type) filters.push(eq(libraryResources.type, q.type));
  if (q.grade) filters.push(eq(libraryResources.grade, q.grade));
  if (q.packCode) filters.push(eq(libraryResources.packCode, q.packCode));
  if (q.originType) filters.push(eq(libraryResources.originType, q.originType));
  const where = and(...filters);
  const found = await db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(libraryResources)
    .where(where)
    .orderBy(asc(libraryResources.grade), asc(libraryResources.type), asc(libraryResources.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  if (found.length > 0) return { rows: found, total: found[0]!.total };
  if (q.page === 1) return { rows: [], total: 0 };
  const [total] = await db.select({ n: count() }).from(libraryResources).where(where);
  return { rows: [], total: total?.n ?? 0 };
}

/** A resource the teacher may see, or undefined (unknown, deleted, or another teacher's). */
export async function findVisibleResource(db: DbOrTx, teacherId: number, id: number) {
  const [row] = await db
    .select()
    .from(libraryResources)
    .where(and(eq(libraryResources.id, id), visibleTo(teacherId)))
    .limit(1);
  return row;
}

const packTotal = sql<number>`(select count(*) from ${libraryResources} r
  where r.pack_code = ${libraryPacks.code} and r.deleted_at is null and r.origin_type = 'headquarters')`.mapWith(
  Number,
);

export async function pagePacks(db: DbOrTx, q: { page: number; limit: number; type?: string; grade?: number }) {
  const filters: SQL[] = [];
  if (q.type) filters.push(eq(libraryPacks.type, q.type));
  if (q.grade) filters.push(eq(libraryPacks.grade, q.grade));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({ pack: libraryPacks, total: packTotal })
    .from(libraryPacks)
    .where(where)
    .orderBy(asc(libraryPacks.position), asc(libraryPacks.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [n] = await db.select({ n: count() }).from(libraryPacks).where(where);
  return { rows, total: n?.n ?? 0 };
}

/** A pack (headquarters material only: packs hold no classroom resources) with its resources. */
export async function findPack(db: DbOrTx, code: string) {
  const [found] = await db
    .select({ pack: libraryPacks, total: packTotal })
    .from(libraryPacks)
    .where(eq(libraryPacks.code, code));
  if (!found) return undefined;
  const resources = await db
    .select(rowColumns)
    .from(libraryResources)
    .where(
      and(
        eq(libraryResources.packCode, code),
        isNull(libraryResources.deletedAt),
        eq(libraryResources.originType, 'headquarters'),
      ),
    )
    .orderBy(asc(libraryResources.id));
  return { ...found, resources };
}

export async function listWordBooks(db: DbOrTx, grade?: number) {
  return db
    .select({
      book: wordBooks,
      wordCount: sql<number>`(select count(*) from ${wordBookWords} w where w.book_code = ${wordBooks.code})`.mapWith(
        Number,
      ),
    })
    .from(wordBooks)
    .where(grade ? eq(wordBooks.grade, grade) : undefined)
    .orderBy(asc(wordBooks.grade), asc(wordBooks.code));
}

export async function findWordBookParts(db: DbOrTx, code: string) {
  const [book] = await db.select().from(wordBooks).where(eq(wordBooks.code, code));
  if (!book) return undefined;
  const parts = await db
    .select({ part: wordBookWords.part, wordCount: count() })
    .from(wordBookWords)
    .where(eq(wordBookWords.bookCode, code))
    .groupBy(wordBookWords.part)
    .orderBy(asc(wordBookWords.part));
  return { book, parts };
}

export type WordRecord = typeof wordBookWords.$inferSelect;

/** Words by id (a word test's drawn words; word books are headquarters material, every teacher's). */
export async function findWords(db: DbOrTx, ids: number[]): Promise<WordRecord[]> {
  if (ids.length === 0) return [];
  return db.select().from(wordBookWords).where(inArray(wordBookWords.id, ids));
}
