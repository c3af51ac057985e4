import {
  deleteHomework,
  getAllTopicOverview,
  getMyHomeworkPageList,
  getPackList,
  getResourceDetail,
  getTeacherInfo,
  getTopicScoreOverviewY,
  getWordBookList,
  logout,
  searchResources,
} from '@ondoku/contract';
import { writeWav } from '@ondoku/speech';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChangeFeed, EVERYONE, type ChangeFeed } from '../db/change-feed.js';
import {
  attempts,
  authTokens,
  classes,
  classStudents,
  homework,
  homeworkRecipients,
  homeworkTopics,
  libraryPacks,
  libraryResources,
  students,
  teachers,
  topicProgress,
  wordBooks,
  wordBookWords,
} from '../db/schema/index.js';
import { addSoundJudgements } from '../modules/learning-statistics/index.js';
import { createClassroomResource, installLibrary, replaceResourceAudio } from '../modules/library/index.js';
import { fixtureMaterial, fixturePicturesDir } from '../modules/library/test-fixtures/material.js';
import { submitAttempt } from '../test/attempt-factories.js';
import { call } from '../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { buildHomework } from '../test/homework-factories.js';
import { eventually, queriesDuring as queriesOf } from '../test/read-cache-probes.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { manualClock } from './clock.js';
import { ReadCache } from './read-cache.js';

/*
 * Read caches (docs/architecture.md, "Read caches"): the change feed, the token lookup's cache
 * and the homework list's. `t` answers reads without first hearing every committed change (as a
 * server does), so what is asserted here is what a client of a real server sees.
 */
const clock = manualClock('2026-04-08T00:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, syncBeforeEachRequest: false });
});
afterAll(() => t.close());

const queriesDuring = (fn: () => Promise<unknown>) => queriesOf(t, fn);

describe('the change feed', () => {
  it('hears every table a cached read depends on, with its teacher and, for a child’s work, its topic', async () => {
    const { teacher } = await teacherWithToken(t);
    const { klass, homeworkId, loginIds } = await buildHomework(t, { teacher, now: clock.now() });
    const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, homeworkId));
    const answers = [{ question_id: 0, total: 80, accuracy: 80, fluency: 80, integrity: 100 }];
    const attempt = await submitAttempt(t, { homeworkId, topicId: topic!.id, student: loginIds[0]!, answers });
    await t.app.changeFeed.sync();
    const heard: string[] = [];
    t.app.changeFeed.onChange((id, topic) => heard.push(topic ? `${id}:${topic}` : String(id)));
    const [me, submissions, attemptsOf, sounds] = ['', ':submissions', ':attempts', ':sounds'].map(
      (s) => `${teacher.id}${s}`,
    );
    const [kid] = await t.db.select().from(students).where(eq(students.loginId, loginIds[0]!));
    // Each change, and what it announces: the teacher as a whole, or the one topic a child's work
    // writes (migration 0030).
    const changes: [() => Promise<unknown>, string[]][] = [
      [() => t.db.update(teachers).set({ nickname: '改名' }).where(eq(teachers.id, teacher.id)), [me!]],
      [() => t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.teacherId, teacher.id)), [me!]],
      [() => t.db.update(homework).set({ title: '改題' }).where(eq(homework.id, homeworkId)), [me!]],
      // Only the counts kept from the recipients: a topic; with anything else: the whole teacher.
      [
        () =>
          t.db
            .update(homework)
            .set({ assignedCount: sql`assigned_count + 1` })
            .where(eq(homework.id, homeworkId)),
        [submissions!],
      ],
      [
        () =>
          t.db
            .update(homework)
            .set({ assignedCount: sql`assigned_count - 1`, endTime: sql`end_time + interval '1 day'` })
            .where(eq(homework.id, homeworkId)),
        [me!],
      ],
      [() => t.db.update(classes).set({ name: '6年2組' }).where(eq(classes.id, klass.id)), [me!]],
      [
        () => t.db.update(homeworkTopics).set({ title: '改題' }).where(eq(homeworkTopics.homeworkId, homeworkId)),
        [me!],
      ],
      [() => t.db.update(students).set({ name: '山田 花子' }).where(eq(students.loginId, loginIds[1]!)), [me!]],
      [
        () => t.db.update(classStudents).set({ joinedAt: new Date() }).where(eq(classStudents.classId, klass.id)),
        [me!],
      ],
      [() => t.db.delete(classStudents).where(eq(classStudents.classId, klass.id)), [me!]],
      [
        () =>
          t.db.execute(
            sql`insert into class_students (class_id, student_id) select ${klass.id}, id from students where login_id = ${loginIds[0]!}`,
          ),
        [me!],
      ],
      // The recipients and the counts their trigger keeps on the homework row: one payload, sent once.
      [
        () =>
          t.db
            .update(homeworkRecipients)
            .set({ submittedAt: new Date() })
            .where(eq(homeworkRecipients.homeworkId, homeworkId)),
        [submissions!],
      ],
      [
        () => t.db.update(topicProgress).set({ practiceCount: 5 }).where(eq(topicProgress.homeworkId, homeworkId)),
        [attemptsOf!],
      ],
      [() => t.db.update(attempts).set({ score: 81 }).where(eq(attempts.id, attempt.id)), [attemptsOf!]],
      [() => addSoundJudgements(t.db, kid!.id, [{ word: 0, phone: 'R', score: 40 }], clock.now()), [sounds!]],
      [() => t.db.delete(attempts).where(eq(attempts.id, attempt.id)), [attemptsOf!]],
      // Its progress goes with the topic (a cascade): the topic's teacher, and the attempts topic.
      [() => t.db.delete(homeworkTopics).where(eq(homeworkTopics.homeworkId, homeworkId)), [me!, attemptsOf!]],
    ];
    for (const [i, [change, expected]] of changes.entries()) {
      heard.length = 0;
      await change();
      await t.app.changeFeed.sync();
      expect({ i, heard: heard.sort() }).toEqual({ i, heard: expected });
    }
    // The migration's triggers, all of them: a table added to a cached read joins this list.
    const triggers = await t.db.execute<{ name: string }>(
      sql`select tgrelid::regclass::text || '.' || tgname as name from pg_trigger where tgname like '%announce' order by 1`,
    );
    // Row triggers, and TRUNCATE (which fires none of them) announcing everyone.
    expect(triggers.rows.map((r) => r.name)).toEqual([
      'attempts.attempts_announce',
      'attempts.attempts_truncate_announce',
      'auth_tokens.auth_tokens_announce',
      'auth_tokens.auth_tokens_truncate_announce',
      'class_students.class_students_delete_announce',
      'class_students.class_students_insert_announce',
      'class_students.class_students_truncate_announce',
      'class_students.class_students_update_announce',
      'classes.classes_announce',
      'classes.classes_truncate_announce',
      'homework.homework_announce',
      'homework.homework_truncate_announce',
      'homework_recipients.homework_recipients_announce',
      'homework_recipients.homework_recipients_truncate_announce',
      'homework_topics.homework_topics_announce',
      'homework_topics.homework_topics_truncate_announce',
      'library_packs.library_packs_announce',
      'library_packs.library_packs_truncate_announce',
      'library_resources.library_resources_announce',
      'library_resources.library_resources_truncate_announce',
      'sound_judgements.sound_judgements_announce',
      'sound_judgements.sound_judgements_truncate_announce',
      'students.students_announce',
      'students.students_truncate_announce',
      'teachers.teachers_announce',
      'teachers.teachers_truncate_announce',
      'topic_progress.topic_progress_announce',
      'topic_progress.topic_progress_truncate_announce',
      'word_book_words.word_book_words_announce',
      'word_book_words.word_book_words_truncate_announce',
      'word_books.word_books_announce',
      'word_books.word_books_truncate_announce',
    ]);
  });

  it('hears classroom material as its teacher, and material every teacher sees as everyone, once per transaction', async () => {
    const { teacher } = await teacherWithToken(t);
    const def = { type: 'sentence_reading' as const, title: '通知の文', grade: 3 as const, sentences: [] };
    await t.app.changeFeed.sync();
    const heard: (number | typeof EVERYONE)[] = [];
    t.app.changeFeed.onChange((id) => heard.push(id));
    const headquarters = eq(libraryResources.originType, 'headquarters');
    const changes: [() => Promise<unknown>, (number | typeof EVERYONE)[]][] = [
      [() => createClassroomResource(t.db, teacher, def, t.media), [teacher.id]],
      [
        () => t.db.update(libraryResources).set({ title: '改題' }).where(eq(libraryResources.teacherId, teacher.id)),
        [teacher.id],
      ],
      // Every headquarters row in one statement, as an install does: one announcement.
      [
        () =>
          t.db
            .update(libraryResources)
            .set({ version: sql`version + 1` })
            .where(headquarters),
        [EVERYONE],
      ],
      [() => t.db.update(libraryPacks).set({ position: sql`position + 1` }), [EVERYONE]],
      [() => t.db.update(wordBooks).set({ title: sql`title || '！'` }), [EVERYONE]],
      [() => t.db.update(wordBookWords).set({ meaning: sql`meaning || '！'` }), [EVERYONE]],
      [() => t.db.delete(libraryResources).where(eq(libraryResources.teacherId, teacher.id)), [teacher.id]],
    ];
    for (const [i, [change, expected]] of changes.entries()) {
      heard.length = 0;
      await change();
      await t.app.changeFeed.sync();
      expect({ i, heard }).toEqual({ i, heard: expected });
    }
    // A transaction writing hundreds of library rows sends one notification (pg_notify drops
    // identical payloads within a transaction), and one that changes nothing sends none.
    heard.length = 0;
    await t.db.transaction(async (tx) => {
      for (let n = 0; n < 200; n++) await tx.update(libraryPacks).set({ position: sql`position + 1` });
      await tx.update(libraryResources).set({ title: 'なし' }).where(eq(libraryResources.id, -1));
    });
    await t.app.changeFeed.sync();
    expect(heard).toEqual([EVERYONE]);
    // TRUNCATE fires no row trigger; it announces everyone (the packs are put back after).
    const packs = await t.db.select().from(libraryPacks);
    heard.length = 0;
    await t.db.execute(sql`truncate library_packs`);
    await t.app.changeFeed.sync();
    expect(heard).toEqual([EVERYONE]);
    await t.db.insert(libraryPacks).values(packs);
  });

  it('caches nothing while its connection is down, and forgets what it knew on reconnecting', async () => {
    const feed: ChangeFeed = createChangeFeed(t.database.pool, { retryMs: 50 });
    try {
      await feed.sync();
      const before = feed.mark()!;
      expect(before).not.toBeNull();
      expect(feed.unchangedSince(1, before)).toBe(true);
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ondoku_changes' and pid <> pg_backend_pid() and datname = current_database()`,
      );
      await eventually(async () => feed.mark() === null);
      expect(feed.unchangedSince(1, before)).toBe(false);
      await eventually(async () => feed.mark() !== null);
      // Announcements may have been missed while it was down: older marks stay stale.
      expect(feed.unchangedSince(1, before)).toBe(false);
      expect(feed.unchangedSince(1, feed.mark()!)).toBe(true);
    } finally {
      await feed.close();
    }
    // The app's own feed came back too.
    await eventually(async () => t.app.changeFeed.mark() !== null);
  });

  it('takes every teacher’s earlier marks as stale on an announcement for everyone', async () => {
    const feed: ChangeFeed = createChangeFeed(t.database.pool);
    try {
      await feed.sync();
      const before = feed.mark()!;
      await t.db.execute(sql`select pg_notify('ondoku_changes', '7')`);
      await feed.sync();
      const afterOne = feed.mark()!;
      expect([feed.unchangedSince(7, before), feed.unchangedSince(8, before)]).toEqual([false, true]);
      await t.db.execute(sql`select pg_notify('ondoku_changes', '*')`);
      await feed.sync();
      expect([feed.unchangedSince(7, afterOne), feed.unchangedSince(8, afterOne)]).toEqual([false, false]);
      // Marks taken after it are good again, for every teacher, until their own next change.
      const after = feed.mark()!;
      expect([feed.unchangedSince(7, after), feed.unchangedSince(8, after)]).toEqual([true, true]);
      await t.db.execute(sql`select pg_notify('ondoku_changes', '8')`);
      await feed.sync();
      expect([feed.unchangedSince(7, after), feed.unchangedSince(8, after)]).toEqual([true, false]);
    } finally {
      await feed.close();
    }
  });
  it('keeps a teacher’s topics apart: a topic makes stale only what reads it, the teacher as a whole everything', async () => {
    const feed: ChangeFeed = createChangeFeed(t.database.pool);
    const notify = async (payload: string) => {
      await t.db.execute(sql`select pg_notify('ondoku_changes', ${payload})`);
      await feed.sync();
    };
    // What a read of: every topic (nothing said), none, attempts, sounds, and two topics, says.
    const reads = [undefined, [], ['attempts'], ['sounds'], ['submissions', 'attempts']] as const;
    const unchanged = (id: number, mark: number) => reads.map((topics) => feed.unchangedSince(id, mark, topics));
    try {
      await feed.sync();
      let mark = feed.mark()!;
      await notify('7:attempts');
      expect(unchanged(7, mark)).toEqual([false, true, false, true, false]);
      expect(unchanged(8, mark)).toEqual([true, true, true, true, true]);
      mark = feed.mark()!;
      await notify('7:sounds');
      expect(unchanged(7, mark)).toEqual([false, true, true, false, true]);
      mark = feed.mark()!;
      await notify('7:submissions');
      expect(unchanged(7, mark)).toEqual([false, true, true, true, false]);
      // The teacher as a whole, everyone, and a topic this version does not know: every read.
      for (const payload of ['7', '*', '7:messages']) {
        mark = feed.mark()!;
        await notify(payload);
        expect({ payload, unchanged: unchanged(7, mark) }).toEqual({ payload, unchanged: reads.map(() => false) });
      }
      // Marks taken after a topic's announcement are good again for it.
      mark = feed.mark()!;
      expect(unchanged(7, mark)).toEqual(reads.map(() => true));
    } finally {
      await feed.close();
    }
  });

  it('forgets the topics too on an announcement for everyone and on reconnecting', async () => {
    const feed: ChangeFeed = createChangeFeed(t.database.pool, { retryMs: 50 });
    try {
      await feed.sync();
      const before = feed.mark()!;
      await t.db.execute(sql`select pg_notify('ondoku_changes', '9:attempts')`);
      await feed.sync();
      const after = feed.mark()!;
      expect([feed.unchangedSince(9, before, ['attempts']), feed.unchangedSince(9, after, ['attempts'])]).toEqual([
        false,
        true,
      ]);
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ondoku_changes' and pid <> pg_backend_pid() and datname = current_database()`,
      );
      await eventually(async () => feed.mark() === null);
      expect(feed.unchangedSince(9, after, [])).toBe(false);
      await eventually(async () => feed.mark() !== null);
      expect(feed.unchangedSince(9, after, [])).toBe(false);
      const back = feed.mark()!;
      expect([feed.unchangedSince(9, back), feed.unchangedSince(9, back, ['attempts'])]).toEqual([true, true]);
    } finally {
      await feed.close();
    }
    await eventually(async () => t.app.changeFeed.mark() !== null);
  });
});

describe('ReadCache', () => {
  const fakeFeed = () => {
    let counter = 1;
    const last = new Map<number, number>();
    const feed = {
      mark: () => counter,
      unchangedSince: (id: number, mark: number) => (last.get(id) ?? 0) <= mark,
      sync: async () => {},
      onChange: () => {},
      close: async () => {},
      announce: (id: number) => void last.set(id, ++counter),
    };
    return feed;
  };

  it('does not keep a value read while its teacher changed, nor give it to a clock set back', () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, { max: 2 });
    const mark = cache.mark();
    feed.announce(7);
    cache.set('a', 7, mark, 'stale', 1_000);
    expect(cache.get('a', 1_000)).toBeUndefined();
    cache.set('a', 7, cache.mark(), 'fresh', 1_000, 2_000);
    expect(cache.get('a', 1_500)).toBe('fresh');
    expect(cache.get('a', 999)).toBeUndefined();
    cache.set('a', 7, cache.mark(), 'fresh', 1_000, 2_000);
    expect(cache.get('a', 2_000)).toBeUndefined();
  });

  it('forgets a teacher’s values on a change of that teacher only, and keeps at most max', () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, { max: 2 });
    cache.set('a', 1, cache.mark(), 'A', 0);
    cache.set('b', 2, cache.mark(), 'B', 0);
    feed.announce(1);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)).toBe('B');
    cache.set('c', 3, cache.mark(), 'C', 0);
    cache.set('d', 4, cache.mark(), 'D', 0);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('d', 0)).toBe('D');
  });

  it('keeps values of at most maxBytes together, the least recently used going first', () => {
    const feed = fakeFeed();
    const cache = new ReadCache<string>(feed, { max: 10, maxBytes: 10, sizeOf: (v) => v.length });
    cache.set('a', 1, cache.mark(), 'aaaa', 0);
    cache.set('b', 1, cache.mark(), 'bbbb', 0);
    // A one-off search after another pushes out the one not used since, not the list in use.
    expect(cache.get('a', 0)).toBe('aaaa');
    cache.set('c', 1, cache.mark(), 'cccc', 0);
    expect([cache.size, cache.bytes]).toEqual([2, 8]);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe('aaaa');
    // Larger than the whole budget: not kept, and nothing pushed out for it.
    cache.set('d', 1, cache.mark(), 'd'.repeat(11), 0);
    expect(cache.get('d', 0)).toBeUndefined();
    // A stale value leaves the count when it is found stale.
    feed.announce(1);
    expect(cache.get('a', 0)).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([1, 4]);
  });
});

describe('ReadCache with topics', () => {
  it('drops an entry on its teacher’s change or a change of a topic it reads, and keeps it on another topic', async () => {
    const feed: ChangeFeed = createChangeFeed(t.database.pool);
    const notify = async (payload: string) => {
      await t.db.execute(sql`select pg_notify('ondoku_changes', ${payload})`);
      await feed.sync();
    };
    try {
      await feed.sync();
      const cache = new ReadCache<string>(feed, { max: 10 });
      const fill = () => {
        cache.set('every', 5, cache.mark(), 'every', 0);
        cache.set('none', 5, cache.mark(), 'none', 0, Infinity, []);
        cache.set('attempts', 5, cache.mark(), 'attempts', 0, Infinity, ['attempts']);
      };
      const kept = () => ['every', 'none', 'attempts'].filter((k) => cache.get(k, 0) !== undefined);
      fill();
      expect(kept()).toEqual(['every', 'none', 'attempts']);
      await notify('5:sounds');
      expect(kept()).toEqual(['none', 'attempts']);
      await notify('5:attempts');
      expect(kept()).toEqual(['none']);
      await notify('5');
      expect(kept()).toEqual([]);
      // A value read while a topic it does not read changed is kept; one it reads, not.
      const mark = cache.mark();
      await notify('5:submissions');
      cache.set('none', 5, mark, 'none', 0, Infinity, []);
      cache.set('attempts', 5, mark, 'attempts', 0, Infinity, ['attempts', 'submissions']);
      expect(kept()).toEqual(['none']);
    } finally {
      await feed.close();
    }
  });
});

describe('the token lookup', () => {
  it('answers a known token from memory, and refuses it once signed out', async () => {
    const me = await teacherWithToken(t);
    expect((await call(t, getTeacherInfo, {}, { as: me })).status).toBe(200);
    expect(await queriesDuring(() => call(t, getTeacherInfo, {}, { as: me }))).toBe(0);
    // A write answers once its change has been heard: the very next call is refused.
    expect((await call(t, logout, {}, { as: me })).errcode).toBe(0);
    expect((await call(t, getTeacherInfo, {}, { as: me })).status).toBe(401);
  });

  it('hears a token revoked or a profile changed elsewhere (another server, an operator)', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t, {});
    expect((await call(t, getTeacherInfo, {}, { as: me })).data.user.nickname).not.toBe('別名');
    await t.db.update(teachers).set({ nickname: '別名' }).where(eq(teachers.id, me.teacher.id));
    await eventually(async () => (await call(t, getTeacherInfo, {}, { as: me })).data.user.nickname === '別名');
    expect((await call(t, getTeacherInfo, {}, { as: other })).status).toBe(200);
    await t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.teacherId, me.teacher.id));
    await eventually(async () => (await call(t, getTeacherInfo, {}, { as: me })).status === 401);
    expect((await call(t, getTeacherInfo, {}, { as: other })).status).toBe(200);
  });

  it('never keeps an expired token', async () => {
    const me = await teacherWithToken(t);
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() + interval '300 milliseconds'` })
      .where(eq(authTokens.teacherId, me.teacher.id));
    await t.app.changeFeed.sync();
    expect((await call(t, getTeacherInfo, {}, { as: me })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect((await call(t, getTeacherInfo, {}, { as: me })).status).toBe(401);
  });
});

describe('the homework list', () => {
  const list = (as: Awaited<ReturnType<typeof teacherWithToken>>) =>
    call(t, getMyHomeworkPageList, {}, { as }).then((r) => r.data);

  it('answers again from memory, until the homework, its class or its topics change', async () => {
    const me = await teacherWithToken(t);
    const { klass, homeworkId } = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    await t.app.changeFeed.sync();
    const first = await list(me);
    expect(first.rows.map((r) => [r.homework_id, r.team?.name])).toEqual([[homeworkId, klass.name]]);
    expect(await queriesDuring(() => list(me))).toBe(0);

    await t.db.update(classes).set({ name: '名前を変えた組' }).where(eq(classes.id, klass.id));
    await eventually(async () => (await list(me)).rows[0]?.team?.name === '名前を変えた組');
    // Another teacher's change leaves this one's list where it was.
    await buildHomework(t, { now: clock.now(), classroomResource: true });
    await t.app.changeFeed.sync();
    expect(await queriesDuring(() => list(me))).toBe(0);

    // The teacher's own write: the next list no longer has it, at once.
    expect((await call(t, deleteHomework, { homework_id: homeworkId }, { as: me })).errcode).toBe(0);
    expect((await list(me)).total).toBe(0);
  });

  it('makes one read for many requests that miss at once, but never shares one begun before a change', async () => {
    const me = await teacherWithToken(t);
    const { homeworkId } = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    await t.app.changeFeed.sync();
    const rename = async (title: string) => {
      await t.db.update(homework).set({ title }).where(eq(homework.id, homeworkId));
      await t.app.changeFeed.sync();
      // The change dropped the teacher's token from memory too: look it up again, so that only
      // the list's own queries are counted.
      await call(t, getTeacherInfo, {}, { as: me });
    };
    await rename('一度目');
    const one = await queriesDuring(() => list(me));
    expect(one).toBeGreaterThan(0);
    await rename('二度目');
    const ten = await queriesDuring(() => Promise.all(Array.from({ length: 10 }, () => list(me))));
    expect(ten).toBe(one);

    // A read whose answer is held back: a change committed meanwhile, then the same request.
    const query = t.database.pool.query.bind(t.database.pool) as (...args: unknown[]) => Promise<unknown>;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let heldBack!: () => void;
    const held = new Promise<void>((r) => (heldBack = r));
    let armed = false;
    const spy = vi.spyOn(t.database.pool, 'query').mockImplementation((async (...args: unknown[]) => {
      const result = await query(...args);
      if (armed && JSON.stringify(args[0]).includes('homework')) {
        armed = false;
        heldBack();
        await released;
      }
      return result;
    }) as never);
    try {
      await rename('三度目');
      armed = true; // the list's first query from here is held back
      const before = list(me);
      await held;
      await rename('四度目');
      // Joined to the held-back read, it would wait for it (and then show 三度目).
      const after = await Promise.race([list(me), new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
      expect(after?.rows[0]?.title).toBe('四度目');
      release();
      await before;
    } finally {
      spy.mockRestore();
      release();
    }
  });

  it('is compressed as the browser asks, once, like any reply', async () => {
    const me = await teacherWithToken(t);
    for (let i = 0; i < 3; i++) await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    await t.app.changeFeed.sync();
    const plain = (await call(t, getMyHomeworkPageList, {}, { as: me })).res;
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const get = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: getMyHomeworkPageList.path,
        headers: { authorization: `Bearer ${me.token}`, 'accept-encoding': encoding },
      });
    for (const [encoding, inflate] of [
      ['gzip, deflate, br, zstd', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await get(encoding);
      const again = await get(encoding);
      expect(first.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : 'br');
      expect(first.headers.vary).toBe('accept-encoding');
      expect(first.headers['cache-control']).toBe('no-store');
      expect(inflate(first.rawPayload).toString()).toBe(plain.payload);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('changes state by itself at the deadline, with no change in the database', async () => {
    const me = await teacherWithToken(t);
    await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    await t.app.changeFeed.sync();
    expect((await list(me)).rows.map((r) => r.state)).toEqual(['open']);
    expect(await queriesDuring(() => list(me))).toBe(0);
    const start = clock.now();
    try {
      clock.advance(8 * 86_400_000);
      expect((await list(me)).rows.map((r) => r.state)).toEqual(['overdue']);
    } finally {
      clock.set(start);
    }
  });
});

describe('the homework details and the score matrix', () => {
  it('answer again from memory, until a child submits or is renamed', async () => {
    const me = await teacherWithToken(t);
    const { homeworkId, loginIds } = await buildHomework(t, { teacher: me.teacher, now: clock.now(), students: 2 });
    await t.app.changeFeed.sync();
    const details = () => call(t, getAllTopicOverview, { homework_id: homeworkId }, { as: me }).then((r) => r.data);
    const matrix = () =>
      call(t, getTopicScoreOverviewY, { homework_id: homeworkId, page: 1, limit: 5 }, { as: me }).then((r) => r.data);
    expect((await details()).unsubmitted).toHaveLength(2);
    await matrix();
    expect(await queriesDuring(() => Promise.all([details(), matrix()]))).toBe(0);

    const [student] = await t.db.select().from(students).where(eq(students.loginId, loginIds[0]!));
    await t.db
      .update(homeworkRecipients)
      .set({ submittedAt: clock.now() })
      .where(eq(homeworkRecipients.studentId, student!.id));
    await eventually(async () => (await details()).unsubmitted.length === 1);
    await t.db.update(students).set({ name: '新しい 名前' }).where(eq(students.id, student!.id));
    await eventually(async () => (await matrix()).rows.some((r) => r.name === '新しい 名前'));
  });
});

describe('the library', () => {
  const source = { material: fixtureMaterial, picturesDirs: [fixturePicturesDir] };
  const def = (title: string) => ({
    type: 'sentence_reading' as const,
    title,
    grade: 3 as const,
    sentences: [{ text: 'Good morning, everyone.', translation: 'みなさん、おはようございます。' }],
  });
  const search = (as: SignedInTeacher, input: { kw?: string; origin_type?: 'classroom' } = {}) =>
    call(t, searchResources, { limit: 100, ...input }, { as }).then((r) => r.data);
  const titles = async (as: SignedInTeacher, input?: { kw?: string; origin_type?: 'classroom' }) =>
    (await search(as, input)).rows.map((r) => r.title);
  const detail = (as: SignedInTeacher, id: number) => call(t, getResourceDetail, { resource_id: id }, { as });

  it('answers search and detail again from memory, and one teacher’s reply never reaches another', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const mine = await createClassroomResource(t.db, me.teacher, def('わたしだけの文'), t.media);
    await t.app.changeFeed.sync();
    // The same input from both teachers, mine first: the other never gets my kept reply.
    expect(await titles(me, { origin_type: 'classroom' })).toEqual(['わたしだけの文']);
    expect(await titles(other, { origin_type: 'classroom' })).toEqual([]);
    expect((await detail(me, mine.id)).data.title).toBe('わたしだけの文');
    expect((await detail(other, mine.id)).status).toBe(404);
    expect(
      await queriesDuring(() =>
        Promise.all([
          titles(me, { origin_type: 'classroom' }),
          titles(other, { origin_type: 'classroom' }),
          detail(me, mine.id),
        ]),
      ),
    ).toBe(0);
    expect(await titles(other, { origin_type: 'classroom' })).toEqual([]);
    // A not-found is never kept.
    expect(await queriesDuring(() => detail(other, mine.id))).toBeGreaterThan(0);
    expect((await detail(other, mine.id)).status).toBe(404);
  });

  it('shows a teacher’s classroom material added, edited and deleted at the next read, to that teacher only', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    await createClassroomResource(t.db, other.teacher, def('ほかの先生の文'), t.media);
    await t.app.changeFeed.sync();
    expect(await titles(me, { origin_type: 'classroom' })).toEqual([]);
    const otherBefore = await titles(other, { origin_type: 'classroom' });
    expect(otherBefore).toEqual(['ほかの先生の文']);

    const added = await createClassroomResource(t.db, me.teacher, def('新しい文'), t.media);
    await eventually(async () => (await titles(me, { origin_type: 'classroom' })).includes('新しい文'));
    expect((await detail(me, added.id)).data.title).toBe('新しい文');
    // My change leaves the other teacher's kept reply where it was, without my material.
    expect(await queriesDuring(() => titles(other, { origin_type: 'classroom' }))).toBe(0);
    expect(await titles(other, { origin_type: 'classroom' })).toEqual(otherBefore);

    await t.db.update(libraryResources).set({ title: '直した文' }).where(eq(libraryResources.id, added.id));
    await eventually(async () => (await detail(me, added.id)).data.title === '直した文');
    expect(await titles(me, { origin_type: 'classroom' })).toEqual(['直した文']);

    await t.db.update(libraryResources).set({ deletedAt: new Date() }).where(eq(libraryResources.id, added.id));
    await eventually(async () => (await detail(me, added.id)).status === 404);
    expect(await titles(me, { origin_type: 'classroom' })).toEqual([]);
  });

  it('shows every teacher a change of headquarters material made by another process, and a new recording', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const [hq] = await t.db.select().from(libraryResources).where(eq(libraryResources.key, 'fx-dialog-shop'));
    await t.app.changeFeed.sync();
    for (const as of [me, other]) {
      expect(await titles(as)).toContain(hq!.title);
      expect((await detail(as, hq!.id)).data.title).toBe(hq!.title);
    }
    expect(await queriesDuring(() => Promise.all([titles(me), titles(other), detail(other, hq!.id)]))).toBe(0);

    await t.db.execute(sql`update library_resources set title = 'お店で（改訂）' where id = ${hq!.id}`);
    for (const as of [me, other]) {
      await eventually(async () => (await titles(as)).includes('お店で（改訂）'));
      expect((await detail(as, hq!.id)).data.title).toBe('お店で（改訂）');
    }

    const before = (await detail(me, hq!.id)).data;
    const heard: (number | typeof EVERYONE)[] = [];
    t.app.changeFeed.onChange((id) => heard.push(id));
    const recording = writeWav(
      new Float32Array(16_000).map((_, i) => Math.sin(i / 10) * 0.2),
      16_000,
    );
    const done = await replaceResourceAudio(t.db, t.media, source, {
      key: 'fx-dialog-shop',
      target: 'wait:0:0',
      file: { name: 'clerk.wav', bytes: recording },
    });
    await eventually(
      async () => (await detail(me, hq!.id)).data.items[0]!.wait_items![0]!.audio_file === `/media/${done.mediaKey}`,
    );
    // The recording's install rewrote one resource (and its title) in one transaction: one announcement.
    expect(heard).toEqual([EVERYONE]);
    // A forced install that changes nothing announces nothing.
    heard.length = 0;
    await installLibrary(t.db, t.media, source, { force: true });
    await t.app.changeFeed.sync();
    expect(heard).toEqual([]);
    expect((await detail(me, hq!.id)).data.resource_version).toBeGreaterThan(before.resource_version);
    // (The install put the material's own title back.)
    await eventually(async () => (await titles(other)).includes(hq!.title));
  });

  it('shows a change of packs and word books made by another process', async () => {
    const me = await teacherWithToken(t);
    const packs = () => call(t, getPackList, { page: 1, limit: 20 }, { as: me }).then((r) => r.data.rows);
    const books = () => call(t, getWordBookList, {}, { as: me }).then((r) => r.data.rows);
    await t.app.changeFeed.sync();
    const [pack] = await packs();
    const [book] = await books();
    expect(await queriesDuring(() => Promise.all([packs(), books()]))).toBe(0);
    await t.db.update(libraryPacks).set({ title: 'パック（改訂）' }).where(eq(libraryPacks.code, pack!.code));
    await eventually(async () => (await packs())[0]!.title === 'パック（改訂）');
    await t.db.update(wordBooks).set({ title: '単語帳（改訂）' }).where(eq(wordBooks.code, book!.code));
    await eventually(async () => (await books())[0]!.title === '単語帳（改訂）');
    await t.db.delete(wordBookWords).where(eq(wordBookWords.bookCode, book!.code));
    await eventually(async () => (await books())[0]!.word_count === 0);
  });
});
