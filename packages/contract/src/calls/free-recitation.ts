import { z } from 'zod';
import { defineCall, idField, type UploadRule } from '../define.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { charLength, containsEmoji } from '../rules.js';

/**
 * Free recitation (docs/free-recitation.md): a teacher makes her own reading material — one
 * passage (read_chapter) or a set of five sentences (read_sentence) — with model audio read by
 * one of the engine's voices or recorded in her own voice, checked by our evaluator, and saved as
 * classroom material of the library. Served by apps/server/src/modules/free-recitation.
 */

export const recitationCategories = ['read_chapter', 'read_sentence'] as const;
export type RecitationCategory = (typeof recitationCategories)[number];
export const recitationCategoryLabels: Record<RecitationCategory, string> = {
  read_chapter: '文章（1つの文章）',
  read_sentence: '文（5文のセット）',
};

export const recitationLimits = {
  sentencesPerSet: limits.recitationSentencesPerSet,
  /** One sentence of a read_sentence set (characters). */
  sentenceMax: 200,
  /** A read_chapter passage (characters; a 300-word passage is about 1,700). */
  chapterMax: 2500,
  /** A passage needs at least this many words. */
  chapterMinWords: 3,
  titleMax: 40,
  translationMax: 300,
  /** Creations per month when the operator has set nothing for the teacher. */
  defaultMonthlyQuota: 20,
  guidMin: 8,
  guidMax: 64,
  /** A teacher's recording scoring below this against the text is flagged as not matching it. */
  recordingMatchScore: 60,
  uploadMaxBytes: 20 * 1024 * 1024,
  /** Text-to-speech and uploads (each synthesised or scored on the speech workers) per teacher an hour. */
  audioPerHour: 120,
} as const;

export const recitationMessages = {
  contentRequired: '本文を入力してください。',
  notEnglish: (chars: string) =>
    `本文は英語（半角の英字・数字と , . ! ? ' - などの記号）で入力してください。使えない文字：${chars}`,
  sentenceCount: `文のセットは${limits.recitationSentencesPerSet}文で作成してください。`,
  chapterTooShort: `文章は${recitationLimits.chapterMinWords}語以上で入力してください。`,
  guidUnknown: '作成中の教材が見つかりません。はじめからやり直してください。',
  guidUsed: 'この教材はすでに作成されています。',
  categoryMismatch: '教材の種類が作成開始時と異なります。はじめからやり直してください。',
  toneTypeUnknown: '音声の種類が正しくありません。',
  quotaExhausted: '今月の教材作成回数の上限に達しました。来月までお待ちいただくか、管理者にお問い合わせください。',
  noAudio: 'お手本の音声がありません。音声合成を使うか、録音をアップロードしてください。',
  recordingMismatch: (score: number) =>
    `録音が本文と合っていないようです（評価 ${score} 点）。本文どおりに読んだ録音か確かめてください。`,
  recordingFlaggedOnCreate: '本文と合っていない録音があります。録音し直すか、音声合成を使ってください。',
  indexOutOfRange: '録音の番号が正しくありません。',
  translateCount: '訳の数が文の数と合っていません。',
  fileRequired: '音声ファイルを選んでください。',
  fileType: '音声ファイルは WAV、M4A、MP3、WebM、Ogg、FLAC のいずれかにしてください。',
  fileTooLarge: '音声ファイルは20MBまでです。',
  /** The WAV rules' messages are the spec's, verbatim, followed by what to do. */
  wavProblem: (specMessage: string) => `${specMessage}（8ビットまたは16ビットの PCM 形式の WAV にしてください。）`,
  cannotDecode: (codec: string) =>
    `この音声（${codec}）はサーバーで変換できません。この画面で録音するか、WAV または MP3 で書き出してからお試しください。`,
  unreadableAudio: '音声ファイルを読み取れませんでした。別のファイルをお試しください。',
  audioTooLong: '音声が長すぎます（5分まで）。',
  resourceInUse: 'この教材は宿題で使われているため、変更・削除できません。',
  resourceNotOwn: '自分で作成した教材だけ変更・削除できます。',
  tooManyAudio: 'お手本の音声づくりが続いたため、しばらく休止しています。1時間ほどしてからもう一度お試しください。',
} as const;

/** The spec's messages for audio files that are not PCM WAV at 8 or 16 bits (verbatim). */
export const wavErrors = {
  invalid: 'Invalid WAV file',
  notPcm: 'Only PCM format is supported',
  noData: 'Data chunk not found in WAV file',
  bitDepth: 'Unsupported bit depth',
} as const;

/**
 * The spec's WAV rules on the start of a file (its header chunks; 64 KB is plenty), as the
 * browser checks a .wav before sending it: null when it is PCM at 8 or 16 bits with a data
 * chunk, else the spec's message. The server decodes the whole file with the same rules.
 */
export function wavHeaderProblem(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (o: number) => String.fromCharCode(bytes[o]!, bytes[o + 1]!, bytes[o + 2]!, bytes[o + 3]!);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return wavErrors.invalid;
  let fmt = false;
  for (let o = 12; o + 8 <= bytes.length;) {
    const id = tag(o);
    const size = view.getUint32(o + 4, true);
    if (id === 'fmt ') {
      if (size < 16 || o + 24 > bytes.length) return wavErrors.invalid;
      let format = view.getUint16(o + 8, true);
      if (format === 0xfffe && size >= 40 && o + 34 <= bytes.length) format = view.getUint16(o + 32, true);
      if (format !== 1) return wavErrors.notPcm;
      const bits = view.getUint16(o + 22, true);
      if (bits !== 8 && bits !== 16) return wavErrors.bitDepth;
      fmt = true;
    } else if (id === 'data') return fmt ? null : wavErrors.invalid;
    o += 8 + size + (size & 1);
  }
  return fmt ? wavErrors.noData : wavErrors.invalid;
}

/**
 * The text a teacher types, made regular: full-width letters, digits and spaces (an IME's) to
 * half-width (NFKC), typographic quotes to straight ones, runs of spaces to one.
 */
export function normaliseRecitationText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Characters a recitation text may hold after normalising (English, digits, plain punctuation). */
const ALLOWED = /[A-Za-z0-9 ,.!?'"\-:;()]/u;

/** The characters that are not allowed, each once (for the message), or '' when all are. */
export function foreignCharacters(s: string): string {
  const bad = [...new Set([...s].filter((c) => !ALLOWED.test(c)))];
  return bad.slice(0, 5).join(' ');
}

const wordCount = (s: string) => (s.match(/[A-Za-z0-9]+(?:'[A-Za-z0-9]+)*/g) ?? []).length;

/** One recitation text: normalised, required, within `max`, no emoji, English only. */
export const recitationText = (max: number) =>
  z
    .string({ error: recitationMessages.contentRequired })
    .transform(normaliseRecitationText)
    .pipe(
      z
        .string()
        .min(1, { error: recitationMessages.contentRequired })
        .refine((s) => charLength(s) <= max, { error: messages.overLength })
        .refine((s) => !containsEmoji(s), { error: messages.emojiNotAllowed })
        .refine((s) => foreignCharacters(s) === '', {
          error: (issue) => recitationMessages.notEnglish(foreignCharacters(String(issue.input))),
        })
        .refine((s) => wordCount(s) > 0, { error: recitationMessages.contentRequired }),
    );

/** A chapter's text or a set's five sentences, by category (checked against the draft's category). */
export const recitationContent = z.union([
  recitationText(recitationLimits.chapterMax),
  z
    .array(recitationText(recitationLimits.sentenceMax), { error: recitationMessages.contentRequired })
    .length(limits.recitationSentencesPerSet, { error: recitationMessages.sentenceCount }),
]);

/** A passage's sentences (ends at . ! ? and closing quotes): its translation and timings go by them. */
export function splitRecitationPassage(text: string): string[] {
  return [...text.matchAll(/[^.!?]+(?:[.!?]+["')]*|$)/g)].map((m) => m[0].trim()).filter((s) => /[A-Za-z0-9]/.test(s));
}

/** Whether a passage has enough words (read_chapter). */
export const chapterHasEnoughWords = (s: string) => wordCount(s) >= recitationLimits.chapterMinWords;

export const recitationGuid = z
  .string({ error: recitationMessages.guidUnknown })
  .trim()
  .regex(/^[A-Za-z0-9_-]+$/, { error: recitationMessages.guidUnknown })
  .min(recitationLimits.guidMin, { error: recitationMessages.guidUnknown })
  .max(recitationLimits.guidMax, { error: recitationMessages.guidUnknown });

const categoryField = z.enum(recitationCategories, { error: messages.badRequest });
const toneTypeField = z.coerce.number({ error: recitationMessages.toneTypeUnknown }).int().min(1).max(99);

export const startCreateResource = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/start-create-resource',
  access: 'teacher:not-guest',
  tag: 'free-recitation',
  summary:
    'Begin making a recitation resource: a guid that names the draft and makes every later step (and create-resource) idempotent',
  input: z.object({ category: categoryField, id: idField.optional() }),
  output: z.object({
    guid: z.string(),
    category: z.enum(recitationCategories),
    /** Editing: the resource this draft replaces (null for a new one). */
    resource_id: z.number().int().nullable(),
  }),
});

export const toneTypeItem = z.object({
  tone_type: z.number().int(),
  name: z.string(),
  /** 0.8: a slower reading for beginners; 1: normal. */
  speed: z.number(),
});
export type ToneTypeItem = z.infer<typeof toneTypeItem>;

export const getToneTypeList = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/get-tone-type-list',
  access: 'teacher',
  tag: 'free-recitation',
  summary: 'The voices text-to-speech offers (the first is the default)',
  input: z.object({}),
  output: z.object({ items: z.array(toneTypeItem) }),
});

/** One model audio of a draft: what the screen plays and whether it may be saved. */
export const recitationAudio = z.object({
  /** Sentence index (read_sentence) or 0 (read_chapter). */
  index: z.number().int(),
  audio_file: z.string(),
  source: z.enum(['tts', 'recording']),
  /** Our evaluator's score of the audio read as the text. */
  score: z.number().int(),
  /** A recording that does not match the text (score below recordingMatchScore). */
  flagged: z.boolean(),
  message: z.string().nullable(),
});
export type RecitationAudio = z.infer<typeof recitationAudio>;

export const textToSpeech = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/text-to-speech',
  access: 'teacher:not-guest',
  tag: 'free-recitation',
  summary:
    'Model audio of the text in a voice, checked by our evaluator (a line below 80 is made again), kept in the draft for preview',
  input: z.object({ guid: recitationGuid, tone_type: toneTypeField, content: recitationContent }),
  output: z.object({
    /** The chapter's audio, or the first sentence's (the spec's reply). */
    audio_file: z.string(),
    items: z.array(recitationAudio),
  }),
});

export const changeResourceTranslate = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/change-resource-translate',
  access: 'teacher:not-guest',
  tag: 'free-recitation',
  summary: "The teacher's own Japanese translation, one per sentence (no machine translation is offered)",
  input: z.object({
    guid: recitationGuid,
    translate: z
      .array(
        z
          .string()
          .transform((s) => s.trim())
          .pipe(
            z
              .string()
              .refine((s) => charLength(s) <= recitationLimits.translationMax, { error: messages.overLength })
              .refine((s) => !containsEmoji(s), { error: messages.emojiNotAllowed }),
          ),
      )
      .max(200, { error: recitationMessages.translateCount }),
  }),
  output: z.object({ translate: z.array(z.string()) }),
});

export const recitationUpload: UploadRule = {
  maxBytes: recitationLimits.uploadMaxBytes,
  extensions: ['.wav', '.m4a', '.mp3', '.webm', '.ogg', '.oga', '.opus', '.mp4', '.flac', '.aac'],
  fileRequiredMessage: recitationMessages.fileRequired,
  fileTypeMessage: recitationMessages.fileType,
  tooLargeMessage: recitationMessages.fileTooLarge,
};

export const uploadSoundFile = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/upload-sound-file',
  access: 'teacher:not-guest',
  tag: 'free-recitation',
  kind: 'upload',
  upload: recitationUpload,
  summary:
    "The teacher's own reading (multipart: guid, index, content, file): WAV PCM 8/16-bit, or WebM/Ogg/M4A with Opus converted; checked against the text",
  input: z.object({
    guid: recitationGuid,
    /** Which sentence of a set (0–4); 0 for a chapter. */
    index: z.coerce.number({ error: recitationMessages.indexOutOfRange }).int().min(0).max(4).default(0),
    /** The text the recording reads (the sentence, or the whole passage). */
    content: recitationText(recitationLimits.chapterMax),
    file: z.string().meta({ format: 'binary', description: 'WAV, M4A, MP3, WebM or Ogg, ≤ 20 MB, ≤ 5 minutes' }),
  }),
  output: recitationAudio,
});

export const getRemainingTimes = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/get_remaining_times',
  access: 'teacher',
  tag: 'free-recitation',
  summary: 'How many recitation resources the teacher may still create this month (set by the operator)',
  input: z.object({}),
  output: z.object({ remaining: z.number().int(), total: z.number().int(), used: z.number().int() }),
});

export const createResource = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/create-resource',
  access: 'teacher:not-guest',
  tag: 'free-recitation',
  summary:
    "Save the draft as the teacher's classroom material (sentence_reading or article_reading); the same guid twice saves once",
  input: z.object({
    /** Editing: the classroom resource to replace (the draft's, from start-create-resource). */
    id: idField.optional(),
    guid: recitationGuid,
    tone_type: toneTypeField,
    content: recitationContent,
    category: categoryField,
    need_template: z.coerce.number().int().min(0).max(1).default(1),
    title: z
      .string()
      .transform((s) => s.normalize('NFKC').trim())
      .pipe(
        z
          .string()
          .refine((s) => charLength(s) <= recitationLimits.titleMax, { error: messages.overLength })
          .refine((s) => !containsEmoji(s), { error: messages.emojiNotAllowed }),
      )
      .optional(),
    grade: z.coerce.number().int().min(3).max(6).default(5),
  }),
  output: z.object({ resource_id: z.number().int(), guid: z.string() }),
});

export const deleteRecitationResource = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/delete-resource',
  access: 'teacher:not-guest',
  tag: 'free-recitation',
  summary:
    'Delete a recitation resource the teacher made (refused while a homework uses it); its recordings go with it',
  input: z.object({ resource_id: idField }),
  output: z.null(),
});

export const getRecitationResource = defineCall({
  method: 'POST',
  path: '/api/v2/free-recitation/resource-info',
  access: 'teacher',
  tag: 'free-recitation',
  summary: 'A recitation resource of the teacher as the form edits it, and whether a homework uses it',
  input: z.object({ resource_id: idField }),
  output: z.object({
    resource_id: z.number().int(),
    category: z.enum(recitationCategories),
    title: z.string(),
    grade: z.number().int(),
    tone_type: z.number().int(),
    content: z.union([z.string(), z.array(z.string())]),
    translate: z.array(z.string()),
    in_use: z.boolean(),
  }),
});
