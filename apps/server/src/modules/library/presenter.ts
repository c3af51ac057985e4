import type { ExerciseType, PackRow, ResourceDetail, ResourceRow } from '@ondoku/contract';
import { mediaUrl } from '../media/index.js';
import type { StoredContent, StoredItem } from './content.js';
import type * as repo from './repository.js';
import type { PackRecord, ResourceListRecord, ResourceRecord, WordRecord } from './repository.js';

/** Names every field the web app receives about the library; storage keys become /media URLs. */
const url = (key: string | null | undefined) => (key ? mediaUrl(key) : null);

export const presentResourceRow = (r: ResourceListRecord): ResourceRow => ({
  resource_id: r.id,
  title: r.title,
  type: r.type as ExerciseType,
  grade: r.grade,
  origin_type: r.originType,
  item_count: r.itemCount,
  pack_code: r.packCode,
});

const presentItem = (it: StoredItem): ResourceDetail['items'][number] => ({
  index: it.index,
  screen_text: it.screen_text,
  screen_text_translation: it.screen_text_translation,
  screen_pic: url(it.screen_pic),
  audio_file: url(it.audio_file),
  ...(it.ipa !== undefined ? { ipa: it.ipa } : {}),
  ...(it.example !== undefined
    ? {
        example: it.example && {
          text: it.example.text,
          translation: it.example.translation,
          audio_file: url(it.example.audio_file),
        },
      }
    : {}),
  ...(it.role !== undefined ? { role: it.role } : {}),
  ...(it.wait_items
    ? {
        wait_items: it.wait_items.map((w) => ({
          after_index: w.after_index,
          role: w.role,
          screen_text: w.screen_text,
          screen_text_translation: w.screen_text_translation,
          audio_file: url(w.audio_file),
        })),
      }
    : {}),
  ...(it.script !== undefined
    ? { script: it.script && { text: it.script.text, translation: it.script.translation } }
    : {}),
  ...(it.questions
    ? {
        questions: it.questions.map((q) => ({
          content: q.content,
          translation: q.translation,
          audio_file: url(q.audio_file),
        })),
      }
    : {}),
  ...(it.answers
    ? {
        answers: it.answers.map((a) => ({
          index: a.index,
          content: a.type === 'image' ? mediaUrl(a.content) : a.content,
          type: a.type,
          ...(a.alt !== undefined ? { alt: a.alt } : {}),
          correct: a.correct,
        })),
      }
    : {}),
  ...(it.note_homework !== undefined ? { note_homework: it.note_homework } : {}),
});

export function presentResourceDetail(r: ResourceRecord): ResourceDetail {
  const content = r.content as StoredContent;
  const ft = content.full_text;
  return {
    resource_id: r.id,
    title: r.title,
    type: r.type as ExerciseType,
    grade: r.grade,
    origin_type: r.originType,
    resource_path: mediaUrl(''),
    resource_version: r.version,
    full_text: ft && {
      screen_text: ft.screen_text,
      audio_file: url(ft.audio_file),
      sentences: ft.sentences.map((s) => ({
        index: s.index,
        text: s.text,
        translation: s.translation,
        start_ms: s.start_ms,
        end_ms: s.end_ms,
      })),
    },
    word_book: r.wordBookCode && r.wordBookPart !== null ? { code: r.wordBookCode, part: r.wordBookPart } : null,
    items: content.items.map(presentItem),
  };
}

export const presentPackRow = (p: PackRecord, total: number): PackRow => ({
  code: p.code,
  title: p.title,
  type: p.type as ExerciseType,
  total,
});

/**
 * A word test's words in the word-reading preview shape, in the order drawn (`ids`), indexed
 * from 0; ids whose word is gone are left out.
 */
export function presentWordItems(words: WordRecord[], ids: number[]): ResourceDetail['items'] {
  const byId = new Map(words.map((w) => [w.id, w]));
  return ids
    .map((id) => byId.get(id))
    .filter((w): w is WordRecord => w !== undefined)
    .map((w, index) => ({
      index,
      screen_text: w.word,
      screen_text_translation: w.meaning,
      screen_pic: url(w.picture),
      audio_file: url(w.audioKey),
      ipa: w.ipa,
    }));
}

type Found<F extends (...args: never[]) => Promise<unknown>> = NonNullable<Awaited<ReturnType<F>>>;

/** A pack with its resources. */
export const presentPackDetail = (found: Found<typeof repo.findPack>) => ({
  ...presentPackRow(found.pack, found.total),
  resources: found.resources.map(presentResourceRow),
});

/** A word book with its parts and how many words each holds. */
export const presentWordBookParts = (found: Found<typeof repo.findWordBookParts>) => ({
  code: found.book.code,
  title: found.book.title,
  max_part: found.book.maxPart,
  parts: found.parts.map((p) => ({ part: p.part, word_count: p.wordCount })),
});

/** A word book of the list, with its word count. */
export const presentWordBookRow = (r: Awaited<ReturnType<typeof repo.listWordBooks>>[number]) => ({
  code: r.book.code,
  title: r.book.title,
  grade: r.book.grade,
  max_part: r.book.maxPart,
  word_count: r.wordCount,
});
