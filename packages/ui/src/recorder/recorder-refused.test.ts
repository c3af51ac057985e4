// The server refuses a recording while the child is still reading (past capacity: 50300
// 混み合っています…): the recorder says so at once (onRefused), and stop() rejects with the
// server's message and code, so the screen shows it and offers to record again.
import { EvaluationCode, evaluationMessages } from '@ondoku/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Recorder, RecorderError } from './recorder';

/** A socket that answers the start frame with BUSY and closes, as the server does past capacity. */
class BusySocket {
  static OPEN = 1;
  readyState = 0;
  sent: { cmd: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    const frame = JSON.parse(data) as { cmd: string };
    this.sent.push(frame);
    if (frame.cmd === 'ssb')
      setTimeout(() => {
        this.onmessage?.({
          data: JSON.stringify({ code: EvaluationCode.BUSY, message: evaluationMessages.busy, sid: 'ev1' }),
        });
        this.close();
      });
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** The browser parts start() needs: a microphone, an audio graph, the encoder worker. */
function stubBrowser() {
  const node = { connect: () => {}, disconnect: () => {}, onaudioprocess: null };
  vi.stubGlobal(
    'AudioContext',
    class {
      sampleRate = 48_000;
      destination = {};
      createMediaStreamSource = () => node;
      createScriptProcessor = () => node;
      close = async () => {};
    },
  );
  vi.stubGlobal(
    'Worker',
    class {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      postMessage(msg: { type: string }) {
        // The encoder flushes one chunk of audio when asked.
        if (msg.type === 'flush') setTimeout(() => this.onmessage?.({ data: { type: 'flushed', chunks: ['AAAA'] } }));
      }
      terminate() {}
    },
  );
  vi.stubGlobal('navigator', {
    mediaDevices: { getUserMedia: async () => ({ getTracks: () => [] }) },
  });
  vi.stubGlobal('WebSocket', BusySocket);
}

afterEach(() => vi.unstubAllGlobals());

describe('Recorder refused by a busy server', () => {
  it('calls onRefused while recording, and stop() rejects with 混み合っています and its code', async () => {
    stubBrowser();
    const refused = vi.fn();
    const r = new Recorder({
      socketUrl: 'ws://server/api/v2/evaluation/ws?ticket=x',
      encoderUrl: '/encoder.js',
      params: { text: 'I like apples.', category: 'read_sentence' },
      onRefused: refused,
    });
    await r.start();
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    const error = refused.mock.calls[0]![0] as RecorderError;
    expect(error).toBeInstanceOf(RecorderError);
    expect(error.code).toBe(EvaluationCode.BUSY);
    expect(error.message).toBe('混み合っています。少し待ってからもう一度録音してください。');
    await expect(r.stop()).rejects.toMatchObject({ message: evaluationMessages.busy, code: EvaluationCode.BUSY });
    r.destroy();
  });
});
