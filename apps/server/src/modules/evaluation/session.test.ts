// The session's rules without a socket: the idle timer counts audio progress (issue 12, 8c).
import { EvaluationCode, evaluationLimits } from '@ondoku/contract';
import type { SpeechStream } from '@ondoku/speech';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EvaluationSession } from './session.js';

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
