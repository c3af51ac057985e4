import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { schoolLiveLessons } from '../../db/schema/index.js';
import type { TeacherProfile } from '../../lib/acting.js';

/**
 * The live-lesson address a teacher's menu opens (docs/messages.md): their school's, set by the
 * operator, else the server's LIVE_LESSON_URL; none for a teacher without showLive.
 */
export async function liveLessonUrlFor(
  db: DbOrTx,
  profile: Pick<TeacherProfile, 'showLive' | 'school'>,
  fallback: string | null,
) {
  if (!profile.showLive) return null;
  const [row] = profile.school
    ? await db
        .select({ url: schoolLiveLessons.url })
        .from(schoolLiveLessons)
        .where(eq(schoolLiveLessons.school, profile.school))
    : [];
  return row?.url ?? fallback;
}

export class LiveLessonUrlError extends Error {}

/** The operator's command: set (or with null remove) a school's live-lesson address. */
export async function setSchoolLiveLessonUrl(db: DbOrTx, school: string, url: string | null, now: Date) {
  if (!school.trim()) throw new LiveLessonUrlError('学校名を指定してください。');
  if (url === null) {
    await db.delete(schoolLiveLessons).where(eq(schoolLiveLessons.school, school));
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LiveLessonUrlError(`URL が正しくありません: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new LiveLessonUrlError('URL は http:// か https:// で始めてください。');
  await db
    .insert(schoolLiveLessons)
    .values({ school, url: parsed.toString(), updatedAt: now })
    .onConflictDoUpdate({ target: schoolLiveLessons.school, set: { url: parsed.toString(), updatedAt: now } });
}
