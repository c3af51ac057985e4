import { randomUUID } from 'node:crypto';
import type { PublishInput } from '@ondoku/contract';
import type { Db, DbOrTx } from '../db/client.js';
import { publishHomework, unsafeResourcesOfType } from '../modules/homework/index.js';

/**
 * A school term of homework (docs/seed.md): every week one homework per class, published on the
 * Monday morning (JST) of that week through the publishing service with `now` set to that
 * moment, due the next Monday morning. The material rotates through the reading types, with a
 * choice exercise now and then, so the results pages have every kind of answer.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const JST = 9 * HOUR;

/** Which exercise types a term's weeks use, in turn (one or two topics a week). */
const WEEKS: string[][] = [
  ['sentence_reading'],
  ['word_reading', 'grammar_choice'],
  ['dialog'],
  ['sentence_reading', 'listening'],
  ['article_reading'],
  ['word_reading'],
  ['sentence_reading', 'reading_comprehension'],
  ['dialog', 'word_reading'],
];

const titles: Record<string, string> = {
  sentence_reading: '文の音読',
  word_reading: '単語の音読',
  dialog: '会話の練習',
  article_reading: '文章の音読',
  grammar_choice: '文法',
  listening: 'リスニング',
  reading_comprehension: '読解',
};

/** 08:30 JST on the Monday of the week `weeksAgo` weeks before `now`. */
export function mondayMorning(now: Date, weeksAgo: number): Date {
  const local = new Date(now.getTime() + JST);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  const monday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - daysSinceMonday * DAY;
  return new Date(monday - weeksAgo * 7 * DAY + 8.5 * HOUR - JST);
}

export interface TermMaterial {
  byType: Map<string, number[]>;
}

/** The installed headquarters material the term draws from (up to `perType` of each type). */
export async function termMaterial(db: DbOrTx, perType = 12): Promise<TermMaterial> {
  const byType = new Map<string, number[]>();
  for (const type of new Set(WEEKS.flat())) {
    byType.set(
      type,
      (await unsafeResourcesOfType(db, type, perType)).map((r) => r.id),
    );
  }
  return { byType };
}

/**
 * Publishes `weeks` weekly homework to each class, from `fromWeeksAgo` weeks ago back. Classes
 * with the same index in their term read the same material in the same week (a grade's plan);
 * `variant` shifts the material between teachers. Returns the homework ids, oldest first.
 */
export async function publishTerm(
  db: Db,
  teacher: { id: number; loginId: string },
  classIds: number[],
  opts: {
    now: Date;
    weeks: number;
    fromWeeksAgo: number;
    material: TermMaterial;
    variant?: number;
    /** Tries asked for each topic (default: 2 every fourth week, otherwise none). */
    requiredTimes?: (week: number) => number | null;
  },
): Promise<number[]> {
  const ids: number[] = [];
  for (let w = opts.weeks - 1; w >= 0; w--) {
    const weeksAgo = opts.fromWeeksAgo + w;
    const at = mondayMorning(opts.now, weeksAgo);
    const week = opts.weeks - w;
    const plan = WEEKS[(week + (opts.variant ?? 0)) % WEEKS.length]!;
    const resources = plan.flatMap((type) => {
      const list = opts.material.byType.get(type) ?? [];
      return list.length ? [list[(week * 3 + (opts.variant ?? 0)) % list.length]!] : [];
    });
    if (resources.length === 0) continue;
    const input = {
      homework_type: 'routine',
      request_key: randomUUID(),
      title: `第${week}週 ${plan.map((t) => titles[t] ?? t).join('と')}`,
      team_ids: classIds,
      student_ids: [],
      publish_type: 'now',
      publish_time: null,
      end_time: new Date(at.getTime() + 7 * DAY).toISOString(),
      required_times: opts.requiredTimes ? opts.requiredTimes(week) : week % 4 === 0 ? 2 : null,
      resource_ids: resources,
    } as PublishInput;
    const made = await db.transaction((tx) => publishHomework(tx, teacher, input, at));
    ids.push(...made.homework_ids);
  }
  return ids;
}
