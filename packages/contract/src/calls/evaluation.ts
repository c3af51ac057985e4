import { z } from 'zod';
import { defineCall, empty } from '../define.js';

/**
 * The streaming evaluation service (docs/speech-service.md): the web app asks new-evaluation-service for a
 * websocket URL carrying a short-lived signed ticket (browsers cannot set headers on
 * websockets), then speaks this frame protocol as JSON text messages.
 */
export const getNewEvaluationService = defineCall({
  method: 'GET',
  path: '/api/v2/new-evaluation-service',
  access: 'teacher',
  tag: 'evaluation',
  summary: 'A websocket URL (ws:// or wss://) with a ticket valid for 60 seconds; see docs/speech-service.md',
  input: empty,
  output: z.object({ evaluation_server_url: z.string() }),
});

export const evaluationCategories = ['read_word', 'read_sentence', 'read_chapter'] as const;
export type EvaluationCategory = (typeof evaluationCategories)[number];

export const evaluationLimits = {
  ticketTtlSeconds: 60,
  /** Longest recording accepted per category, in seconds. */
  maxSeconds: { read_word: 15, read_sentence: 60, read_chapter: 300 } as Record<EvaluationCategory, number>,
  maxTextChars: { read_word: 100, read_sentence: 1000, read_chapter: 10_000 } as Record<EvaluationCategory, number>,
  /** One websocket message at most (base64 audio of 10 chunks fits easily). */
  maxFrameBytes: 1024 * 1024,
  /** Seconds of audio in which a reading must begin (a voice, not silence) before it is closed with NO_VOICE. */
  maxSecondsBeforeVoice: 10,
  /** No audio progress (50 ms of audio) from the client this long ends the session. */
  idleTimeoutMs: 20_000,
  /** Open evaluation sockets per teacher, counted across every server process (evaluation_sockets). */
  maxSocketsPerTeacher: 4,
  /** Open evaluation sockets per child, counted across every server process (one recorder, plus a retry). */
  maxSocketsPerStudent: 2,
} as const;

/** Audio encodings: raw = 16 kHz 16-bit mono little-endian PCM; opus = one Opus packet per chunk. */
export const evaluationAudioEncodings = ['raw', 'opus'] as const;

export const evaluationStartFrame = z.object({
  cmd: z.literal('ssb'),
  category: z.enum(evaluationCategories),
  aue: z.string(),
  language: z.literal('en_us'),
  text: z.string(),
  res_id: z.union([z.string(), z.number()]).optional(),
  auto_tracking: z.union([z.number(), z.boolean()]).optional(),
  track_type: z.union([z.number(), z.string()]).optional(),
  audio: z.string().max(0).optional(),
  status: z.literal(0).optional(),
});
export type EvaluationStartFrame = z.infer<typeof evaluationStartFrame>;

export const evaluationAudioFrame = z.object({
  cmd: z.literal('auw'),
  audio: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
});
export type EvaluationAudioFrame = z.infer<typeof evaluationAudioFrame>;

/** Reply codes: 0 is the result; any other code carries a message and the socket closes. */
export const EvaluationCode = {
  OK: 0,
  BAD_FRAME: 40001,
  WRONG_ORDER: 40002,
  UNSUPPORTED_ENCODING: 40003,
  TEXT_INVALID: 40004,
  AUDIO_TOO_LONG: 41300,
  NO_AUDIO: 40005,
  /** Audio without a voice (silence, zeros, a muted microphone): not a reading, never scored. */
  NO_VOICE: 40006,
  /** The topic's own model audio played back (or into the microphone), not the reader's voice: never scored. */
  MODEL_AUDIO: 40007,
  TICKET_INVALID: 40100,
  IDLE_TIMEOUT: 40800,
  TOO_MANY_SOCKETS: 42900,
  EVALUATION_FAILED: 50001,
  /** Past the server's capacity: refused at the start, or an accepted stream whose worker fell far behind. */
  BUSY: 50300,
} as const;

export const evaluationMessages = {
  badFrame: '送信データの形式が正しくありません。',
  wrongOrder: '送信の順序が正しくありません。',
  unsupportedEncoding: (aue: string) =>
    aue === 'speex-wb'
      ? '音声形式 speex-wb には対応していません。raw または opus で送信してください。'
      : `音声形式 ${aue} には対応していません。raw または opus で送信してください。`,
  textInvalid: '評価する英文が空か、長すぎます。',
  audioTooLong: '録音が長すぎます。もう一度短く録音してください。',
  noAudio: '録音データがありません。',
  noVoice: '声が聞こえませんでした。マイクに近づいて、もう一度読んでください。',
  modelAudio: 'お手本の音声ではなく、自分の声で読んでね。',
  ticketInvalid: '接続の有効期限が切れました。もう一度お試しください。',
  idleTimeout: '一定時間データが届かなかったため、接続を終了しました。',
  tooManySockets: '同時に開ける録音の数を超えています。前の録音を終えてからもう一度お試しください。',
  evaluationFailed: '音声の評価に失敗しました。もう一度お試しください。',
  busy: '混み合っています。少し待ってからもう一度録音してください。',
} as const;

/**
 * The result of one evaluation (reply code 0): the one definition of its shape. The speech
 * package's result types extend these with what stays inside the server (phones, duration).
 */
export const evaluationWordTypes = ['normal', 'mispronounced', 'omitted', 'inserted'] as const;
export type EvaluationWordType = (typeof evaluationWordTypes)[number];

export const evaluationWord = z.object({
  word: z.string(),
  score: z.number(),
  type: z.enum(evaluationWordTypes),
  start_ms: z.number(),
  end_ms: z.number(),
});
export const evaluationScores = z.object({
  total_score: z.number(),
  accuracy_score: z.number(),
  fluency_score: z.number(),
  integrity_score: z.number(),
});
export const evaluationResult = evaluationScores.extend({
  words: z.array(evaluationWord),
  sentences: z
    .array(evaluationScores.extend({ text: z.string(), words: z.array(evaluationWord) }).passthrough())
    .optional(),
  evaluate_html: z.string(),
  evaluate_text: z.string(),
});
export type EvaluationResultData = z.infer<typeof evaluationResult>;
export type EvaluationWordData = z.infer<typeof evaluationWord>;
export type EvaluationScoresData = z.infer<typeof evaluationScores>;
export type EvaluationReply =
  | { code: 0; message: string; sid: string; result: EvaluationResultData }
  | { code: number; message: string; sid?: string };
