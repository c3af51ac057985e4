import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { classes } from '../db/schema/index.js';
import { requireRecipients } from '../modules/motivation/policy.js';
import { insertEncouragements } from '../modules/motivation/repository.js';
import { saveSettings } from '../modules/rankings/repository.js';

/**
 * The rankings' demo (docs/rankings.md): teacher01's first class shows children the top 10 with
 * the others' names hidden, the second the whole list; the first class got a stamp and a few words
 * from the teacher, so the children's inbox and home screen show an encouragement. Through the
 * services and policies the calls use.
 */
export async function seedDemoMotivation(db: Db, teacher: { id: number }, now: Date) {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(eq(classes.teacherId, teacher.id))
    .orderBy(asc(classes.sortOrder), asc(classes.id));
  const [first, second] = rows;
  if (!first) return;
  await db.transaction(async (tx) => {
    await saveSettings(tx, teacher.id, first.id, { visibility: 'top', topN: 10, hideNames: true }, now);
    if (second) await saveSettings(tx, teacher.id, second.id, { visibility: 'all', topN: 10, hideNames: false }, now);
    const recipients = await requireRecipients(tx, teacher, first.id, 'all');
    await insertEncouragements(
      tx,
      teacher.id,
      recipients.map((r) => r.id),
      { body: '今週も音読よくがんばったね！この調子でつづけよう。', motivationIds: [1, 3] },
      now,
    );
  });
}
