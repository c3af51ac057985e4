import { randomUUID } from 'node:crypto';
import type { PublishInput } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { classes } from '../db/schema/index.js';
import {
  createScheduler,
  publishHeadquartersHomework,
  publishHomework,
  unsafeAnyWordBook,
  unsafeResourcesOfType,
} from '../modules/homework/index.js';
import type { HandInPlan } from './submissions.js';

/**
 * Demo homework for teacher01 (docs/homework.md, "Demo data"): every type and state — open,
 * scheduled, overdue, finished, a periodic plan with distributions already made, a word test,
 * headquarters homework — through the publishing service the calls use (with `now` set in the past
 * for the older ones). The material comes from whatever library is installed; without any, it logs
 * and skips. Nothing is marked submitted here: it answers which homework the children hand in, and
 * how many of them, and seed/submissions.ts has them do it through the real path (docs/seed.md).
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function seedDemoHomework(
  db: Db,
  teacher: { id: number; loginId: string },
  log: (line: string) => void,
  now: Date = new Date(),
): Promise<HandInPlan[]> {
  const plans: HandInPlan[] = [];
  const keys = new Map<number, string>();
  const pick = async (type: string) =>
    (await unsafeResourcesOfType(db, type, 3)).map((r) => {
      keys.set(r.id, r.key);
      return r.id;
    });
  const sentences = await pick('sentence_reading');
  const words = await pick('word_reading');
  const articles = await pick('article_reading');
  const dialogs = await pick('dialog');
  const any = [...sentences, ...words, ...articles, ...dialogs];
  if (any.length === 0) {
    log('demo homework skipped: the content library has no headquarters material installed yet');
    return plans;
  }
  const first = (...lists: number[][]) => lists.find((l) => l.length > 0)!;
  const classRows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(eq(classes.teacherId, teacher.id))
    .orderBy(classes.sortOrder);
  if (classRows.length === 0) return plans;
  const [c1, c2, c3] = classRows.map((c) => c.id);
  const publish = (input: Partial<PublishInput> & Pick<PublishInput, 'title'>, at: Date) =>
    db.transaction((tx) =>
      publishHomework(
        tx,
        teacher,
        {
          homework_type: 'routine',
          request_key: randomUUID(),
          team_ids: [c1!],
          student_ids: [],
          publish_type: 'now',
          publish_time: null,
          end_time: new Date(at.getTime() + 7 * DAY).toISOString(),
          required_times: null,
          resource_ids: first(sentences, any).slice(0, 2),
          ...input,
        } as PublishInput,
        at,
      ),
    );
  /** A share of a homework's children hand it in (by `until`: now, for homework still open). */
  const submitShare = (ids: number[], share: number, until: Date) => plans.push({ homeworkIds: ids, share, until });

  const open = await publish(
    { title: '英語の文を音読しよう', team_ids: [c1!, c2 ?? c1!], required_times: 3 },
    new Date(now.getTime() - DAY),
  );
  submitShare(open.homework_ids, 0.4, now);
  await publish(
    {
      title: '会話の練習（来週分）',
      resource_ids: first(dialogs, any).slice(0, 1),
      publish_type: 'scheduled',
      publish_time: new Date(now.getTime() + 2 * DAY).toISOString(),
      end_time: new Date(now.getTime() + 9 * DAY).toISOString(),
    },
    now,
  );
  const overdue = await publish(
    { title: '単語の音読', resource_ids: first(words, any).slice(0, 2) },
    new Date(now.getTime() - 10 * DAY),
  );
  submitShare(overdue.homework_ids, 0.7, now);
  const finished = await publish(
    { title: '物語を読もう', resource_ids: first(articles, any).slice(0, 1), team_ids: [c3 ?? c1!] },
    new Date(now.getTime() - 20 * DAY),
  );
  submitShare(finished.homework_ids, 1, now);

  // A periodic plan that started a week ago: the scheduler below makes its distributions so far.
  const planStart = new Date(now.getTime() - 8 * DAY + HOUR);
  await publish(
    {
      homework_type: 'periodic',
      title: '毎週の音読練習',
      team_ids: [c2 ?? c1!],
      publish_time: planStart.toISOString(),
      end_time: new Date(now.getTime() + 28 * DAY).toISOString(),
      schedule: [
        { weekday: 1, resource_ids: first(sentences, any).slice(0, 1) },
        { weekday: 4, resource_ids: first(words, any).slice(0, 1) },
      ],
      deadline_days: 3,
      review_missed: false,
    } as Partial<PublishInput> & { title: string },
    new Date(now.getTime() - 8 * DAY),
  );

  const book = await unsafeAnyWordBook(db);
  if (book) {
    await publish(
      {
        homework_type: 'wordtest',
        title: '単語テスト',
        team_ids: [c1!],
        word_book_code: book.code,
        part_from: 1,
        part_to: Math.min(2, book.maxPart),
        word_count: 10,
        test_start_time: new Date(now.getTime() + DAY).toISOString(),
        end_time: new Date(now.getTime() + 3 * DAY).toISOString(),
      } as Partial<PublishInput> & { title: string },
      now,
    );
  } else log('demo word test skipped: no word book installed yet');

  const hq = await publishHeadquartersHomework(
    db,
    {
      title: '本部からの課題：春の音読',
      teacherLoginIds: [teacher.loginId],
      resourceKeys: first(articles, sentences, any)
        .slice(0, 1)
        .map((id) => keys.get(id)!),
      endTime: new Date(now.getTime() + 14 * DAY),
      key: `demo-${teacher.loginId}`,
    },
    now,
  );
  for (const r of hq) if (r.error) log(`demo headquarters homework for ${r.teacher} skipped: ${r.error}`);
  // Open what is due and make the periodic distributions due so far, as the running server would.
  await createScheduler({ db, clock: { now: () => now } }).tick();
  return plans;
}
