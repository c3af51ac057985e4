import {
  ErrorCode,
  exerciseTypes,
  learnMessages,
  type EvaluationCategory,
  type ExerciseType,
  type ResourceDetail,
} from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findVisibleResource, findWords, presentResourceDetail, presentWordItems } from '../library/index.js';
import type { TopicRecord } from './homework-repository.js';

/**
 * What a child practises, built by the library's own preview code (presentResourceDetail,
 * presentWordItems) so the child reads exactly what the teacher previewed. The server keeps the
 * whole shape (right answers included) to mark submissions; presenter.ts strips what the child
 * must not see.
 */
export interface Material {
  title: string;
  /** The exercise type shown to the child (a word test is read like word reading). */
  type: ExerciseType;
  /** The topic's stored type (`word_test` for a word test), kept on attempts. */
  storedType: string;
  resourceId: number | null;
  fullText: ResourceDetail['full_text'];
  items: ResourceDetail['items'];
}

const wordTypes = new Set<string>(['word_study', 'word_reading', 'word_test']);
const sentenceTypes = new Set<string>(['sentence_reading', 'dialog']);

/**
 * How an item is read aloud: words read_word, sentences and dialog turns read_sentence, an
 * article read whole as read_chapter (its one item, question_id 0); choice items null.
 */
export function categoryOf(type: string): EvaluationCategory | null {
  if (wordTypes.has(type)) return 'read_word';
  if (sentenceTypes.has(type)) return 'read_sentence';
  if (type === 'article_reading') return 'read_chapter';
  return null;
}

export const presentedType = (type: string): ExerciseType =>
  (exerciseTypes as readonly string[]).includes(type) ? (type as ExerciseType) : 'word_reading';

/**
 * The reference text as submissions compare it with the stored evaluation result: NFKC, runs of
 * white space as one space, trimmed (the socket stores the start frame's text trimmed). Case and
 * punctuation count: the child's app sends the item's text unchanged.
 */
export const referenceKey = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim();

const notFound = () => new AppError(ErrorCode.NOT_FOUND, learnMessages.resourceNotFound);

/** A library resource the child's teacher may see (headquarters, or the teacher's own), or 404. */
export async function resourceMaterial(db: DbOrTx, teacherId: number, resourceId: number): Promise<Material> {
  const row = await findVisibleResource(db, teacherId, resourceId);
  if (!row) throw notFound();
  const detail = presentResourceDetail(row);
  return {
    title: detail.title,
    type: detail.type,
    storedType: detail.type,
    resourceId: detail.resource_id,
    fullText: detail.full_text,
    items: detail.items,
  };
}

/**
 * A homework topic: its resource (still visible to the child's teacher: material deleted from the
 * library since is gone for the child too, 404), or a word test's drawn words.
 */
export async function topicMaterial(db: DbOrTx, teacherId: number, topic: TopicRecord): Promise<Material> {
  if (topic.resourceId === null) {
    if (!topic.wordIds) throw notFound();
    const items = presentWordItems(await findWords(db, topic.wordIds), topic.wordIds);
    return {
      title: topic.title,
      type: presentedType(topic.type),
      storedType: topic.type,
      resourceId: null,
      fullText: null,
      items,
    };
  }
  const m = await resourceMaterial(db, teacherId, topic.resourceId);
  return { ...m, title: topic.title, storedType: topic.type };
}
