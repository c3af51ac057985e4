import { z } from 'zod';
import { defineCall, pageOf, queryInt } from '../define.js';
import { limits } from '../limits.js';

/**
 * Content library (ours): the material a teacher assigns — word books, sentences, articles,
 * dialogs, grammar, listening and reading comprehension — and its preview data (the spec
 * "Exercise preview data"). Served by apps/server/src/modules/library.
 *
 * The preview shape below is shared by the teacher's previews, the answer papers (which add a
 * child's score, markup and recording to each item) and the students' practice screens.
 */

export const exerciseTypes = [
  'word_study',
  'word_reading',
  'sentence_reading',
  'article_reading',
  'dialog',
  'grammar_choice',
  'listening',
  'reading_comprehension',
] as const;
export type ExerciseType = (typeof exerciseTypes)[number];

/** Exercise types whose items are read aloud and scored by the evaluator. */
export const spokenExerciseTypes: readonly ExerciseType[] = [
  'word_study',
  'word_reading',
  'sentence_reading',
  'article_reading',
  'dialog',
];
/** Exercise types whose items are choice questions marked on the server. */
export const choiceExerciseTypes: readonly ExerciseType[] = ['grammar_choice', 'listening', 'reading_comprehension'];

/** Japanese labels of the exercise types, as the screens show them. */
export const exerciseTypeLabels: Record<ExerciseType, string> = {
  word_study: '単語学習',
  word_reading: '単語音読',
  sentence_reading: '文の音読',
  article_reading: '文章の音読',
  dialog: '会話',
  grammar_choice: '文法問題',
  listening: 'リスニング',
  reading_comprehension: '読解問題',
};

export const originTypes = ['headquarters', 'classroom'] as const;
export type OriginType = (typeof originTypes)[number];
export const originTypeLabels: Record<OriginType, string> = { headquarters: '本部教材', classroom: '教室教材' };

export const grades = [3, 4, 5, 6] as const;

export const libraryLimits = {
  searchPageSize: limits.pageSize.lists,
  keywordMax: 100,
  packCodeMax: 40,
} as const;

export const libraryMessages = {
  resourceNotFound: '教材が見つかりませんでした。',
  packNotFound: '教材パックが見つかりませんでした。',
  wordBookNotFound: '単語帳が見つかりませんでした。',
} as const;

/** One choice of a choice question (answers with index, content, type text or image, correct). */
export const answerChoice = z.object({
  index: z.number().int(),
  /** The text, or for `type: 'image'` the URL of the picture. */
  content: z.string(),
  type: z.enum(['text', 'image']),
  /** Alternative text of an image choice (what the picture shows), for screen readers and the answer paper. */
  alt: z.string().optional(),
  correct: z.boolean(),
});
export type AnswerChoice = z.infer<typeof answerChoice>;

/**
 * A dialog partner's line the child waits through (wait_items with after_index).
 * Our convention: an item's `wait_items` are the partner's lines played just before the child
 * reads that item; `after_index` is the index of the child's previous item, −1 before the first.
 */
export const waitItem = z.object({
  after_index: z.number().int(),
  role: z.string(),
  screen_text: z.string(),
  screen_text_translation: z.string(),
  audio_file: z.string().nullable(),
});
export type WaitItem = z.infer<typeof waitItem>;

export const previewItem = z.object({
  /** Answers match items by question_id = index. */
  index: z.number().int(),
  /** What the child reads (reading types), the question prompt (choice types). */
  screen_text: z.string(),
  screen_text_translation: z.string(),
  /** URL of an original SVG picture, or null. */
  screen_pic: z.string().nullable(),
  /** URL of the model audio (the word, sentence, turn; the passage of a listening item). */
  audio_file: z.string().nullable(),
  /** Word items: IPA between slashes. */
  ipa: z.string().nullable().optional(),
  /** Word-study items: a short example sentence and its translation. */
  example: z
    .object({ text: z.string(), translation: z.string(), audio_file: z.string().nullable().optional() })
    .nullable()
    .optional(),
  /** Dialog items: the speaking role of this (the child's) turn. */
  role: z.string().optional(),
  wait_items: z.array(waitItem).optional(),
  /** Listening items: what the child hears (item.audio_file), shown to the teacher only. */
  script: z.object({ text: z.string(), translation: z.string() }).nullable().optional(),
  /** Choice items: the question asked (listening: the question after the passage), with its audio. */
  questions: z
    .array(z.object({ content: z.string(), translation: z.string(), audio_file: z.string().nullable().optional() }))
    .optional(),
  answers: z.array(answerChoice).optional(),
  /** A note for the teacher (what to watch for when going over it in class). */
  note_homework: z.string().nullable().optional(),
});
export type PreviewItem = z.infer<typeof previewItem>;

/** A sentence of an article's full text, with its place in the article's model audio. */
export const fullTextSentence = z.object({
  index: z.number().int(),
  text: z.string(),
  translation: z.string(),
  start_ms: z.number().int(),
  end_ms: z.number().int(),
});

export const resourceRow = z.object({
  resource_id: z.number().int(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  grade: z.number().int(),
  origin_type: z.enum(originTypes),
  item_count: z.number().int(),
  pack_code: z.string().nullable(),
});
export type ResourceRow = z.infer<typeof resourceRow>;

export const resourceDetail = z.object({
  resource_id: z.number().int(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  grade: z.number().int(),
  origin_type: z.enum(originTypes),
  /** Where the resource's files live (URL prefix) and its content version. */
  resource_path: z.string(),
  resource_version: z.number().int(),
  /** Articles (and reading comprehension's passage): the whole text with the model audio. */
  full_text: z
    .object({ screen_text: z.string(), audio_file: z.string().nullable(), sentences: z.array(fullTextSentence) })
    .nullable(),
  /** Word-book resources: which book and part their words come from. */
  word_book: z.object({ code: z.string(), part: z.number().int() }).nullable(),
  items: z.array(previewItem),
});
export type ResourceDetail = z.infer<typeof resourceDetail>;

export const packRow = z.object({
  code: z.string(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  total: z.number().int(),
});
export type PackRow = z.infer<typeof packRow>;

const gradeQuery = z.coerce
  .number()
  .int()
  .refine((g) => (grades as readonly number[]).includes(g), { error: '学年は3〜6で指定してください。' });

export const searchResources = defineCall({
  method: 'GET',
  path: '/api/v2/resource/search',
  access: 'teacher',
  tag: 'library',
  summary: "Search the library: headquarters material and the teacher's own classroom material",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(libraryLimits.searchPageSize, 100),
    kw: z.string().trim().max(libraryLimits.keywordMax).optional(),
    type: z.enum(exerciseTypes).optional(),
    grade: gradeQuery.optional(),
    pack_code: z.string().trim().max(libraryLimits.packCodeMax).optional(),
    origin_type: z.enum(originTypes).optional(),
  }),
  output: pageOf(resourceRow),
});

export const getResourceDetail = defineCall({
  method: 'GET',
  path: '/api/v2/resource/detail',
  access: 'teacher',
  tag: 'library',
  summary: 'One resource in the exercise preview shape, with model audio URLs',
  input: z.object({
    resource_id: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  }),
  output: resourceDetail,
});

export const getPackList = defineCall({
  method: 'GET',
  path: '/api/v2/resource/pack-list',
  access: 'teacher',
  tag: 'library',
  summary: 'A page of resource packs',
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(libraryLimits.searchPageSize, 100),
    type: z.enum(exerciseTypes).optional(),
    grade: gradeQuery.optional(),
  }),
  output: pageOf(packRow),
});

export const getPackDetail = defineCall({
  method: 'GET',
  path: '/api/v2/resource/pack-detail',
  access: 'teacher',
  tag: 'library',
  summary: 'One resource pack with its resources',
  input: z.object({ code: z.string().trim().min(1).max(libraryLimits.packCodeMax) }),
  output: packRow.extend({ resources: z.array(resourceRow) }),
});

export const getWordBookParts = defineCall({
  method: 'GET',
  path: '/api/v2/resource/word-book-parts',
  access: 'teacher',
  tag: 'library',
  summary: 'The parts of a word book and how many words each holds (word tests choose a part range)',
  input: z.object({ code: z.string().trim().min(1).max(libraryLimits.packCodeMax) }),
  output: z.object({
    code: z.string(),
    title: z.string(),
    max_part: z.number().int(),
    parts: z.array(z.object({ part: z.number().int(), word_count: z.number().int() })),
  }),
});

export const getWordBookList = defineCall({
  method: 'GET',
  path: '/api/v2/resource/word-book-list',
  access: 'teacher',
  tag: 'library',
  summary: 'Every word book (for word tests and word-study resources)',
  input: z.object({ grade: gradeQuery.optional() }),
  output: z.object({
    rows: z.array(
      z.object({
        code: z.string(),
        title: z.string(),
        grade: z.number().int(),
        max_part: z.number().int(),
        word_count: z.number().int(),
      }),
    ),
  }),
});
