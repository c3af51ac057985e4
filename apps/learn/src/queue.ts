import type { EvaluationCategory } from '@ondoku/contract';

/**
 * The offline queue (docs/learn-web.md, "Nothing lost on a bad network"): each finished recording's encoded audio (the recorder's
 * chunks, never a score) is kept in IndexedDB until the server has evaluated it (its `sid`) and
 * the submission that names it was accepted; a submission made while the network is down waits
 * here too. Nothing is removed before the server confirms, so a child may close the page and
 * come back. One recording per item (the last try replaces the earlier one: it is what is
 * submitted), one pending submission per topic.
 */
export type PracticeTarget =
  { kind: 'topic'; homework_id: number; topic_id: number } | { kind: 'self'; resource_id: number };

/** The queue's key of a student's topic (or self-practice resource). */
export const targetKey = (loginId: string, t: PracticeTarget) =>
  t.kind === 'topic' ? `${loginId}|topic:${t.homework_id}:${t.topic_id}` : `${loginId}|self:${t.resource_id}`;

export interface QueuedRecording {
  /** `${target}|${questionId}` */
  id: string;
  target: string;
  loginId: string;
  questionId: number;
  /** What was read and how, to evaluate the audio again. */
  text: string;
  category: EvaluationCategory;
  resId?: number | string;
  /** The encoder's base64 frames, as the socket takes them. */
  chunks: string[];
  /** The server's id of its stored result; null until the server has evaluated this audio. */
  sid: string | null;
  createdAt: number;
}

export interface QueuedSubmission {
  /** The target key. */
  id: string;
  loginId: string;
  target: PracticeTarget;
  title: string;
  /** Spoken items by question id: their sids come from the queued recordings. */
  spoken: number[];
  /** Choice answers (the chosen index as text). */
  choices: { question_id: number; answer: string }[];
  /** pending: to send; refused: the server said no (message), kept for the child to see. */
  state: 'pending' | 'refused';
  message: string | null;
  createdAt: number;
  tries: number;
}

export interface LearnQueue {
  putRecording(r: Omit<QueuedRecording, 'id' | 'createdAt'> & { createdAt?: number }): Promise<QueuedRecording>;
  setSid(id: string, sid: string): Promise<void>;
  recordingsOf(target: string): Promise<QueuedRecording[]>;
  /** Forget the sids of a target's recordings (the server no longer accepts them): the audio is evaluated again. */
  clearSids(target: string): Promise<void>;
  putSubmission(s: Omit<QueuedSubmission, 'createdAt' | 'tries' | 'state' | 'message'>): Promise<QueuedSubmission>;
  submission(target: string): Promise<QueuedSubmission | null>;
  submissions(loginId: string): Promise<QueuedSubmission[]>;
  updateSubmission(id: string, patch: Partial<Pick<QueuedSubmission, 'state' | 'message' | 'tries'>>): Promise<void>;
  /** The server accepted the submission: drop it and every recording of its target, in one transaction. */
  accepted(target: string): Promise<void>;
  /** Forget a refused submission (the child will practise again); its recordings stay. */
  dropSubmission(target: string): Promise<void>;
  /**
   * Children's voices are personal data and school iPads are shared: recordings older than
   * `maxAgeMs` that no waiting submission needs, and refused submissions that old, are deleted
   * (a pending submission and its recordings stay until the server has them). Returns the counts.
   */
  expire(now: number, maxAgeMs?: number): Promise<{ recordings: number; submissions: number }>;
}

/** How long a recording nobody submitted is kept in the browser. */
export const KEEP_UNSUBMITTED_MS = 14 * 86_400_000;

const DB_NAME = 'ondoku-learn';
const VERSION = 2;
const RECORDINGS = 'recordings';
const SUBMISSIONS = 'submissions';

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB_NAME, VERSION);
    req.onupgradeneeded = (e) => {
      const db = req.result;
      if (e.oldVersion < 1) {
        const recordings = db.createObjectStore(RECORDINGS, { keyPath: 'id' });
        recordings.createIndex('target', 'target');
        const submissions = db.createObjectStore(SUBMISSIONS, { keyPath: 'id' });
        submissions.createIndex('loginId', 'loginId');
        return;
      }
      if (e.oldVersion < 2) upgradeFrom1(req.transaction!);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

/**
 * Version 1 kept the student's login ID under the name `studentId`; version 2 calls it `loginId`
 * (docs/architecture.md, "Names"). Every row is rewritten in the upgrade's own transaction, so
 * what waited on a device before the update is still sent after it.
 */
function upgradeFrom1(tx: IDBTransaction) {
  const submissions = tx.objectStore(SUBMISSIONS);
  submissions.deleteIndex('studentId');
  submissions.createIndex('loginId', 'loginId');
  for (const name of [RECORDINGS, SUBMISSIONS]) {
    const cursor = tx.objectStore(name).openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      // eslint-disable-next-line no-restricted-syntax -- version 1's stored field name
      const { studentId: loginId, ...row } = c.value as { studentId?: string };
      c.update({ ...row, loginId });
      c.continue();
    };
  }
}

/** The queue on IndexedDB (the browser's, or fake-indexeddb in tests). */
export function openLearnQueue(factory: IDBFactory = indexedDB): LearnQueue {
  let dbp: Promise<IDBDatabase> | null = null;
  const db = () => (dbp ??= open(factory));
  const store = async (name: string, mode: IDBTransactionMode) => {
    const tx = (await db()).transaction([name], mode);
    return { tx, store: tx.objectStore(name) };
  };

  return {
    async putRecording(r) {
      const row: QueuedRecording = { ...r, id: `${r.target}|${r.questionId}`, createdAt: r.createdAt ?? Date.now() };
      const { tx, store: s } = await store(RECORDINGS, 'readwrite');
      s.put(row);
      await committed(tx);
      return row;
    },
    async setSid(id, sid) {
      const { tx, store: s } = await store(RECORDINGS, 'readwrite');
      const row = await done(s.get(id) as IDBRequest<QueuedRecording | undefined>);
      if (row) s.put({ ...row, sid });
      await committed(tx);
    },
    async recordingsOf(target) {
      const { store: s } = await store(RECORDINGS, 'readonly');
      const rows = await done(s.index('target').getAll(target) as IDBRequest<QueuedRecording[]>);
      return rows.sort((a, b) => a.questionId - b.questionId);
    },
    async clearSids(target) {
      const { tx, store: s } = await store(RECORDINGS, 'readwrite');
      const rows = await done(s.index('target').getAll(target) as IDBRequest<QueuedRecording[]>);
      for (const row of rows) s.put({ ...row, sid: null });
      await committed(tx);
    },
    async putSubmission(sub) {
      const row: QueuedSubmission = { ...sub, state: 'pending', message: null, createdAt: Date.now(), tries: 0 };
      const { tx, store: s } = await store(SUBMISSIONS, 'readwrite');
      s.put(row);
      await committed(tx);
      return row;
    },
    async submission(target) {
      const { store: s } = await store(SUBMISSIONS, 'readonly');
      return (await done(s.get(target) as IDBRequest<QueuedSubmission | undefined>)) ?? null;
    },
    async submissions(loginId) {
      const { store: s } = await store(SUBMISSIONS, 'readonly');
      const rows = await done(s.index('loginId').getAll(loginId) as IDBRequest<QueuedSubmission[]>);
      return rows.sort((a, b) => a.createdAt - b.createdAt);
    },
    async updateSubmission(id, patch) {
      const { tx, store: s } = await store(SUBMISSIONS, 'readwrite');
      const row = await done(s.get(id) as IDBRequest<QueuedSubmission | undefined>);
      if (row) s.put({ ...row, ...patch });
      await committed(tx);
    },
    async accepted(target) {
      const tx = (await db()).transaction([RECORDINGS, SUBMISSIONS], 'readwrite');
      const recordings = tx.objectStore(RECORDINGS);
      const keys = await done(recordings.index('target').getAllKeys(target));
      for (const k of keys) recordings.delete(k);
      tx.objectStore(SUBMISSIONS).delete(target);
      await committed(tx);
    },
    async dropSubmission(target) {
      const { tx, store: s } = await store(SUBMISSIONS, 'readwrite');
      s.delete(target);
      await committed(tx);
    },
    async expire(now, maxAgeMs = KEEP_UNSUBMITTED_MS) {
      const before = now - maxAgeMs;
      const tx = (await db()).transaction([RECORDINGS, SUBMISSIONS], 'readwrite');
      const submissions = tx.objectStore(SUBMISSIONS);
      const recordings = tx.objectStore(RECORDINGS);
      const subs = await done(submissions.getAll() as IDBRequest<QueuedSubmission[]>);
      const waiting = new Set(subs.filter((x) => x.state === 'pending').map((x) => x.id));
      let droppedSubs = 0;
      for (const x of subs)
        if (x.state === 'refused' && x.createdAt < before) {
          submissions.delete(x.id);
          droppedSubs++;
        }
      const recs = await done(recordings.getAll() as IDBRequest<QueuedRecording[]>);
      let droppedRecs = 0;
      for (const r of recs)
        if (r.createdAt < before && !waiting.has(r.target)) {
          recordings.delete(r.id);
          droppedRecs++;
        }
      await committed(tx);
      return { recordings: droppedRecs, submissions: droppedSubs };
    },
  };
}
