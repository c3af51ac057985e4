import { randomBytes } from 'node:crypto';
import {
  EvaluationCode,
  evaluationAudioFrame,
  evaluationLimits,
  evaluationMessages,
  evaluationStartFrame,
  type EvaluationCategory,
  type EvaluationReply,
  type EvaluationResultData,
} from '@ondoku/contract';
import { Recording, SpeechBusyError, type SpeechStream, type SpeechStreamOptions } from '@ondoku/speech';
import { OpusInput, RawPcmInput, type AudioInput } from './audio-input.js';
import type { StoredPhoneJudgement } from '../../db/schema/index.js';
import { phoneJudgementsOf } from './phones.js';
import { presentEvaluationResult } from './presenter.js';
import { VoiceOnset } from './voice-onset.js';
import type { OpenReplayCheck, ReplayCheck } from './replay-check.js';
import { hasControlChars } from '../../lib/control-chars.js';
import type { TicketKind } from './ticket.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Starts an evaluation in a speech worker that scores the audio while it arrives (and, with
 * `record`, encodes it into the recording). Throws SpeechBusyError past capacity; `onShed` is
 * called if the stream is shed later (the session answers BUSY either way).
 */
export type StartStream = (text: string, category: EvaluationCategory, options?: SpeechStreamOptions) => SpeechStream;

export interface SessionIo {
  send(message: string): void;
  close(): void;
}

/** Who opened the socket (from the ticket): the per-teacher and per-child socket limits, the stored result. */
export interface SessionOwner {
  kind: TicketKind;
  id: number;
  /** The teacher whose share of the speech workers the session counts in (fair-share.ts). */
  group?: number;
}

/** A finished evaluation, as it is stored before the reply is sent (result-repository.ts). */
export interface FinishedEvaluation {
  sid: string;
  owner: SessionOwner;
  category: EvaluationCategory;
  /** The text as evaluated (trimmed). */
  text: string;
  /** Exactly what the reply carries. */
  result: EvaluationResultData;
  /** The evaluator's phone judgements, kept with the result (phones.ts); absent: none kept. */
  phones?: StoredPhoneJudgement[];
  /** Length of the audio received. */
  durationMs: number;
  /** The recording (WebM/Opus), null when nothing could be kept. */
  recording: Uint8Array | null;
}

/** A new evaluation id (the `sid` of the reply and of the stored result). */
export const newEvaluationSid = () => `ev${randomBytes(8).toString('hex')}`;

/** Stores a finished evaluation; the reply is sent only once it resolves (a rejection answers 50001). */
export type StoreEvaluation = (finished: FinishedEvaluation) => Promise<void>;

type State = 'awaiting-start' | 'opening' | 'receiving' | 'evaluating' | 'closed';

const SAMPLE_RATE = 16_000;
/**
 * The idle timer is reset by the start and last frames and by audio progress: each time this
 * much audio (50 ms) has arrived since the last reset. Tiny keep-alive frames do not hold a
 * socket open.
 */
export const IDLE_PROGRESS_SAMPLES = SAMPLE_RATE / 20;
/**
 * A stream whose voice has not begun after this much audio is closed with NO_VOICE: silence takes
 * no place in a speech worker, and not for long on the socket either (docs/speech-service.md,
 * "Silence is not a reading").
 */
export const NO_VOICE_SAMPLES = evaluationLimits.maxSecondsBeforeVoice * SAMPLE_RATE;

/**
 * One evaluation over one websocket (docs/speech-service.md, "Frames"): a start frame (cmd ssb), audio frames (cmd auw,
 * status 1), a last auw with empty audio (status 2), then one reply. Any mistake answers with a
 * non-zero code and a message, and the socket closes. Kept apart from the socket so its rules
 * can be tested directly; `closed` releases everything the session holds.
 */
export class EvaluationSession {
  readonly sid = newEvaluationSid();
  private state: State = 'awaiting-start';
  private input: AudioInput | null = null;
  /**
   * The recording of Opus input, muxed here from the packets as sent (cheap); raw PCM is encoded
   * by the speech worker that scores it (startStream `record`), off the event loop.
   */
  private recording: Recording | null = null;
  private category: EvaluationCategory = 'read_sentence';
  private text = '';
  private stream: SpeechStream | null = null;
  /** The worker stream's options, kept from the start frame until the voice begins. */
  private streamOptions: SpeechStreamOptions | null = null;
  /** Audio received before the voice began: handed to the worker at once when it does. */
  private beforeVoice: Int16Array[] = [];
  private readonly voice = new VoiceOnset();
  /** Whether the reading is the text's model audio played back (children's readings only). */
  private replay: ReplayCheck | null = null;
  private samples = 0;
  private maxSamples = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Samples received since the idle timer was last reset. */
  private sinceTouch = 0;
  /** Frames that arrive while the opus decoder starts are handled in order afterwards. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly io: SessionIo,
    private readonly startStream: StartStream,
    private readonly onEnd: (session: EvaluationSession) => void,
    /** Whose ticket opened the socket, and where a finished evaluation is stored before the reply. */
    private readonly opts: {
      owner?: SessionOwner;
      store?: StoreEvaluation;
      /** A child's reading is checked against the text's model audio (replay-check.ts). */
      replayCheck?: OpenReplayCheck;
    } = {},
  ) {
    this.touch();
  }

  /** Whose ticket opened the socket (the per-teacher and per-child socket limits). */
  get owner(): SessionOwner {
    return this.opts.owner ?? { kind: 'teacher', id: 0 };
  }

  get isOpen() {
    return this.state !== 'closed';
  }

  /** The group of the fair share (fair-share.ts): the owner's teacher. */
  get group(): number {
    return this.opts.owner?.group ?? this.owner.id;
  }

  /** Whether the session holds a place in a speech worker (its voice has begun). */
  get hasStream(): boolean {
    return this.stream !== null && this.state !== 'closed';
  }

  /** Gives its place in the speech workers to another group's reader: answered BUSY, as a shed stream. */
  preempt() {
    this.fail(EvaluationCode.BUSY, evaluationMessages.busy);
  }

  /** Called for each text message. */
  receive(raw: string) {
    this.pending = this.pending
      .then(() => this.handle(raw))
      .catch(() => this.fail(EvaluationCode.BAD_FRAME, evaluationMessages.badFrame));
  }

  /** The client went away (or the server closes the socket): release everything. */
  closed() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.input?.free();
    this.input = null;
    this.recording?.free();
    this.recording = null;
    this.stream?.abort(); // no-op once finished
    this.stream = null;
    this.beforeVoice = [];
    this.replay = null;
    this.onEnd(this);
  }

  private touch() {
    this.sinceTouch = 0;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.state === 'evaluating' || this.state === 'closed') return;
    this.idleTimer = setTimeout(
      () => this.fail(EvaluationCode.IDLE_TIMEOUT, evaluationMessages.idleTimeout),
      evaluationLimits.idleTimeoutMs,
    );
    this.idleTimer.unref();
  }

  private async handle(raw: string) {
    if (this.state === 'closed' || this.state === 'evaluating') return;
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return this.fail(EvaluationCode.BAD_FRAME, evaluationMessages.badFrame);
    }
    const cmd = (frame as { cmd?: unknown } | null)?.cmd;
    if (this.state === 'awaiting-start') {
      if (cmd !== 'ssb') return this.fail(EvaluationCode.WRONG_ORDER, evaluationMessages.wrongOrder);
      this.touch();
      return this.start(frame);
    }
    if (cmd !== 'auw') return this.fail(EvaluationCode.WRONG_ORDER, evaluationMessages.wrongOrder);
    const parsed = evaluationAudioFrame.safeParse(frame);
    if (!parsed.success) return this.fail(EvaluationCode.BAD_FRAME, evaluationMessages.badFrame);
    const { audio, status } = parsed.data;
    if (audio) {
      const bytes = Buffer.from(audio, 'base64');
      let pcm: Int16Array;
      try {
        pcm = this.input!.decode(bytes);
      } catch {
        return this.fail(EvaluationCode.BAD_FRAME, evaluationMessages.badFrame);
      }
      this.samples += pcm.length;
      this.replay?.push(pcm);
      if (this.samples > this.maxSamples) {
        return this.fail(EvaluationCode.AUDIO_TOO_LONG, evaluationMessages.audioTooLong);
      }
      if (pcm.length) {
        if (this.stream) this.stream.push(pcm);
        else if (this.voice.feed(pcm)) {
          // The reading has begun: only now does it take a place in a speech worker, with all the
          // audio so far (docs/speech-service.md, "Silence is not a reading").
          this.beforeVoice.push(pcm);
          if (!this.openStream()) return;
          for (const chunk of this.beforeVoice.splice(0)) this.stream!.push(chunk);
        } else {
          this.beforeVoice.push(pcm);
          if (this.samples >= NO_VOICE_SAMPLES) return this.fail(EvaluationCode.NO_VOICE, evaluationMessages.noVoice);
        }
      }
      // Opus packets are kept as sent (copied out of Buffer's shared pool).
      this.recording?.addPacket(new Uint8Array(bytes), pcm.length);
      this.sinceTouch += pcm.length;
      if (this.sinceTouch >= IDLE_PROGRESS_SAMPLES) this.touch();
    }
    if (status === 2) await this.finish();
  }

  private async start(frame: unknown) {
    const parsed = evaluationStartFrame.safeParse(frame);
    if (!parsed.success) return this.fail(EvaluationCode.BAD_FRAME, evaluationMessages.badFrame);
    const { aue, category, text } = parsed.data;
    if (aue !== 'raw' && aue !== 'opus') {
      return this.fail(EvaluationCode.UNSUPPORTED_ENCODING, evaluationMessages.unsupportedEncoding(aue));
    }
    const trimmed = text.trim();
    if (
      !trimmed ||
      [...trimmed].length > evaluationLimits.maxTextChars[category] ||
      !/[A-Za-z]/.test(trimmed) ||
      // NUL, other control characters or a lone surrogate: the client's mistake, refused like an
      // empty text, never stored (docs/speech-service.md, "Frames").
      hasControlChars(trimmed) ||
      LONE_SURROGATE.test(trimmed)
    ) {
      return this.fail(EvaluationCode.TEXT_INVALID, evaluationMessages.textInvalid);
    }
    this.state = 'opening';
    this.maxSamples = evaluationLimits.maxSeconds[category] * SAMPLE_RATE;
    const input = aue === 'opus' ? await OpusInput.create() : new RawPcmInput();
    if (this.state !== 'opening') {
      input.free(); // the client left while the decoder started
      return;
    }
    this.input = input;
    this.recording = aue === 'opus' ? new Recording() : null;
    this.category = category;
    this.text = trimmed;
    this.streamOptions = {
      record: aue === 'raw',
      // Students are primary-school children: their voices get the children's VTLN warp
      // (packages/speech evaluator/vtln.ts); a teacher trying a reading is an adult.
      reader: this.owner.kind === 'student' ? 'child' : 'adult',
      // An accepted stream whose worker fell far behind: answered now, not after a long wait.
      onShed: () => this.fail(EvaluationCode.BUSY, evaluationMessages.busy),
    };
    // A child's reading of a text with model audio: is it that audio played back?
    if (this.owner.kind === 'student') this.replay = this.opts.replayCheck?.(trimmed, this.group) ?? null;
    this.state = 'receiving';
  }

  /** The worker stream, once the voice has begun; false (and answered BUSY) past capacity. */
  private openStream(): boolean {
    try {
      this.stream = this.startStream(this.text, this.category, this.streamOptions!);
      return true;
    } catch (e) {
      if (e instanceof SpeechBusyError) {
        this.fail(EvaluationCode.BUSY, evaluationMessages.busy);
        return false;
      }
      throw e;
    }
  }

  private async finish() {
    if (this.samples < SAMPLE_RATE / 10) return this.fail(EvaluationCode.NO_AUDIO, evaluationMessages.noAudio);
    // Silence (or zeros) to the end: not a reading, and never scored.
    if (!this.stream) return this.fail(EvaluationCode.NO_VOICE, evaluationMessages.noVoice);
    this.state = 'evaluating';
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const recording = this.recording;
    try {
      // The model audio played back is not the child's reading: no score, nothing stored.
      const replayed = (await this.replay?.isReplay().catch(() => false)) ?? false;
      if (this.state !== 'evaluating') return;
      if (replayed) return this.fail(EvaluationCode.MODEL_AUDIO, evaluationMessages.modelAudio);
      // Opus: muxed here while the worker aligns; raw: the worker's. A file that fails is not kept.
      const [result, muxed] = await Promise.all([this.stream!.finish(), recording?.finish().catch(() => null)]);
      const { recording: encoded, ...scored } = result;
      const file = (recording ? muxed : encoded) ?? null;
      if (this.state !== 'evaluating') return; // the client left meanwhile
      const presented = presentEvaluationResult(scored);
      // Stored before the reply: a child who submits right after it always finds the result.
      await this.opts.store?.({
        sid: this.sid,
        owner: this.owner,
        category: this.category,
        text: this.text,
        result: presented,
        phones: phoneJudgementsOf(scored.words),
        durationMs: Math.round((this.samples * 1000) / SAMPLE_RATE),
        recording: file,
      });
      if (this.state !== 'evaluating') return;
      const reply: EvaluationReply = { code: EvaluationCode.OK, message: '', sid: this.sid, result: presented };
      this.io.send(JSON.stringify(reply));
      this.end();
    } catch (e) {
      if (e instanceof SpeechBusyError) this.fail(EvaluationCode.BUSY, evaluationMessages.busy);
      else this.fail(EvaluationCode.EVALUATION_FAILED, evaluationMessages.evaluationFailed);
    }
  }

  private fail(code: number, message: string) {
    if (this.state === 'closed') return;
    this.io.send(JSON.stringify({ code, message, sid: this.sid }));
    this.end();
  }

  private end() {
    this.closed();
    this.io.close();
  }
}
