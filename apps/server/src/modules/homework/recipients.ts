import type { DbOrTx } from '../../db/client.js';
import { membersOfClasses } from './repository.js';

/** Who gets which homework: one group per class in the order chosen (a child once, in the first), then the single students left. */
export interface RecipientGroup {
  classId: number | null;
  studentIds: number[];
}

export async function recipientGroups(
  db: DbOrTx,
  teacherId: number,
  classIds: number[],
  studentIds: number[],
): Promise<RecipientGroup[]> {
  const members = await membersOfClasses(db, teacherId, classIds);
  const seen = new Set<number>();
  const groups: RecipientGroup[] = [];
  for (const classId of classIds) {
    const ids = members.filter((m) => m.classId === classId && !seen.has(m.studentId)).map((m) => m.studentId);
    ids.forEach((id) => seen.add(id));
    if (ids.length) groups.push({ classId, studentIds: ids });
  }
  const singles = [...new Set(studentIds)].filter((id) => !seen.has(id));
  if (singles.length) groups.push({ classId: null, studentIds: singles });
  return groups;
}
