import { randomUUID } from 'node:crypto';
import {
  charLength,
  chapterHasEnoughWords,
  messages,
  ErrorCode,
  recitationLimits,
  recitationMessages,
  splitRecitationPassage,
  type EvaluationCategory,
  type RecitationCategory,
  type ToneTypeItem,
} from '@ondoku/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { libraryResources, mediaFiles, recitationDrafts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import type { Storage } from '../../lib/storage.js';
import {
  deleteClassroomResource,
  makeClassroomAudio,
  saveClassroomResource,
  type ClassroomRecording,
  type LibraryMedia,
  type Voice,
} from '../library/index.js';
import { storeMedia } from '../media/index.js';
import { convertUpload } from './convert.js';
import { requireOwnDraft, requireOwnClassroomResource, requireResourceNotInUse } from './policy.js';
import {
  deleteAbandonedDrafts,
  deleteDraftsOfResource,
  draftsOfResource,
  insertDraft,
  lastSavedDraftOf,
  lockTeacherQuota,
  quotaOf,
  resourceInUse,
  updateDraft,
  type DraftRecord,
  type RecitationDraftAudio,
} from './repository.js';

type Acting = Pick<ActingTeacher, 'id'>;

/**
 * The voices text-to-speech offers (docs/free-recitation.md, "Voices"): the library's engine and
 * its best-scoring voice first (the default), then a slower reading for beginners, a male voice,
 * British English and a low voice. Every line is checked by our evaluator like the library's.
 */
export const RECITATION_VOICES: ReadonlyArray<ToneTypeItem & { voice: Voice }> = [
  { tone_type: 1, name: '女性・アメリカ英語（標準）', speed: 1, voice: { toneType: 5, speed: 1 } },
  { tone_type: 2, name: '女性・アメリカ英語（ゆっくり・初級向け）', speed: 0.8, voice: { toneType: 5, speed: 0.8 } },
  { tone_type: 3, name: '男性・アメリカ英語', speed: 1, voice: { toneType: 2, speed: 1 } },
  { tone_type: 4, name: '男性・アメリカ英語（ゆっくり）', speed: 0.8, voice: { toneType: 2, speed: 0.8 } },
  { tone_type: 5, name: '女性・イギリス英語', speed: 1, voice: { toneType: 3, speed: 1 } },
  { tone_type: 6, name: '男性・アメリカ英語（低め）', speed: 1, voice: { toneType: 6, speed: 1 } },
];

export const toneTypeItems = (): ToneTypeItem[] =>
  RECITATION_VOICES.map(({ tone_type, name, speed }) => ({ tone_type, name, speed }));

function voiceOf(toneType: number): Voice {
  const v = RECITATION_VOICES.find((x) => x.tone_type === toneType);
  if (!v) throw AppError.badRequest(recitationMessages.toneTypeUnknown);
  return v.voice;
}

export const splitPassage = splitRecitationPassage;

/** The draft's texts for the content sent: 5 sentences, or the passage. Checked against the category. */
function textsOf(category: RecitationCategory, content: string | string[]): string[] {
  if (category === 'read_sentence') {
    if (!Array.isArray(content)) throw AppError.badRequest(recitationMessages.sentenceCount);
    return content;
  }
  if (Array.isArray(content)) throw AppError.badRequest(recitationMessages.categoryMismatch);
  if (!chapterHasEnoughWords(content)) throw AppError.badRequest(recitationMessages.chapterTooShort);
  return [content];
}

const categoryOfLine = (text: string): EvaluationCategory =>
  text.split(' ').length === 1 ? 'read_word' : 'read_sentence';

export async function startDraft(tx: DbOrTx, teacher: Acting, input: { category: RecitationCategory; id?: number }) {
  if (input.id === undefined)
    return insertDraft(tx, teacher.id, { guid: randomUUID(), category: input.category, resourceId: null });
  await requireOwnClassroomResource(tx, teacher, input.id);
  await requireResourceNotInUse(tx, input.id);
  const last = await lastSavedDraftOf(tx, teacher.id, input.id);
  if (last && last.category !== input.category) throw AppError.badRequest(recitationMessages.categoryMismatch);
  return insertDraft(
    tx,
    teacher.id,
    { guid: randomUUID(), category: input.category, resourceId: input.id },
    last
      ? {
          toneType: last.toneType,
          content: last.content,
          translate: last.translate,
          audio: last.audio,
          title: last.title,
          grade: last.grade,
        }
      : {},
  );
}

/** Model audio in the chosen voice, made and checked by the library's audio path, kept in the draft. */
export async function speak(
  db: DbOrTx,
  teacher: Acting,
  media: LibraryMedia,
  input: { guid: string; tone_type: number; content: string | string[] },
) {
  const draft = await requireOwnDraft(db, teacher, input.guid);
  const voice = voiceOf(input.tone_type);
  const texts = textsOf(draft.category, input.content);
  const made =
    draft.category === 'read_chapter'
      ? await makeClassroomAudio(db, media, voice, { kind: 'passage', sentences: splitPassage(texts[0]!) })
      : await makeClassroomAudio(db, media, voice, { kind: 'sentences', sentences: texts });
  const audio: RecitationDraftAudio[] = made.map((m, index) => ({
    index,
    key: m.key,
    durationMs: m.durationMs,
    source: 'tts',
    text: texts[index]!,
    toneType: input.tone_type,
    score: Math.round(m.score ?? 0),
    flagged: false,
    ...(m.sentences ? { sentences: m.sentences } : {}),
  }));
  await updateDraft(db, draft.guid, { toneType: input.tone_type, content: texts, audio });
  return audio;
}

export async function saveTranslation(tx: DbOrTx, teacher: Acting, input: { guid: string; translate: string[] }) {
  const draft = await requireOwnDraft(tx, teacher, input.guid);
  const updated = await updateDraft(tx, draft.guid, { translate: input.translate });
  return updated.translate;
}

/**
 * A recording of the teacher: converted to a 16 kHz WAV, scored by our evaluator against the text
 * it reads, and flagged when it does not match (a wrong file, a cough).
 */
export async function receiveRecording(
  db: DbOrTx,
  teacher: Acting,
  media: LibraryMedia,
  input: { guid: string; index: number; content: string },
  file: { filename: string; buffer: Buffer },
) {
  const draft = await requireOwnDraft(db, teacher, input.guid);
  const chapter = draft.category === 'read_chapter';
  if (chapter ? input.index !== 0 : input.index >= recitationLimits.sentencesPerSet)
    throw AppError.badRequest(recitationMessages.indexOutOfRange);
  if (chapter && !chapterHasEnoughWords(input.content)) throw AppError.badRequest(recitationMessages.chapterTooShort);
  if (!chapter && charLength(input.content) > recitationLimits.sentenceMax)
    throw AppError.badRequest(messages.overLength);
  const audio = await convertUpload(new Uint8Array(file.buffer), file.filename);
  const { total_score } = await media.synth.evaluate(
    audio.pcm,
    input.content,
    chapter ? 'read_chapter' : categoryOfLine(input.content),
  );
  const score = Math.round(total_score);
  const stored = await storeMedia(db, media.storage, audio.wav, 'audio/wav', { durationMs: audio.durationMs });
  const entry: RecitationDraftAudio = {
    index: input.index,
    key: stored.key,
    durationMs: audio.durationMs,
    source: 'recording',
    text: input.content,
    toneType: null,
    score,
    flagged: score < recitationLimits.recordingMatchScore,
  };
  const others = draft.audio.filter((a) => a.index !== input.index);
  await updateDraft(db, draft.guid, { audio: [...others, entry].sort((a, b) => a.index - b.index) });
  return entry;
}

export async function remaining(db: DbOrTx, teacher: Acting, now: Date) {
  return quotaOf(db, teacher.id, now, recitationLimits.defaultMonthlyQuota);
}

/**
 * Saves the draft as classroom material. The same guid again answers the resource it made (the
 * draft row is locked, so two at once make one). A new resource uses one of the month's quota;
 * an edit (the draft of an existing resource) does not.
 */
export async function create(
  tx: DbOrTx,
  teacher: Acting,
  media: LibraryMedia,
  input: {
    id?: number;
    guid: string;
    tone_type: number;
    content: string | string[];
    category: RecitationCategory;
    need_template: number;
    title?: string;
    grade: number;
  },
  now: Date,
): Promise<DraftRecord> {
  const draft = await requireOwnDraft(tx, teacher, input.guid);
  if (draft.savedAt && draft.resourceId !== null) return draft;
  if (draft.savedAt) throw new AppError(ErrorCode.RECITATION_DRAFT_USED, recitationMessages.guidUsed);
  if (input.category !== draft.category) throw AppError.badRequest(recitationMessages.categoryMismatch);
  if (input.id !== undefined && input.id !== draft.resourceId)
    throw AppError.badRequest(recitationMessages.guidUnknown);
  const replaceId = draft.resourceId ?? undefined;
  if (replaceId !== undefined) {
    await requireOwnClassroomResource(tx, teacher, replaceId);
    await requireResourceNotInUse(tx, replaceId);
  }
  const voice = voiceOf(input.tone_type);
  const texts = textsOf(draft.category, input.content);
  if (replaceId === undefined) {
    await lockTeacherQuota(tx, teacher.id);
    const quota = await quotaOf(tx, teacher.id, now, recitationLimits.defaultMonthlyQuota);
    if (quota.remaining <= 0)
      throw new AppError(ErrorCode.RECITATION_QUOTA_EXHAUSTED, recitationMessages.quotaExhausted);
  }
  // A recording counts for the text it reads as it is now; a changed text falls back to the voice.
  const recordings = draft.audio.filter((a) => a.source === 'recording' && a.text === texts[a.index]);
  if (input.need_template === 1 && recordings.some((r) => r.flagged))
    throw new AppError(ErrorCode.RECITATION_RECORDING_FLAGGED, recitationMessages.recordingFlaggedOnCreate);
  const chapter = draft.category === 'read_chapter';
  const lines = chapter ? splitPassage(texts[0]!) : texts;
  const title = input.title || draft.title || titleFrom(lines[0]!);
  const translate = draft.translate;
  const def = chapter
    ? {
        type: 'article_reading' as const,
        title,
        grade: input.grade as 3 | 4 | 5 | 6,
        sentences: lines.map((text, i) => ({ text, translation: translate[i] ?? '' })),
      }
    : {
        type: 'sentence_reading' as const,
        title,
        grade: input.grade as 3 | 4 | 5 | 6,
        sentences: lines.map((text, i) => ({ text, translation: translate[i] ?? '' })),
      };
  const overrides: ClassroomRecording[] = recordings.map((r) => ({
    target: chapter ? 'full_text' : `item:${r.index}`,
    key: r.key,
    durationMs: r.durationMs,
  }));
  const row = await saveClassroomResource(tx, teacher, def, media, {
    voice,
    recordings: overrides,
    replaceId,
    withoutAudio: input.need_template === 0,
  });
  return updateDraft(tx, draft.guid, {
    resourceId: row.id,
    toneType: input.tone_type,
    content: texts,
    title,
    grade: input.grade,
    savedAt: now,
    consumedAt: replaceId === undefined ? now : null,
  });
}

const titleFrom = (text: string) => (text.length <= 30 ? text : `${text.slice(0, 29)}…`);

export async function resourceInfo(db: DbOrTx, teacher: Acting, resourceId: number) {
  const row = await requireOwnClassroomResource(db, teacher, resourceId);
  const last = await lastSavedDraftOf(db, teacher.id, resourceId);
  const category: RecitationCategory =
    last?.category ?? (row.type === 'article_reading' ? 'read_chapter' : 'read_sentence');
  const content = last?.content ?? [];
  return {
    resourceId: row.id,
    category,
    title: row.title,
    grade: row.grade,
    toneType: last?.toneType ?? RECITATION_VOICES[0]!.tone_type,
    content: category === 'read_chapter' ? (content[0] ?? '') : content,
    translate: last?.translate ?? [],
    inUse: await resourceInUse(db, row.id),
  };
}

const recordingKeysOf = (drafts: DraftRecord[]) => [
  ...new Set(drafts.flatMap((d) => d.audio.filter((a) => a.source === 'recording').map((a) => a.key))),
];

/**
 * The media rows of recordings nothing else uses any more (content-addressed: the same bytes may
 * be another live resource's or another draft's too), deleted in the transaction; their keys are
 * returned so the files go after the commit (`removeFiles`).
 */
async function forgetRecordings(tx: DbOrTx, keys: string[]) {
  const gone: string[] = [];
  for (const key of keys) {
    const pattern = `%${key}%`;
    const [resource] = await tx
      .select({ id: libraryResources.id })
      .from(libraryResources)
      .where(and(isNull(libraryResources.deletedAt), sql`${libraryResources.content}::text like ${pattern}`))
      .limit(1);
    const [draft] = await tx
      .select({ guid: recitationDrafts.guid })
      .from(recitationDrafts)
      .where(sql`${recitationDrafts.audio}::text like ${pattern}`)
      .limit(1);
    if (resource || draft) continue;
    await tx.delete(mediaFiles).where(eq(mediaFiles.key, key));
    gone.push(key);
  }
  return gone;
}

/**
 * Deletes a resource the teacher made, with her recordings (personal data): their media rows go
 * in the transaction, the files after the commit (`removeFiles`).
 */
export async function remove(tx: DbOrTx, teacher: Acting, resourceId: number) {
  await requireOwnClassroomResource(tx, teacher, resourceId);
  await requireResourceNotInUse(tx, resourceId);
  const keys = recordingKeysOf(await draftsOfResource(tx, teacher.id, resourceId));
  await deleteClassroomResource(tx, teacher, resourceId);
  await deleteDraftsOfResource(tx, teacher.id, resourceId);
  return forgetRecordings(tx, keys);
}

/** Drafts never saved are forgotten after this long, with their recordings. */
export const ABANDONED_DRAFT_DAYS = 7;

/** The teacher's drafts never saved and older than ABANDONED_DRAFT_DAYS, and their recordings. */
export async function forgetAbandonedDrafts(tx: DbOrTx, teacher: Acting, now: Date) {
  const before = new Date(now.getTime() - ABANDONED_DRAFT_DAYS * 86_400_000);
  const drafts = await deleteAbandonedDrafts(tx, teacher.id, before);
  return forgetRecordings(tx, recordingKeysOf(drafts));
}

export async function removeFiles(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.remove(key);
}
