import {
  changeStudentInfo,
  commitRollover,
  createClass,
  deleteClass,
  getMyClassRows,
  getStudentPageRows,
  hideClass,
  leaveClass,
  reorderClasses,
  restoreClass,
  searchStudent,
  studentBatchAdd,
  studentBatchDelete,
  studentBatchLeave,
  studentBatchMove,
  studentJoinClass,
  updateClass,
} from '@ondoku/contract';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classStudents, students } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { signInStudent } from '../../test/learn-factories.js';
import { multipart } from '../../test/multipart.js';
import { eventually, queriesDuring as queriesOf } from '../../test/read-cache-probes.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/*
 * The read caches of the class list, the student list and the student search
 * (docs/architecture.md, "Read caches"; classes/policy.ts rosterReadCache). `t` answers reads
 * without first hearing every committed change, as a server does: what is asserted is what a
 * client of a real server sees. Each write is made after the reads were answered from memory, so
 * a write that the cache did not hear of would show the old reply.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ syncBeforeEachRequest: false });
});
afterAll(() => t.close());

const queriesDuring = (fn: () => Promise<unknown>) => queriesOf(t, fn);

const KW = 'キャッシュ';

/** The three cached reads as a teacher sees them: classes, one class's page, a keyword page, the search. */
async function lists(as: SignedInTeacher, classId: number) {
  const [mine, page, kwPage, search] = await Promise.all([
    call(t, getMyClassRows, {}, { as }),
    call(t, getStudentPageRows, { team_id: classId, page: 1, limit: 50 }, { as }),
    call(t, getStudentPageRows, { kw: KW, page: 1, limit: 50 }, { as }),
    call(t, searchStudent, { kw: KW }, { as }),
  ]);
  return {
    classes: mine.data.rows.map((c) => `${c.name}:${c.student_count}${c.hidden ? ':hidden' : ''}`),
    page: page.status === 404 ? '404' : page.data.rows.map((s) => s.student_id),
    kw: kwPage.data.rows.map((s) => `${s.name}/${s.grade_name}/${s.teams.map((c) => c.name).join('+')}`),
    search: search.data.rows.map((s) => `${s.name}/${s.has_initial_password}/${s.teams.map((c) => c.name).join('+')}`),
    /** The search's rows whole (password_changed_at, created_at). */
    raw: JSON.stringify(search.data.rows),
  };
}

/** A teacher with classes 1組 (three children named キャッシュ) and 2組 (empty). */
async function scene() {
  const me = await teacherWithToken(t);
  const c1 = await buildClass(t, { teacher: me.teacher, name: '1組' });
  const c2 = await buildClass(t, { teacher: me.teacher, name: '2組' });
  const ids = await buildStudents(t, 3, { teacher: me.teacher, classIds: [c1.id] });
  for (const [i, id] of ids.entries())
    await t.db
      .update(students)
      .set({ name: `キャッシュ ${i}`, furigana: `きゃっしゅ ${i}`, number: String(i + 1) })
      .where(eq(students.loginId, id));
  await t.app.changeFeed.sync();
  return { me, c1, c2, ids };
}

/**
 * The reads answer from memory now (no query at all, but for a 404 of a class no longer there:
 * errors are not kept), and this is what they show.
 */
async function cachedNow(as: SignedInTeacher, classId: number) {
  const shown = await lists(as, classId);
  expect(await queriesDuring(() => lists(as, classId))).toBe(shown.page === '404' ? 1 : 0);
  return shown;
}

async function xlsx(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('生徒');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('the class and student lists, cached', () => {
  it('answer again from memory, and show each of the teacher’s own writes on the next read', async () => {
    const { me, c1, c2, ids } = await scene();
    const [s0, s1, s2] = ids as [string, string, string];
    expect(await cachedNow(me, c1.id)).toMatchObject({
      classes: ['1組:3', '2組:0'],
      page: [s0, s1, s2],
      kw: ['キャッシュ 0/3年/1組', 'キャッシュ 1/3年/1組', 'キャッシュ 2/3年/1組'],
      search: ['キャッシュ 0/true/1組', 'キャッシュ 1/true/1組', 'キャッシュ 2/true/1組'],
    });
    type Shown = Awaited<ReturnType<typeof lists>>;
    const steps: [string, () => Promise<{ errcode: number }>, (s: Shown, before: Shown) => void][] = [
      [
        'add to a class',
        () => call(t, studentBatchAdd, { team_id: c2.id, student_ids: [s0] }, { as: me }),
        (s) => {
          expect(s.classes).toEqual(['1組:3', '2組:1']);
          expect(s.kw[0]).toBe('キャッシュ 0/3年/1組+2組');
        },
      ],
      [
        'move',
        () => call(t, studentBatchMove, { from_team_id: c1.id, team_id: c2.id, student_ids: [s1] }, { as: me }),
        (s) => {
          expect(s.page).toEqual([s0, s2]);
          expect(s.search[1]).toBe('キャッシュ 1/true/2組');
        },
      ],
      [
        'leave a class',
        () => call(t, leaveClass, { student_id: s2, team_id: c1.id }, { as: me }),
        (s) => expect(s.page).toEqual([s0]),
      ],
      [
        'leave in a batch',
        () => call(t, studentBatchLeave, { team_id: c2.id, student_ids: [s0] }, { as: me }),
        (s) => expect(s.classes).toEqual(['1組:1', '2組:1']),
      ],
      [
        'rename a student',
        () =>
          call(
            t,
            changeStudentInfo,
            {
              student_id: s0,
              name: 'キャッシュ 改',
              furigana: 'きゃっしゅ',
              grade_name: '4年',
              class_name: '1組',
              number: 1,
            },
            { as: me },
          ),
        (s) => expect(s.kw[0]).toBe('キャッシュ 改/4年/1組'),
      ],
      [
        'rename a class',
        () => call(t, updateClass, { id: c1.id, name: '一組', allow_join: 1 }, { as: me }),
        (s) => {
          expect(s.classes).toEqual(['一組:1', '2組:1']);
          expect(s.kw[0]).toBe('キャッシュ 改/4年/一組');
        },
      ],
      [
        'reorder',
        () => call(t, reorderClasses, { team_ids: [c2.id, c1.id] }, { as: me }),
        (s) => expect(s.classes).toEqual(['2組:1', '一組:1']),
      ],
      [
        'hide a class',
        () => call(t, hideClass, { team_id: c2.id }, { as: me }),
        (s) => expect(s.classes).toEqual(['2組:1:hidden', '一組:1']),
      ],
      [
        'create a class',
        () => call(t, createClass, { name: '3組', allow_join: 1 }, { as: me }),
        (s) => expect(s.classes).toEqual(['2組:1:hidden', '一組:1', '3組:0']),
      ],
      [
        'delete a class',
        () => call(t, deleteClass, { team_id: c1.id }, { as: me }),
        (s) => {
          expect(s.classes).toEqual(['2組:1:hidden', '3組:0']);
          expect(s.page).toBe('404');
          expect(s.kw[0]).toBe('キャッシュ 改/4年/');
        },
      ],
      ['restore it', () => call(t, restoreClass, { team_id: c1.id }, { as: me }), (s) => expect(s.page).toEqual([s0])],
      [
        'delete a student',
        () => call(t, studentBatchDelete, { student_ids: [s1] }, { as: me }),
        (s) => {
          expect(s.search.map((x) => x.split('/')[0])).toEqual(['キャッシュ 改', 'キャッシュ 2']);
          expect(s.classes[0]).toBe('2組:0:hidden');
        },
      ],
      [
        'import into the class',
        async () => {
          const file = await xlsx([
            ['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード'],
            [`imp${Date.now().toString(36)}`, 'キャッシュ 新', 'きゃっしゅ', '3年', '1組', 9, ''],
          ]);
          const mp = multipart({ team_id: String(c1.id) }, { name: '名簿.xlsx', data: file });
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/v2/team/import-team-students-list',
            payload: mp.payload,
            headers: { authorization: `Bearer ${me.token}`, ...mp.headers },
          });
          return res.json() as { errcode: number };
        },
        (s) => {
          expect(s.page).toHaveLength(2);
          expect(s.search.map((x) => x.split('/')[0])).toContain('キャッシュ 新');
        },
      ],
    ];
    for (const [what, write, shows] of steps) {
      const before = await cachedNow(me, c1.id);
      expect({ what, errcode: (await write()).errcode }).toEqual({ what, errcode: 0 });
      // The very next read, no waiting: the write answered once its change was heard.
      const s = await lists(me, c1.id);
      try {
        shows(s, before);
      } catch (e) {
        throw new Error(`after "${what}": ${(e as Error).message}`, { cause: e });
      }
    }
  });

  it('show a child joining a class by its code (the students’ side)', async () => {
    const { me, c2, ids } = await scene();
    await cachedNow(me, c2.id);
    const [row] = await t.db.select({ code: classes.code }).from(classes).where(eq(classes.id, c2.id));
    const student = await signInStudent(t, ids[0]!);
    expect((await call(t, studentJoinClass, { code: row!.code! }, { as: student.token })).data.joined).toBe(true);
    expect((await lists(me, c2.id)).page).toEqual([ids[0]]);
  });

  it('show the roll-over to the next year at once', async () => {
    const { me, c1, c2 } = await scene();
    await cachedNow(me, c1.id);
    const res = await call(
      t,
      commitRollover,
      {
        plans: [
          { team_id: c1.id, action: 'next', name: '次の1組' },
          { team_id: c2.id, action: 'keep' },
        ],
      },
      { as: me },
    );
    expect([res.errcode, res.errmsg]).toEqual([0, '']);
    const s = await lists(me, c1.id);
    expect(s.classes.sort()).toEqual(['2組:0', '次の1組:3']);
    expect(s.kw.map((x) => x.split('/').slice(1).join('/'))).toEqual(['4年/次の1組', '4年/次の1組', '4年/次の1組']);
  });

  it('hear changes committed elsewhere (another server process, an operator’s SQL)', async () => {
    const { me, c1, c2, ids } = await scene();
    const [s0, s1, s2] = ids as [string, string, string];
    const idOf = async (loginId: string) =>
      (await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, loginId)))[0]!.id;
    const changes: [string, () => Promise<unknown>, (s: Awaited<ReturnType<typeof lists>>) => boolean][] = [
      [
        'a membership added',
        async () => t.db.insert(classStudents).values({ classId: c2.id, studentId: await idOf(s0) }),
        (s) => s.classes[1] === '2組:1',
      ],
      [
        'a membership removed',
        async () => t.db.delete(classStudents).where(eq(classStudents.studentId, await idOf(s1))),
        (s) => s.page.length === 2 && s.search[1] === 'キャッシュ 1/true/',
      ],
      [
        'a membership moved',
        async () =>
          t.db
            .update(classStudents)
            .set({ classId: c2.id })
            .where(sql`${classStudents.studentId} = ${await idOf(s2)} and ${classStudents.classId} = ${c1.id}`),
        (s) => s.classes.join() === '1組:1,2組:2',
      ],
      [
        'a student graduated',
        async () => t.db.update(students).set({ archivedAt: new Date() }).where(eq(students.loginId, s2)),
        (s) => s.classes.join() === '1組:1,2組:1' && s.search.length === 2,
      ],
      [
        'a child changed the password (students’ side)',
        () =>
          t.db
            .update(students)
            .set({ initialPasswordEnc: null, passwordChangedAt: new Date() })
            .where(eq(students.loginId, s0)),
        (s) => s.search[0] === 'キャッシュ 0/false/1組+2組',
      ],
      [
        'a class renamed',
        () => t.db.update(classes).set({ name: '外から' }).where(eq(classes.id, c1.id)),
        (s) => s.classes[0] === '外から:1' && s.kw[0] === 'キャッシュ 0/3年/外から+2組',
      ],
      [
        'a class deleted',
        () => t.db.delete(classes).where(eq(classes.id, c2.id)),
        (s) => s.classes.join() === '外から:1' && s.kw[0] === 'キャッシュ 0/3年/外から',
      ],
    ];
    for (const [what, change, seen] of changes) {
      await cachedNow(me, c1.id);
      await change();
      await eventually(async () => seen(await lists(me, c1.id))).catch(async () => {
        throw new Error(`"${what}" not seen: ${JSON.stringify(await lists(me, c1.id))}`);
      });
    }
  });

  it('give another teacher nothing of this teacher’s, for the same input', async () => {
    const { me, c1 } = await scene();
    const other = await teacherWithToken(t);
    await buildClass(t, { teacher: other.teacher, name: '他の組' });
    await cachedNow(me, c1.id);
    const nothing = { classes: ['他の組:0'], page: '404', kw: [], search: [], raw: '[]' };
    expect(await lists(other, c1.id)).toEqual(nothing);
    expect(await lists(other, c1.id)).toEqual(nothing);
    // And a change of the other teacher's leaves this teacher's replies in memory.
    await call(t, createClass, { name: '他の組2', allow_join: 1 }, { as: other });
    expect(await queriesDuring(() => lists(me, c1.id))).toBe(0);
  });
});
