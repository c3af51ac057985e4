// The session's rules without a socket: the idle timer counts audio progress (docs/speech-service.md, "Limits of the socket").
import { EvaluationCode, evaluationLimits, evaluationMessages } from '@ondoku/contract';
import { SpeechBusyError, type SpeechStream, type SpeechStreamOptions } from '@ondoku/speech';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EvaluationSession, type FinishedEvaluation, type StoreEvaluation } from './session.js';

const startFrame = JSON.stringify({
  cmd: 'ssb',
  category: 'read_sentence',
  aue: 'raw',
  language: 'en_us',
  text: 'I like apples.',
});
/** An audio frame of `samples` samples of silence (raw PCM). */
const audio = (samples: number) =>
  JSON.stringify({ cmd: 'auw', status: 1, audio: Buffer.alloc(samples * 2).toString('base64') });
/** An audio frame of `samples` samples of a voice-loud 200 Hz tone (raw PCM): a reading has begun. */
const voiced = (samples: number) => {
  const pcm = new Int16Array(samples).map((_, i) => Math.round(3000 * Math.sin((2 * Math.PI * 200 * i) / 16_000)));
  return JSON.stringify({ cmd: 'auw', status: 1, audio: Buffer.from(pcm.buffer).toString('base64') });
};
const last = JSON.stringify({ cmd: 'auw', status: 2, audio: '' });

function open() {
  const sent: { code: number }[] = [];
  const io = { send: (m: string) => sent.push(JSON.parse(m) as { code: number }), close: vi.fn() };
  const stream: SpeechStream = { push: () => {}, finish: () => new Promise(() => {}), abort: () => {} };
  const session = new EvaluationSession(
    io,
    () => stream,
    () => {},
  );
  return { session, sent };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('idle timeout', () => {
  it('is not held off by tiny keep-alive frames', async () => {
    const { session, sent } = open();
    session.receive(startFrame);
    // One sample every second: audio, but no progress worth the name.
    for (let s = 0; s < evaluationLimits.idleTimeoutMs / 1000 + 5; s++) {
      session.receive(audio(1));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(sent).toEqual([expect.objectContaining({ code: EvaluationCode.IDLE_TIMEOUT })]);
    expect(session.isOpen).toBe(false);
  });

  it('is reset by frames carrying audio', async () => {
    const { session, sent } = open();
    session.receive(startFrame);
    // 100 ms of audio every 5 s keeps the session open well past the idle limit.
    for (let s = 0; s < (evaluationLimits.idleTimeoutMs / 1000) * 2; s += 5) {
      session.receive(audio(1600));
      await vi.advanceTimersByTimeAsync(5000);
    }
    expect(sent).toEqual([]);
    expect(session.isOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(evaluationLimits.idleTimeoutMs + 1);
    expect(sent).toEqual([expect.objectContaining({ code: EvaluationCode.IDLE_TIMEOUT })]);
  });
});

describe('a finished evaluation', () => {
  const result = {
    total_score: 88,
    accuracy_score: 90,
    fluency_score: 85,
    integrity_score: 100,
    words: [{ word: 'apples', score: 88, type: 'normal', start_ms: 0, end_ms: 500 }],
    evaluate_html: '<span>apples</span>',
    evaluate_text: 'apples',
    duration_ms: 500,
  };
  function finished(store: StoreEvaluation, kind: 'student' | 'teacher' = 'student') {
    const sent: { code: number; sid?: string }[] = [];
    const io = { send: (m: string) => sent.push(JSON.parse(m) as { code: number }), close: vi.fn() };
    // The worker encodes raw PCM (startStream `record`) and returns the file beside the result.
    const recording = new Uint8Array(300).fill(7);
    const stream = {
      push: () => {},
      finish: async () => ({ ...result, recording }),
      abort: () => {},
    } as unknown as SpeechStream;
    const starts: unknown[] = [];
    const session = new EvaluationSession(
      io,
      (...args) => (starts.push(args), stream),
      () => {},
      { owner: { kind, id: 7 }, store },
    );
    session.receive(startFrame);
    session.receive(voiced(3200));
    session.receive(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
    return { session, sent, starts, recording };
  }

  it('is stored before the reply is sent, with the recording and the reply', async () => {
    let release!: () => void;
    const stored: FinishedEvaluation[] = [];
    const { sent, starts, recording } = finished(async (f) => {
      stored.push(f);
      await new Promise<void>((r) => (release = r));
    });
    await vi.waitFor(() => expect(stored).toHaveLength(1));
    expect(sent).toEqual([]); // no reply while the store is pending
    release();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ code: 0, sid: stored[0]!.sid, result: stored[0]!.result });
    expect(stored[0]).toMatchObject({ owner: { kind: 'student', id: 7 }, text: 'I like apples.', durationMs: 200 });
    // A student is a child: the speech worker hears the reading through the children's warp.
    expect(starts).toEqual([
      ['I like apples.', 'read_sentence', { record: true, reader: 'child', onShed: expect.any(Function) }],
    ]);
    expect(stored[0]!.recording).toBe(recording);
    expect(stored[0]!.result).not.toHaveProperty('duration_ms');
    expect(stored[0]!.result).not.toHaveProperty('recording');
  });

  it("scores a teacher's reading as an adult's", async () => {
    const { sent, starts } = finished(async () => {}, 'teacher');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(starts).toEqual([['I like apples.', 'read_sentence', expect.objectContaining({ reader: 'adult' })]]);
  });

  it('answers 50001 when it cannot be stored', async () => {
    const { sent } = finished(() => Promise.reject(new Error('insert failed')));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.code).toBe(EvaluationCode.EVALUATION_FAILED);
  });
});

describe('load shedding', () => {
  const busy = { code: EvaluationCode.BUSY, message: evaluationMessages.busy, sid: expect.any(String) };

  it('answers BUSY when the workers refuse the stream once the voice begins', async () => {
    const sent: unknown[] = [];
    const close = vi.fn();
    const session = new EvaluationSession(
      { send: (m) => sent.push(JSON.parse(m)), close },
      () => {
        throw new SpeechBusyError();
      },
      () => {},
    );
    session.receive(startFrame);
    // Silence takes no place in a worker: nothing is asked of the pool yet.
    session.receive(audio(3200));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    session.receive(voiced(3200));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([busy]);
    expect(close).toHaveBeenCalled();
    expect(session.isOpen).toBe(false);
  });

  it('answers BUSY and drops the stream when the pool sheds it while the child reads', async () => {
    const sent: unknown[] = [];
    let onShed: (() => void) | undefined;
    const abort = vi.fn();
    const session = new EvaluationSession(
      { send: (m) => sent.push(JSON.parse(m)), close: vi.fn() },
      (_text: string, _category: unknown, options?: SpeechStreamOptions) => {
        onShed = options?.onShed;
        return { push: () => {}, finish: () => new Promise(() => {}), abort };
      },
      () => {},
    );
    session.receive(startFrame);
    session.receive(voiced(3200));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    onShed!();
    expect(sent).toEqual([busy]);
    expect(abort).toHaveBeenCalled();
    expect(session.isOpen).toBe(false);
  });

  it('answers BUSY when the result took longer than the time limit', async () => {
    const sent: unknown[] = [];
    const session = new EvaluationSession(
      { send: (m) => sent.push(JSON.parse(m)), close: vi.fn() },
      () => ({
        push: () => {},
        finish: () => Promise.reject(new SpeechBusyError('speech job timed out')),
        abort: () => {},
      }),
      () => {},
    );
    session.receive(startFrame);
    session.receive(voiced(3200));
    session.receive(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([busy]);
  });
});

describe('silence is not a reading', () => {
  const noVoice = { code: EvaluationCode.NO_VOICE, message: evaluationMessages.noVoice, sid: expect.any(String) };
  function withPool() {
    const sent: unknown[] = [];
    const pushed: number[] = [];
    const startStream = vi.fn(() => ({
      push: (pcm: Int16Array) => pushed.push(pcm.length),
      finish: () => new Promise<never>(() => {}),
      abort: () => {},
    }));
    const session = new EvaluationSession(
      { send: (m) => sent.push(JSON.parse(m)), close: vi.fn() },
      startStream,
      () => {},
    );
    return { session, sent, pushed, startStream };
  }

  it('a stream of zeros never reaches a speech worker and is closed with NO_VOICE', async () => {
    const { session, sent, startStream } = withPool();
    session.receive(startFrame);
    for (let s = 0; s < evaluationLimits.maxSecondsBeforeVoice; s++) session.receive(audio(16_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(startStream).not.toHaveBeenCalled();
    expect(sent).toEqual([noVoice]);
    expect(session.isOpen).toBe(false);
  });

  it('silence to the last frame is answered NO_VOICE, not scored', async () => {
    const { session, sent, startStream } = withPool();
    session.receive(startFrame);
    session.receive(audio(16_000));
    session.receive(last);
    await vi.advanceTimersByTimeAsync(0);
    expect(startStream).not.toHaveBeenCalled();
    expect(sent).toEqual([noVoice]);
  });

  it('a reading that begins after a pause gets all its audio, the pause included', async () => {
    const { session, sent, pushed, startStream } = withPool();
    session.receive(startFrame);
    session.receive(audio(16_000)); // a second of hesitation
    session.receive(voiced(3200));
    session.receive(voiced(1600));
    await vi.advanceTimersByTimeAsync(0);
    expect(startStream).toHaveBeenCalledTimes(1);
    expect(pushed.reduce((a, b) => a + b, 0)).toBe(16_000 + 3200 + 1600);
    expect(sent).toEqual([]);
  });
});
