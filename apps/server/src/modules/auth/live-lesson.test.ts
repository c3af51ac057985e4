import { getTeacherInfo } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachers } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { LiveLessonUrlError, setSchoolLiveLessonUrl } from './live-lesson.js';
import { setShowLive } from './teacher-repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ liveLessonUrl: 'https://live.example.jp/default' });
});
afterAll(() => t.close());

describe('the live-lesson address (docs/messages.md)', () => {
  it('only with showLive: the school’s address set by the operator, else the server’s', async () => {
    const me = await teacherWithToken(t, { school: 'さくら小学校' });
    const url = async () => (await call(t, getTeacherInfo, {}, { as: me })).data.live_lesson_url;
    expect(await url()).toBeNull();
    await setShowLive(t.db, me.teacher.id, true);
    expect(await url()).toBe('https://live.example.jp/default');
    await setSchoolLiveLessonUrl(t.db, 'さくら小学校', 'https://live.example.jp/sakura', new Date());
    expect(await url()).toBe('https://live.example.jp/sakura');
    expect((await call(t, getTeacherInfo, {}, { as: me })).data.user.showLive).toBe(true);
    await setSchoolLiveLessonUrl(t.db, 'さくら小学校', null, new Date());
    expect(await url()).toBe('https://live.example.jp/default');
    await t.db.update(teachers).set({ showLive: false }).where(eq(teachers.id, me.teacher.id));
    expect(await url()).toBeNull();
  });

  it('refuses an address that is not http(s)', async () => {
    await expect(setSchoolLiveLessonUrl(t.db, 'さくら小学校', 'javascript:alert(1)', new Date())).rejects.toThrow(
      LiveLessonUrlError,
    );
    await expect(setSchoolLiveLessonUrl(t.db, 'さくら小学校', 'not a url', new Date())).rejects.toThrow(
      LiveLessonUrlError,
    );
  });
});
