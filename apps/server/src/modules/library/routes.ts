import {
  getPackDetail,
  getPackList,
  getResourceDetail,
  getWordBookList,
  getWordBookParts,
  libraryMessages,
  searchResources,
  ErrorCode,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { presentPage, presentRows } from '../../lib/present.js';
import { route } from '../../lib/route.js';
import { requireVisibleResource } from './policy.js';
import { libraryReadCache } from './read-caches.js';
import {
  presentPackDetail,
  presentPackRow,
  presentResourceDetail,
  presentResourceRow,
  presentWordBookParts,
  presentWordBookRow,
} from './presenter.js';
import { findPack, findWordBookParts, listWordBooks, pagePacks, pageResources } from './repository.js';

/**
 * The content-library calls: search, detail (the preview shape), packs and word books. Every one
 * is a read cached per teacher and input (read-caches.ts, `libraryReadCache`); a not-found is never kept.
 */
export function libraryRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const cache = libraryReadCache(deps.clock);

  route(app, searchResources, { cache }, async ({ input, teacher }) => {
    const { rows, total } = await pageResources(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      kw: input.kw || undefined,
      type: input.type,
      grade: input.grade,
      packCode: input.pack_code || undefined,
      originType: input.origin_type,
    });
    return presentPage(rows.map(presentResourceRow), total, input);
  });

  route(app, getResourceDetail, { cache }, async ({ input, teacher }) =>
    presentResourceDetail(await requireVisibleResource(db, teacher, input.resource_id)),
  );

  route(app, getPackList, { cache }, async ({ input }) => {
    const { rows, total } = await pagePacks(db, input);
    return presentPage(
      rows.map((r) => presentPackRow(r.pack, r.total)),
      total,
      input,
    );
  });

  route(app, getPackDetail, { cache }, async ({ input }) => {
    const found = await findPack(db, input.code);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, libraryMessages.packNotFound);
    return presentPackDetail(found);
  });

  route(app, getWordBookParts, { cache }, async ({ input }) => {
    const found = await findWordBookParts(db, input.code);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, libraryMessages.wordBookNotFound);
    return presentWordBookParts(found);
  });

  route(app, getWordBookList, { cache }, async ({ input }) =>
    presentRows((await listWordBooks(db, input.grade)).map(presentWordBookRow)),
  );
}
