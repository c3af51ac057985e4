import type { EvaluationCategory, EvaluationReply, EvaluationResultData } from '@ondoku/contract';
import { capture, microphoneConstraints, recorderMessages } from './constants';
import { joinChunks, type EncoderReply, type EncoderRequest } from './encoder-core';
import { Downsampler, floatTo16Bit, wavBlob } from './resample';

/** Recorder states (docs/speech-service.md, "Frames"). */
export type RecorderState = 'init' | 'start' | 'running' | 'stop' | 'retry' | 'destroy';

export interface EvaluationParams {
  text: string;
  category: EvaluationCategory;
  res_id?: string | number;
  auto_tracking?: number;
  track_type?: number;
}

export interface RecorderOptions {
  /** The websocket URL, or a function that fetches a fresh one (new-evaluation-service). */
  socketUrl: string | (() => Promise<string>);
  /** URL of the encoder worker script. */
  encoderUrl: string;
  params: EvaluationParams;
  onStateChange?(state: RecorderState): void;
  /** Input level 0–1, for a meter. */
  onLevel?(level: number): void;
  /**
   * The server answered with an error while the child was still recording (e.g. 50300
   * 混み合っています…, refused at the start): the caller should stop() now, which rejects with it,
   * rather than let the child read on for nothing.
   */
  onRefused?(error: RecorderError): void;
}

/** A recorder failure; `code` is the evaluation server's reply code when it answered one. */
export class RecorderError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Which requirement is missing (the contract's message for it), or null when the recorder can run here. */
export function checkRecorderSupport(opts: Partial<RecorderOptions>): string | null {
  if (typeof WebSocket === 'undefined') return recorderMessages.noWebSocket;
  if (!opts.socketUrl) return recorderMessages.noSocketUrl;
  if (!opts.encoderUrl) return recorderMessages.noEncoderUrl;
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined')
    return recorderMessages.noMicrophone;
  return null;
}

/**
 * Records from the microphone and streams to the evaluation service (docs/speech-service.md): capture
 * in 4096-sample buffers, downsample to 16 kHz mono, 320-sample frames to the encoder worker
 * (which polls every 20 ms, 3200 samples at a time), and send up to 10 chunks every 10 ms while
 * recording. stop() resolves with the evaluation; retry() resends the encoded audio if there is
 * any, otherwise records again; destroy() releases the microphone, the worker and the socket.
 */
export class Recorder {
  state: RecorderState = 'init';
  /** The sid of the last evaluation reply (the server stores its result under it), or null. */
  sid: string | null = null;
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private processor: ScriptProcessorNode | null = null;
  private worker: Worker | null = null;
  private socket: WebSocket | null = null;
  private sendTimer: ReturnType<typeof setInterval> | null = null;
  /** Every encoded chunk of this recording, kept for retry. */
  private encoded: string[] = [];
  private unsent: string[] = [];
  private recorded: Int16Array[] = [];
  private reply: Promise<EvaluationResultData> | null = null;
  /** Settles when the current socket has opened (or failed to). */
  private opened: Promise<void> = Promise.resolve();
  private flushed: ((chunks: string[]) => void) | null = null;

  constructor(private readonly opts: RecorderOptions) {
    const problem = checkRecorderSupport(opts);
    if (problem) throw new RecorderError(problem);
  }

  private setState(state: RecorderState) {
    this.state = state;
    this.opts.onStateChange?.(state);
  }

  async start(): Promise<void> {
    if (this.state === 'running' || this.state === 'destroy') return;
    this.setState('start');
    this.encoded = [];
    this.unsent = [];
    this.recorded = [];
    try {
      this.stream = await navigator.mediaDevices.getUserMedia(microphoneConstraints);
    } catch {
      this.setState('init');
      throw new RecorderError(recorderMessages.micDenied);
    }
    this.worker = new Worker(this.opts.encoderUrl, { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<EncoderReply>) => {
      if (e.data.type === 'chunks') this.queue(e.data.chunks);
      else {
        this.queue(e.data.chunks);
        this.flushed?.(e.data.chunks);
      }
    };
    this.context = new AudioContext();
    const source = this.context.createMediaStreamSource(this.stream);
    const downsampler = new Downsampler(this.context.sampleRate);
    this.processor = this.context.createScriptProcessor(capture.bufferSize, 1, 1);
    this.processor.onaudioprocess = (e) => {
      if (this.state !== 'running') return;
      const input = e.inputBuffer.getChannelData(0);
      const pcm = floatTo16Bit(downsampler.push(input));
      this.recorded.push(pcm);
      this.post({ type: 'samples', samples: pcm });
      if (this.opts.onLevel) {
        let peak = 0;
        for (const s of input) peak = Math.max(peak, Math.abs(s));
        this.opts.onLevel(peak);
      }
    };
    source.connect(this.processor);
    this.processor.connect(this.context.destination);
    this.sid = null;
    this.reply = this.openSocket();
    this.reply.catch(() => {}); // observed by stop()
    this.setState('running');
  }

  /** Stop recording, send what is left, and wait for the evaluation. */
  async stop(): Promise<EvaluationResultData> {
    if (this.state !== 'running') throw new RecorderError(recorderMessages.noRecording);
    this.setState('stop');
    const flushed = new Promise<string[]>((resolve) => (this.flushed = resolve));
    this.post({ type: 'flush' });
    await flushed;
    this.releaseCapture();
    if (this.encoded.length === 0) {
      this.closeSocket();
      throw new RecorderError(recorderMessages.noRecording);
    }
    await this.drain();
    this.sendLast();
    return this.reply!;
  }

  /** After a failure: resend the encoded audio if any, otherwise record again. */
  async retry(): Promise<EvaluationResultData | void> {
    if (this.encoded.length === 0) return this.start();
    this.setState('retry');
    this.sid = null;
    this.unsent = [...this.encoded];
    this.reply = this.openSocket();
    await this.drain();
    this.sendLast();
    return this.reply;
  }

  /**
   * The encoded chunks of the last recording, as sent to the socket (base64 frames): what a
   * caller keeps to evaluate the recording again later (evaluateEncoded) when the socket failed.
   */
  encodedAudio(): string[] {
    return [...this.encoded];
  }

  /** The last recording as a 16 kHz WAV (録音を再生), or null. */
  recording(): Blob | null {
    const total = this.recorded.reduce((n, c) => n + c.length, 0);
    if (!total) return null;
    const all = new Int16Array(total);
    let at = 0;
    for (const c of this.recorded) {
      all.set(c, at);
      at += c.length;
    }
    return wavBlob(all);
  }

  destroy() {
    this.setState('destroy');
    this.releaseCapture();
    this.closeSocket();
    this.encoded = [];
    this.unsent = [];
  }

  private post(msg: EncoderRequest) {
    this.worker?.postMessage(msg);
  }

  private queue(chunks: string[]) {
    this.encoded.push(...chunks);
    this.unsent.push(...chunks);
  }

  /** Open a socket for one evaluation; `opened` tracks the opening, the promise the reply. */
  private openSocket(): Promise<EvaluationResultData> {
    this.closeSocket();
    let markOpen: () => void = () => {};
    this.opened = new Promise<void>((resolve) => (markOpen = resolve));
    return this.connect(markOpen).finally(markOpen);
  }

  private async connect(markOpen: () => void): Promise<EvaluationResultData> {
    const url = typeof this.opts.socketUrl === 'string' ? this.opts.socketUrl : await this.opts.socketUrl();
    if (!url) throw new RecorderError(recorderMessages.noSocketUrl);
    if (this.state === 'destroy') throw new RecorderError(recorderMessages.connectionFailed);
    const socket = new WebSocket(url);
    this.socket = socket;
    const { text, category, res_id, auto_tracking, track_type } = this.opts.params;
    return new Promise<EvaluationResultData>((resolve, reject) => {
      let settled = false;
      socket.onopen = () => {
        markOpen();
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
        this.sendTimer = setInterval(() => this.sendSome(), capture.sendIntervalMs);
      };
      socket.onmessage = (e) => {
        const reply = JSON.parse(String(e.data)) as EvaluationReply;
        settled = true;
        this.sid = reply.sid ?? null;
        if (reply.code === 0 && 'result' in reply) resolve(reply.result);
        else {
          const error = new RecorderError(reply.message, reply.code);
          reject(error);
          if (this.state === 'running') this.opts.onRefused?.(error);
        }
      };
      socket.onclose = () => {
        this.stopSending();
        if (!settled) reject(new RecorderError(recorderMessages.connectionFailed));
      };
    });
  }

  /** Every 10 ms: up to 10 chunks in one auw frame. */
  private sendSome() {
    if (this.socket?.readyState !== WebSocket.OPEN || this.unsent.length === 0) return;
    const batch = this.unsent.splice(0, capture.chunksPerSend);
    this.socket.send(JSON.stringify({ cmd: 'auw', status: 1, audio: joinChunks(batch) }));
  }

  /** Wait until the socket is open and every chunk has left (or the socket is gone). */
  private async drain() {
    await this.opened;
    while (this.unsent.length > 0) {
      if (this.socket?.readyState !== WebSocket.OPEN) return;
      await new Promise((r) => setTimeout(r, capture.sendIntervalMs));
    }
  }

  private sendLast() {
    if (this.socket?.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
  }

  private stopSending() {
    if (this.sendTimer) clearInterval(this.sendTimer);
    this.sendTimer = null;
  }

  private closeSocket() {
    this.stopSending();
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) this.socket.close();
    this.socket = null;
  }

  private releaseCapture() {
    this.processor?.disconnect();
    this.processor = null;
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = null;
    void this.context?.close();
    this.context = null;
    this.worker?.terminate();
    this.worker = null;
  }
}
