import { randomUUID } from 'node:crypto';
import { homeworkLimits, publishHomeworkInput, type PublishInput } from '@ondoku/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classes, libraryResources, teachers } from '../../db/schema/index.js';
import { publishHomework } from './service.js';

/**
 * Headquarters homework (docs/homework.md, "Headquarters homework"): the operator hands headquarters material to classrooms —
 * to every visible class of the named teachers (or of every teacher) — through the same
 * publishing service as the call, with origin_type headquarters, so each teacher's list tells it
 * apart. One transaction per teacher; the request key is derived from `key`, so running the same
 * command again publishes nothing twice.
 */
export interface HeadquartersPublish {
  title: string;
  /** library_resources keys of headquarters material, or a pack code. */
  resourceKeys?: string[];
  packCode?: string;
  /** Teachers by login id; empty = every teacher who has a visible class. */
  teacherLoginIds: string[];
  publishTime?: Date;
  endTime: Date;
  requiredTimes?: number | null;
  /** Names this distribution (default: random); the same key again is a no-op. */
  key?: string;
}

export interface HeadquartersResult {
  teacher: string;
  homeworkIds: number[];
  error?: string;
}

export async function publishHeadquartersHomework(
  db: Db,
  p: HeadquartersPublish,
  now: Date,
): Promise<HeadquartersResult[]> {
  let resourceIds: number[] | undefined;
  if (p.resourceKeys?.length) {
    const rows = await db
      .select({ id: libraryResources.id, key: libraryResources.key })
      .from(libraryResources)
      .where(
        and(
          inArray(libraryResources.key, p.resourceKeys),
          eq(libraryResources.originType, 'headquarters'),
          isNull(libraryResources.deletedAt),
        ),
      );
    const byKey = new Map(rows.map((r) => [r.key, r.id]));
    const missing = p.resourceKeys.filter((k) => !byKey.has(k));
    if (missing.length) throw new Error(`本部教材が見つかりません: ${missing.join(', ')}`);
    resourceIds = p.resourceKeys.map((k) => byKey.get(k)!);
  }
  const targets = p.teacherLoginIds.length
    ? await db
        .select({ id: teachers.id, loginId: teachers.loginId })
        .from(teachers)
        .where(inArray(teachers.loginId, p.teacherLoginIds))
    : await db
        .selectDistinct({ id: teachers.id, loginId: teachers.loginId })
        .from(teachers)
        .innerJoin(classes, and(eq(classes.teacherId, teachers.id), eq(classes.hidden, false)));
  const unknown = p.teacherLoginIds.filter((l) => !targets.some((t) => t.loginId === l));
  if (unknown.length) throw new Error(`教師が見つかりません: ${unknown.join(', ')}`);
  const key = p.key ?? randomUUID();
  const results: HeadquartersResult[] = [];
  for (const teacher of targets) {
    const classIds = (
      await db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.teacherId, teacher.id), eq(classes.hidden, false)))
        .orderBy(classes.sortOrder)
    )
      .map((c) => c.id)
      .slice(0, homeworkLimits.classesPerPublish);
    if (classIds.length === 0) {
      results.push({ teacher: teacher.loginId, homeworkIds: [], error: 'クラスがありません。' });
      continue;
    }
    // The same rules as the call: the input goes through the contract's schema.
    const parsed = publishHomeworkInput.safeParse({
      homework_type: 'routine',
      request_key: `hq-${key}`.slice(0, homeworkLimits.requestKey.max),
      title: p.title,
      team_ids: classIds,
      publish_type: p.publishTime ? 'scheduled' : 'now',
      publish_time: p.publishTime?.toISOString(),
      end_time: p.endTime.toISOString(),
      required_times: p.requiredTimes ?? null,
      ...(p.packCode ? { pack_code: p.packCode } : { resource_ids: resourceIds }),
    });
    if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
    try {
      const res = await db.transaction((tx) =>
        publishHomework(tx, teacher, parsed.data as PublishInput, now, { origin: 'headquarters' }),
      );
      results.push({ teacher: teacher.loginId, homeworkIds: res.homework_ids });
    } catch (e) {
      results.push({ teacher: teacher.loginId, homeworkIds: [], error: (e as Error).message });
    }
  }
  return results;
}
