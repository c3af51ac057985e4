import type { EvaluationReply, EvaluationResultData } from '@ondoku/contract';
import { capture, recorderMessages } from './constants';
import { joinChunks } from './encoder-core';
import { RecorderError, type EvaluationParams } from './recorder';

export interface EncodedEvaluation {
  sid: string;
  result: EvaluationResultData;
}

/**
 * Evaluates a recording made earlier from its encoded chunks (Recorder.encodedAudio()), with the
 * same frame protocol as a live recording: ssb, auw frames of up to 10 chunks, the last auw.
 * Used to send a recording kept in the browser once the network is back. Resolves with the sid
 * the server stored the result under; rejects with a RecorderError when the socket fails.
 */
export async function evaluateEncoded(opts: {
  socketUrl: string | (() => Promise<string>);
  params: EvaluationParams;
  chunks: readonly string[];
  /** Give up after this long without a reply (default 60 s). */
  timeoutMs?: number;
  WebSocketImpl?: typeof WebSocket;
}): Promise<EncodedEvaluation> {
  if (opts.chunks.length === 0) throw new RecorderError(recorderMessages.noRecording);
  const url = typeof opts.socketUrl === 'string' ? opts.socketUrl : await opts.socketUrl();
  if (!url) throw new RecorderError(recorderMessages.noSocketUrl);
  const Impl = opts.WebSocketImpl ?? WebSocket;
  const socket = new Impl(url);
  const { text, category, res_id, auto_tracking, track_type } = opts.params;
  return new Promise<EncodedEvaluation>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      if (socket.readyState <= Impl.OPEN) socket.close();
    };
    const timer = setTimeout(
      () => finish(() => reject(new RecorderError(recorderMessages.connectionFailed))),
      opts.timeoutMs ?? 60_000,
    );
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          cmd: 'ssb',
          category,
          aue: 'raw',
          language: 'en_us',
          text,
          res_id,
          auto_tracking,
          track_type,
          audio: '',
        }),
      );
      for (let i = 0; i < opts.chunks.length; i += capture.chunksPerSend)
        socket.send(
          JSON.stringify({ cmd: 'auw', status: 1, audio: joinChunks(opts.chunks.slice(i, i + capture.chunksPerSend)) }),
        );
      socket.send(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
    };
    socket.onmessage = (e) => {
      const reply = JSON.parse(String(e.data)) as EvaluationReply;
      if (reply.code === 0 && 'result' in reply && reply.sid)
        finish(() => resolve({ sid: reply.sid!, result: reply.result }));
      else finish(() => reject(new RecorderError(reply.message, reply.code)));
    };
    socket.onerror = () => finish(() => reject(new RecorderError(recorderMessages.connectionFailed)));
    socket.onclose = () => finish(() => reject(new RecorderError(recorderMessages.connectionFailed)));
  });
}
