/// <reference lib="webworker" />
import { capture } from './constants';
import { FrameEncoder, type EncoderReply, type EncoderRequest } from './encoder-core';

// The encoder worker (constants.ts, docs/speech-service.md): polls every 20 ms, taking up to 3200 samples at a time.
const encoder = new FrameEncoder();
const post = (reply: EncoderReply) => (self as unknown as Worker).postMessage(reply);

setInterval(() => {
  const chunks = encoder.poll();
  if (chunks.length) post({ type: 'chunks', chunks });
}, capture.encoderPollMs);

self.onmessage = (e: MessageEvent<EncoderRequest>) => {
  const msg = e.data;
  if (msg.type === 'samples') encoder.add(msg.samples);
  else if (msg.type === 'flush') post({ type: 'flushed', chunks: encoder.flush() });
  else if (msg.type === 'reset') encoder.flush();
};
