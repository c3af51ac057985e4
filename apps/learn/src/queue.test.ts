import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@ondoku/ui/request';
import { deliver, deliverPending } from './delivery';
import { openLearnQueue, targetKey, type LearnQueue, type PracticeTarget } from './queue';

const topic: PracticeTarget = { kind: 'topic', homework_id: 1, topic_id: 2 };
const key = targetKey('kid', topic);

async function queued(queue: LearnQueue, sids: (string | null)[]) {
  for (const [i, sid] of sids.entries())
    await queue.putRecording({
      target: key,
      loginId: 'kid',
      questionId: i,
      text: `sentence ${i}`,
      category: 'read_sentence',
      chunks: [`chunk-${i}-a`, `chunk-${i}-b`],
      sid,
    });
  return queue.putSubmission({
    id: key,
    loginId: 'kid',
    target: topic,
    title: 'T',
    spoken: sids.map((_, i) => i),
    choices: [{ question_id: 9, answer: '1' }],
  });
}

const reply = { attempt_id: 1, score: 80, practice_count: 1, best_score: 80, homework_done: false, items: [] };

describe('the offline queue', () => {
  it('keeps what a version-1 database held: the login ID moves from studentId to loginId', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const req = factory.open('ondoku-learn', 1);
      req.onupgradeneeded = () => {
        const db = req.result;
        const recordings = db.createObjectStore('recordings', { keyPath: 'id' });
        recordings.createIndex('target', 'target');
        const submissions = db.createObjectStore('submissions', { keyPath: 'id' });
        submissions.createIndex('studentId', 'studentId');
        recordings.put({
          id: `${key}|0`,
          target: key,
          // eslint-disable-next-line no-restricted-syntax -- version 1's stored field name
          studentId: 'kid',
          questionId: 0,
          text: 'x',
          category: 'read_sentence',
          chunks: ['a'],
          sid: null,
          createdAt: 1,
        });
        submissions.put({
          id: key,
          // eslint-disable-next-line no-restricted-syntax -- version 1's stored field name
          studentId: 'kid',
          target: topic,
          title: 'T',
          spoken: [0],
          choices: [],
          state: 'pending',
          message: null,
          createdAt: 1,
          tries: 0,
        });
      };
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error ?? new Error('open failed'));
    });
    const queue = openLearnQueue(factory);
    const subs = await queue.submissions('kid');
    expect(subs.map((x) => [x.id, x.loginId])).toEqual([[key, 'kid']]);
    expect(subs[0]).not.toHaveProperty('studentId');
    const recs = await queue.recordingsOf(key);
    expect(recs.map((r) => [r.loginId, r.chunks])).toEqual([['kid', ['a']]]);
    expect(recs[0]).not.toHaveProperty('studentId');
  });

  it('keys targets per student and keeps one recording per item: the last try replaces the earlier', async () => {
    expect(targetKey('a', topic)).toBe('a|topic:1:2');
    expect(targetKey('a', { kind: 'self', resource_id: 7 })).toBe('a|self:7');
    const queue = openLearnQueue(new IDBFactory());
    const base = { target: key, loginId: 'kid', questionId: 0, text: 'x', category: 'read_sentence' as const };
    await queue.putRecording({ ...base, chunks: ['old'], sid: 'sid-old' });
    await queue.putRecording({ ...base, chunks: ['new'], sid: null });
    await queue.putRecording({ ...base, target: targetKey('other', topic), chunks: ['theirs'], sid: null });
    const rows = await queue.recordingsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ chunks: ['new'], sid: null });
    await queue.setSid(rows[0]!.id, 'sid-new');
    expect((await queue.recordingsOf(key))[0]!.sid).toBe('sid-new');
  });

  it('survives reopening (a new page on the same browser)', async () => {
    const factory = new IDBFactory();
    await queued(openLearnQueue(factory), [null]);
    const again = openLearnQueue(factory);
    expect(await again.recordingsOf(key)).toHaveLength(1);
    expect(await again.submissions('kid')).toHaveLength(1);
    expect(await again.submissions('someone-else')).toHaveLength(0);
  });

  it('delivers: evaluates the audio without a sid, submits every answer in order, then lets go of everything', async () => {
    const queue = openLearnQueue(new IDBFactory());
    const sub = await queued(queue, ['sid-a', null]);
    const evaluate = vi.fn(async (r: { chunks: string[] }) => `sid-for-${r.chunks[0]}`);
    const submit = vi.fn(async () => reply);
    const outcome = await deliver({ queue, evaluate, submit }, sub);
    expect(outcome.state).toBe('delivered');
    expect(evaluate).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith(topic, [
      { question_id: 0, sid: 'sid-a' },
      { question_id: 1, sid: 'sid-for-chunk-1-a' },
      { question_id: 9, answer: '1' },
    ]);
    expect(await queue.recordingsOf(key)).toEqual([]);
    expect(await queue.submission(key)).toBeNull();
  });

  it('the network fails (socket or submit): everything stays, to be tried again', async () => {
    const queue = openLearnQueue(new IDBFactory());
    const sub = await queued(queue, [null]);
    const down = vi.fn(async () => {
      throw new Error('評価サーバーに接続できませんでした。');
    });
    expect((await deliver({ queue, evaluate: down, submit: vi.fn() }, sub)).state).toBe('waiting');
    expect(await queue.recordingsOf(key)).toHaveLength(1);

    const offline = vi.fn(async () => {
      throw new ApiError('処理が失敗しました。', -1, 0);
    });
    const outcome = await deliver({ queue, evaluate: async () => 'sid-1', submit: offline }, sub);
    expect(outcome.state).toBe('waiting');
    // The sid the server gave is kept, so the audio is not evaluated twice.
    expect((await queue.recordingsOf(key))[0]!.sid).toBe('sid-1');
    expect(await queue.submission(key)).toMatchObject({ state: 'pending', tries: 1 });

    const evaluate = vi.fn(async () => 'never');
    const submit = vi.fn(async () => reply);
    expect((await deliverPending({ queue, evaluate, submit }, 'kid'))[0]!.state).toBe('delivered');
    expect(evaluate).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith(topic, [
      { question_id: 0, sid: 'sid-1' },
      { question_id: 9, answer: '1' },
    ]);
  });

  it('a refusal by the server is kept with its message and not retried', async () => {
    const queue = openLearnQueue(new IDBFactory());
    await queued(queue, ['sid-a']);
    const submit = vi.fn(async () => {
      throw new ApiError('しめきりがすぎたので、もう出せません。', 40000, 400);
    });
    const [outcome] = await deliverPending({ queue, evaluate: vi.fn(), submit }, 'kid');
    expect(outcome).toMatchObject({ state: 'refused', message: 'しめきりがすぎたので、もう出せません。' });
    expect(await queue.submission(key)).toMatchObject({ state: 'refused' });
    expect(await deliverPending({ queue, evaluate: vi.fn(), submit }, 'kid')).toEqual([]);
    expect(submit).toHaveBeenCalledTimes(1);
    // The audio stays for the child to submit again after practising.
    expect(await queue.recordingsOf(key)).toHaveLength(1);
  });

  it('a sid the server no longer takes: the kept audio is evaluated again and sent once more', async () => {
    const queue = openLearnQueue(new IDBFactory());
    await queued(queue, ['sid-old']);
    let n = 0;
    const submit = vi.fn(async () => {
      if (n++ === 0) throw new ApiError('ろくおんが見つかりません。もういちど読んでね。', 40000, 400);
      return reply;
    });
    const evaluate = vi.fn(async () => 'sid-fresh');
    const [outcome] = await deliverPending({ queue, evaluate, submit }, 'kid');
    expect(outcome!.state).toBe('delivered');
    expect(evaluate).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenLastCalledWith(topic, [
      { question_id: 0, sid: 'sid-fresh' },
      { question_id: 9, answer: '1' },
    ]);
    expect(await queue.recordingsOf(key)).toEqual([]);
  });

  it('expires what nobody will submit after 14 days; what waits for the network stays', async () => {
    const queue = openLearnQueue(new IDBFactory());
    const day = 86_400_000;
    const now = Date.now();
    const old = now - 15 * day;
    // A submission waiting for the network, its recordings 15 days old: kept.
    await queued(queue, ['s0']);
    for (const r of await queue.recordingsOf(key)) await queue.putRecording({ ...r, createdAt: old });
    // Practice never submitted: one old recording (dropped), one recent (kept).
    const self = targetKey('kid', { kind: 'self', resource_id: 7 });
    const base = { loginId: 'kid', text: 'x', category: 'read_sentence' as const, chunks: ['a'], sid: null };
    await queue.putRecording({ ...base, target: self, questionId: 0, createdAt: old });
    await queue.putRecording({ ...base, target: self, questionId: 1, createdAt: now - day });
    // A submission the server refused 15 days ago, with its recording: both dropped.
    const late: PracticeTarget = { kind: 'topic', homework_id: 5, topic_id: 6 };
    const other = targetKey('kid', late);
    await queue.putRecording({ ...base, target: other, questionId: 0, createdAt: old });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(old);
    await queue.putSubmission({ id: other, loginId: 'kid', target: late, title: 'T', spoken: [0], choices: [] });
    clock.mockRestore();
    await queue.updateSubmission(other, { state: 'refused', message: 'しめきりがすぎました' });

    expect(await queue.expire(now - 2 * day)).toEqual({ recordings: 0, submissions: 0 }); // nothing that old yet
    expect(await queue.expire(now)).toEqual({ recordings: 2, submissions: 1 });
    expect((await queue.submissions('kid')).map((x) => [x.id, x.state])).toEqual([[key, 'pending']]);
    expect((await queue.recordingsOf(key)).map((r) => r.sid)).toEqual(['s0']);
    expect((await queue.recordingsOf(self)).map((r) => r.questionId)).toEqual([1]);
    expect(await queue.recordingsOf(other)).toEqual([]);
  });
});
