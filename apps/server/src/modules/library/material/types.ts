// The authoring format of the content library. Everything under material/ is original text
// written for this project (no textbook text); the installer (modules/library/install.ts) turns
// it into library rows and model audio. Keys are stable: they identify a resource across
// re-installs, so homework that uses a resource keeps pointing at it.
import type { ExerciseType } from '@ondoku/contract';

export type Grade = 3 | 4 | 5 | 6;

/** A picture made for this project: the base name of an SVG in material/pictures/ ('rice' → pictures/rice.svg). */
export type PictureName = string;

export interface WordEntry {
  word: string;
  /** Japanese meaning, as a child's dictionary gives it. */
  meaning: string;
  /** IPA between slashes, American English. */
  ipa: string;
  example: string;
  example_translation: string;
  picture?: PictureName;
}

export interface WordBook {
  /** e.g. 'wb-g3-basic' */
  code: string;
  title: string;
  grade: Grade;
  /** parts[0] is part 1. Word study and word reading make one resource per part. */
  parts: WordEntry[][];
}

export interface TextLine {
  text: string;
  translation: string;
}

export interface SentenceSet {
  key: string;
  title: string;
  grade: Grade;
  theme: string;
  sentences: Array<TextLine & { picture?: PictureName; note?: string }>;
}

export interface Article {
  key: string;
  title: string;
  grade: Grade;
  theme: string;
  /** 60–150 words in all. */
  sentences: TextLine[];
  note?: string;
}

export interface Dialog {
  key: string;
  title: string;
  grade: Grade;
  theme: string;
  /** Two or more roles; the child reads the turns of `child_role`, the others are played. */
  roles: string[];
  child_role: string;
  turns: Array<TextLine & { role: string }>;
}

export type Choice = { text: string } | { picture: PictureName; alt: string };

export interface GrammarSet {
  key: string;
  title: string;
  grade: Grade;
  /** `prompt` holds one blank written as ___; the audio reads the sentence with the correct choice. */
  questions: Array<{ prompt: string; translation: string; choices: string[]; correct: number; note?: string }>;
}

export interface ListeningSet {
  key: string;
  title: string;
  grade: Grade;
  questions: Array<{
    /** What the child hears (the model audio of the item). */
    script: string;
    script_translation: string;
    question: string;
    question_translation: string;
    choices: Choice[];
    correct: number;
  }>;
}

export interface ReadingSet {
  key: string;
  title: string;
  grade: Grade;
  passage: TextLine[];
  questions: Array<{ question: string; question_translation: string; choices: Choice[]; correct: number }>;
}

export interface PackDef {
  code: string;
  title: string;
  type: ExerciseType;
  grade: Grade;
  /** Keys of resources (a word-book resource's key is `${bookCode}:${type}:${part}`); may be empty. */
  resources: string[];
}

/** Pronunciations (ARPAbet, space separated) for words the dictionary does not have. */
export type StatedPronunciations = Record<string, string>;

/** Everything the headquarters library installs (material/index.ts exports `material`). */
export interface Material {
  wordBooks: WordBook[];
  sentenceSets: SentenceSet[];
  articles: Article[];
  dialogs: Dialog[];
  grammarSets: GrammarSet[];
  listeningSets: ListeningSet[];
  readingSets: ReadingSet[];
  packs: PackDef[];
  pronunciations: StatedPronunciations;
}

/**
 * Resource keys made from word books: word study and word reading get one resource per part,
 * keyed `${book.code}:word_study:${part}` and `${book.code}:word_reading:${part}`.
 */
export const wordBookResourceKey = (bookCode: string, type: 'word_study' | 'word_reading', part: number) =>
  `${bookCode}:${type}:${part}`;
