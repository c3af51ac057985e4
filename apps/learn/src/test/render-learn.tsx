import type { CallDef, CallOutput, EvaluationResultData, LearnSession } from '@ondoku/contract';
import { render } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { LearnApp } from '../app';
import { LearnDepsProvider, withOutbox, type LearnDeps, type RecorderLike } from '../deps';
import { openLearnQueue, type LearnQueue, type QueuedRecording } from '../queue';
import { learnSession } from '../session';

/**
 * Route tests of the children's app (like test/render-route.tsx for the teacher app): the real
 * app, request layer, queue (on fake-indexeddb) and outbox, with a fake server behind fetch, a
 * fake recorder that "reads" scripted results, and a fake microphone.
 */
export type FakeInput = Record<string, unknown>;
export type FakeReply = (input: FakeInput) => unknown;

export const reply = <C extends CallDef>(call: C, answer: (input: FakeInput) => CallOutput<C>): [string, FakeReply] => [
  call.path,
  answer,
];

export class FakeFailure {
  constructor(
    readonly status: number,
    readonly errcode: number,
    readonly errmsg: string,
  ) {}
}
/** Throws the server's error envelope with that status. */
export const fail = (status: number, errmsg: string): never => {
  throw new FakeFailure(status, status * 100, errmsg);
};
/** The network is down for this call (fetch rejects). */
export class NetworkDown extends Error {}
export const networkDown = (): never => {
  throw new NetworkDown('offline');
};

export const testSession: LearnSession = {
  token: 'student-token',
  student: {
    student_id: 'tanaka01',
    name: 'たなか はな',
    furigana: 'たなか はな',
    grade_name: '4年',
    teams: [{ team_id: 3, name: '4年1組' }],
  },
};

/** An evaluation as the socket gives it. */
export function evaluation(text: string, score: number, bad: string[] = []): EvaluationResultData {
  const words = text.split(/\s+/).map((w, i) => ({
    word: w,
    score: bad.includes(w) ? 30 : score,
    type: bad.includes(w) ? ('mispronounced' as const) : ('normal' as const),
    start_ms: i * 300,
    end_ms: i * 300 + 250,
  }));
  return {
    total_score: score,
    accuracy_score: score,
    fluency_score: score,
    integrity_score: score,
    words,
    evaluate_html: words
      .map((w) => `<span class="word ${w.score >= 80 ? 'good' : w.score >= 60 ? 'medium' : 'bad'}">${w.word}</span>`)
      .join(' '),
    evaluate_text: text,
  };
}

/** The fake recorder: each recording gets the next sid; `offline` makes the socket fail (audio kept). */
export interface FakeMic {
  offline: boolean;
  /** Scores the next recordings get, in order (default 85). */
  scores: number[];
  sids: string[];
  recordings: { text: string; category: string }[];
  /** Queued audio evaluated later (evaluateQueued) and the sids given. */
  replays: { text: string; sid: string }[];
  denied: boolean;
  /** The server is full: it refuses the next recordings at their start (50300, 混み合っています…). */
  busy: boolean;
}

export interface RenderLearnOptions {
  api?: [string, FakeReply][];
  /** Signed in as this child (default testSession); null for signed out. */
  session?: LearnSession | null;
  queue?: LearnQueue;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function renderLearn(path: string, opts: RenderLearnOptions = {}) {
  const session = opts.session === undefined ? testSession : opts.session;
  if (session) learnSession.set(session);
  else learnSession.clear();
  window.history.replaceState(null, '', `/learn/#${path}`);

  const handlers = new Map<string, FakeReply>(opts.api ?? []);
  const calls: { path: string; input: Record<string, unknown>; auth: string | null }[] = [];
  const net = { down: false };
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url), 'http://test');
    if (net.down) throw new TypeError('Failed to fetch');
    const query: Record<string, string> = {};
    for (const [k, v] of u.searchParams) query[k] = v;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const input = { ...query, ...body };
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path: u.pathname, input, auth: headers.authorization ?? null });
    const handler = handlers.get(u.pathname);
    if (!handler) return json(404, { errcode: 40400, errmsg: 'データが見つかりませんでした。', data: null });
    try {
      return json(200, { errcode: 0, errmsg: '', data: handler(input) });
    } catch (e) {
      if (e instanceof FakeFailure) return json(e.status, { errcode: e.errcode, errmsg: e.errmsg, data: null });
      if (e instanceof NetworkDown) throw new TypeError('Failed to fetch', { cause: e });
      throw e;
    }
  });
  vi.stubGlobal('fetch', fetch);

  const mic: FakeMic = {
    offline: false,
    scores: [],
    sids: [],
    recordings: [],
    replays: [],
    denied: false,
    busy: false,
  };
  let n = 0;
  const queue = opts.queue ?? openLearnQueue(new IDBFactory());
  const deps: LearnDeps = withOutbox({
    queue,
    async createRecorder({ params, onRefused }) {
      const chunks: string[] = [];
      let refused = false;
      const r: RecorderLike = {
        sid: null,
        async start() {
          if (mic.denied) throw new Error('マイクを使用できません。ブラウザの設定でマイクの使用を許可してください。');
          mic.recordings.push({ text: params.text, category: params.category });
          chunks.push(btoa(`audio of ${params.text} #${mic.recordings.length}`));
          if (mic.busy) {
            refused = true;
            setTimeout(() => onRefused?.(), 10);
          }
        },
        async stop() {
          if (refused) throw new Error('混み合っています。少し待ってからもう一度録音してください。');
          if (mic.offline) throw new Error('評価サーバーに接続できませんでした。もう一度お試しください。');
          const sid = `sid-${++n}`;
          r.sid = sid;
          mic.sids.push(sid);
          return evaluation(params.text, mic.scores.shift() ?? 85, ['soccer']);
        },
        encodedAudio: () => [...chunks],
        recording: () => null,
        destroy() {},
      };
      return r;
    },
    async evaluateQueued(rec: QueuedRecording) {
      if (mic.offline) throw new Error('評価サーバーに接続できませんでした。もう一度お試しください。');
      const sid = `sid-${++n}`;
      mic.replays.push({ text: rec.text, sid });
      return { sid, result: evaluation(rec.text, mic.scores.shift() ?? 85, ['soccer']) };
    },
    async openMicrophone() {
      if (mic.denied) throw new DOMException('denied', 'NotAllowedError');
      return { getTracks: () => [] } as unknown as MediaStream;
    },
  });

  const view = render(
    <LearnDepsProvider deps={deps}>
      <LearnApp />
    </LearnDepsProvider>,
  );
  /** Cut or restore the network (fetch and the socket), firing `online` when it comes back. */
  const setOnline = (online: boolean) => {
    net.down = !online;
    mic.offline = !online;
    if (online) window.dispatchEvent(new Event('online'));
  };
  return { ...view, calls, fetch, mic, queue, deps, setOnline };
}
