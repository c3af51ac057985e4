import { describe, expect, it } from 'vitest';
import { recorderMessages } from './constants';
import { joinChunks } from './encoder-core';
import { evaluateEncoded } from './replay';

/** A socket that records what is sent and answers as the test says once the last frame arrives. */
function fakeSocket(answer: (sent: unknown[]) => unknown | 'close') {
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    static OPEN = 1;
    readyState = 0;
    sent: unknown[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onerror: (() => void) | null = null;
    onclose: (() => void) | null = null;
    constructor(readonly url: string) {
      sockets.push(this);
      setTimeout(() => {
        this.readyState = 1;
        this.onopen?.();
      });
    }
    send(data: string) {
      const frame = JSON.parse(data) as { cmd: string; status?: number };
      this.sent.push(frame);
      if (frame.cmd === 'auw' && frame.status === 2) {
        const a = answer(this.sent);
        setTimeout(() => (a === 'close' ? this.close() : this.onmessage?.({ data: JSON.stringify(a) })));
      }
    }
    close() {
      this.readyState = 3;
      this.onclose?.();
    }
  }
  return { Impl: FakeSocket as unknown as typeof WebSocket, sockets };
}

const chunks = Array.from({ length: 23 }, (_, i) => btoa(String.fromCharCode(i, i)));

describe('evaluateEncoded', () => {
  it('sends ssb, the kept chunks ten at a time, the last frame; resolves with the sid', async () => {
    const result = { total_score: 81 };
    const { Impl, sockets } = fakeSocket(() => ({ code: 0, message: '', sid: 'sid-9', result }));
    const out = await evaluateEncoded({
      socketUrl: async () => 'ws://x/ticket',
      params: { text: 'I like soccer.', category: 'read_sentence', res_id: 5 },
      chunks,
      WebSocketImpl: Impl,
    });
    expect(out).toEqual({ sid: 'sid-9', result });
    const sent = sockets[0]!.sent as { cmd: string; status?: number; audio?: string; text?: string }[];
    expect(sockets[0]!.url).toBe('ws://x/ticket');
    expect(sent[0]).toMatchObject({
      cmd: 'ssb',
      category: 'read_sentence',
      text: 'I like soccer.',
      aue: 'raw',
      res_id: 5,
    });
    expect(sent.slice(1, -1).map((f) => f.audio)).toEqual([
      joinChunks(chunks.slice(0, 10)),
      joinChunks(chunks.slice(10, 20)),
      joinChunks(chunks.slice(20)),
    ]);
    expect(sent.at(-1)).toEqual({ cmd: 'auw', status: 2, audio: '' });
  });

  it('rejects with the server’s message, or the connection message when the socket closes', async () => {
    const refused = fakeSocket(() => ({ code: 40005, message: '録音データがありません。' }));
    await expect(
      evaluateEncoded({
        socketUrl: 'ws://x',
        params: { text: 'a', category: 'read_word' },
        chunks,
        WebSocketImpl: refused.Impl,
      }),
    ).rejects.toThrow('録音データがありません。');
    const closed = fakeSocket(() => 'close');
    await expect(
      evaluateEncoded({
        socketUrl: 'ws://x',
        params: { text: 'a', category: 'read_word' },
        chunks,
        WebSocketImpl: closed.Impl,
      }),
    ).rejects.toThrow(recorderMessages.connectionFailed);
    await expect(
      evaluateEncoded({ socketUrl: 'ws://x', params: { text: 'a', category: 'read_word' }, chunks: [] }),
    ).rejects.toThrow(recorderMessages.noRecording);
  });
});
