import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { ErrorCode, libraryMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { libraryResources, wordBooks, wordBookWords } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { resourceVisibleTo } from '../library/index.js';

/**
 * What homework reads of the content library, in bulk. A teacher may assign headquarters material
 * and their own classroom material only: the rule is the library module's (`resourceVisibleTo`,
 * the same condition as its policy's `requireVisibleResource`), applied here to many ids at once.
 */
export interface VisibleResource {
  id: number;
  title: string;
  type: string;
  itemCount: number;
  originType: 'headquarters' | 'classroom';
}

const visibleTo = resourceVisibleTo;

const columns = {
  id: libraryResources.id,
  title: libraryResources.title,
  type: libraryResources.type,
  itemCount: libraryResources.itemCount,
  originType: libraryResources.originType,
};

const resourceNotFound = () => new AppError(ErrorCode.NOT_FOUND, libraryMessages.resourceNotFound);

/** Every listed resource, in the order given, all visible to the teacher; otherwise 404. */
export async function requireVisibleResources(
  db: DbOrTx,
  teacherId: number,
  ids: number[],
): Promise<VisibleResource[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(libraryResources)
    .where(and(inArray(libraryResources.id, wanted), visibleTo(teacherId)));
  if (rows.length !== wanted.length) throw resourceNotFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** The resources of a pack visible to the teacher, in the library's order. */
export async function packResources(db: DbOrTx, teacherId: number, code: string): Promise<VisibleResource[]> {
  return db
    .select(columns)
    .from(libraryResources)
    .where(and(eq(libraryResources.packCode, code), visibleTo(teacherId)))
    .orderBy(asc(libraryResources.id));
}

/** A word book, or 404 with the library's message. */
export async function requireWordBook(db: DbOrTx, code: string) {
  const [book] = await db.select().from(wordBooks).where(eq(wordBooks.code, code));
  if (!book) throw new AppError(ErrorCode.NOT_FOUND, libraryMessages.wordBookNotFound);
  return book;
}

/** `count` words drawn at random from parts from…to, returned in book order; all of them when fewer. */
export async function drawWords(db: DbOrTx, code: string, from: number, to: number, count: number) {
  const inRange = and(eq(wordBookWords.bookCode, code), gte(wordBookWords.part, from), lte(wordBookWords.part, to));
  const picked = await db
    .select({ id: wordBookWords.id, part: wordBookWords.part, position: wordBookWords.position })
    .from(wordBookWords)
    .where(inRange)
    .orderBy(sql`random()`)
    .limit(count);
  return picked.sort((a, b) => a.part - b.part || a.position - b.position).map((w) => w.id);
}

/** Resources of a type the seed may hand out (any visible one), newest first. */
export async function unsafeResourcesOfType(db: DbOrTx, type: string, limit: number) {
  return db
    .select({ ...columns, key: libraryResources.key })
    .from(libraryResources)
    .where(
      and(
        eq(libraryResources.type, type),
        eq(libraryResources.originType, 'headquarters'),
        isNull(libraryResources.deletedAt),
      ),
    )
    .orderBy(asc(libraryResources.id))
    .limit(limit);
}

/** Any word book with words (for the seed). */
export async function unsafeAnyWordBook(db: DbOrTx) {
  const [row] = await db
    .select({ code: wordBooks.code, maxPart: wordBooks.maxPart })
    .from(wordBooks)
    .where(sql`exists (select 1 from ${wordBookWords} w where w.book_code = ${wordBooks.code})`)
    .limit(1);
  return row ?? null;
}

/** The visible ones among `ids`, in the order given (a distribution leaves out material deleted since). */
export async function visibleResources(db: DbOrTx, teacherId: number, ids: number[]): Promise<VisibleResource[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(libraryResources)
    .where(and(inArray(libraryResources.id, wanted), visibleTo(teacherId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
