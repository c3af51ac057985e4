import type { SystemStatusReply } from '@ondoku/contract';
import type { PreparationState } from '../../lib/preparation.js';
import type { SystemStatusRow } from './repository.js';

/** Names every field of the operations status; no row yet means normal (2). */
export const presentSystemStatus = (row: SystemStatusRow | null): SystemStatusReply =>
  row
    ? { status: row.status as SystemStatusReply['status'], title: row.title, message: row.message }
    : { status: 2, title: '', message: '' };

export const presentHealth = (library: 'ready' | 'installing') => ({
  status: 'ok' as const,
  database: 'ready' as const,
  library,
});

/** What is still being prepared for the teacher, by name; absent means ready. */
export const presentPreparation = (rows: PreparationState[]) => {
  const of = (name: PreparationState['name']) => {
    const r = rows.find((x) => x.name === name);
    return r ? { done: r.done, total: r.total } : null;
  };
  return { library: of('library'), demo_homework: of('demo-homework') };
};
