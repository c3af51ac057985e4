import { randomBytes } from 'node:crypto';
import { parseWav } from '@ondoku/speech';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { libraryAudioOverrides, libraryResources, mediaFiles } from '../../db/schema/index.js';
import { storeMedia } from '../media/index.js';
import { createAudioMaker, type AudioMaker, type MadeAudio, type Voice } from './audio.js';
import { buildLibrary, searchKeyOf, type StoredContent } from './content.js';
import { applyOverride, installLibrary, type LibraryMedia } from './install.js';
import { headquartersSource, type LibrarySource } from './source.js';
import type { Grade, Material, TextLine } from './material/types.js';

/**
 * Classroom material: a teacher's own resource, visible to that teacher only (the seed's demo
 * material now, the recitation issue's texts later). Made by the same builder as headquarters
 * material, so it has model audio and the same preview shape.
 */
export type ClassroomResourceDef =
  | { type: 'sentence_reading'; title: string; grade: Grade; sentences: Array<TextLine & { note?: string }> }
  | { type: 'article_reading'; title: string; grade: Grade; sentences: TextLine[]; note?: string };

const emptyMaterial: Material = {
  wordBooks: [],
  sentenceSets: [],
  articles: [],
  dialogs: [],
  grammarSets: [],
  listeningSets: [],
  readingSets: [],
  packs: [],
  pronunciations: {},
};

export async function createClassroomResource(
  db: DbOrTx,
  teacher: { id: number },
  def: ClassroomResourceDef,
  media: LibraryMedia,
) {
  return saveClassroomResource(db, teacher, def, media);
}

/** Model audio a teacher recorded herself, put in place of the synthesised one (applyOverride's targets). */
export interface ClassroomRecording {
  /** `item:N` (a sentence of a set) or `full_text` (a passage). */
  target: string;
  key: string;
  durationMs: number | null;
}

/** An audio maker whose lines are read in `voice` unless told otherwise. */
function inVoice(audio: AudioMaker, voice: Voice): AudioMaker {
  return {
    ...audio,
    speak: (text, v = voice) => audio.speak(text, v),
    article: (sentences, v = voice) => audio.article(sentences, v),
  };
}

/**
 * The model audio of classroom text, made and checked as the library's is (createAudioMaker):
 * one line per sentence, or a passage read as one chapter. Free recitation previews with it, and
 * saving the resource later finds the same audio in the synthesis cache.
 */
export async function makeClassroomAudio(
  db: DbOrTx,
  media: LibraryMedia,
  voice: Voice,
  req: { kind: 'sentences' | 'passage'; sentences: string[] },
): Promise<Array<MadeAudio & { sentences?: Array<{ start_ms: number; end_ms: number }> }>> {
  const audio = createAudioMaker(media);
  const made =
    req.kind === 'passage'
      ? [await audio.article(req.sentences, voice)]
      : await Promise.all(req.sentences.map((s) => audio.speak(s, voice)));
  const files = audio.files();
  await db
    .insert(mediaFiles)
    .values(
      files.map((f) => ({ key: f.key, contentType: f.contentType, byteSize: f.byteSize, durationMs: f.durationMs })),
    )
    .onConflictDoNothing({ target: mediaFiles.key });
  return made;
}

/**
 * Stores a classroom resource: new, or in place of `replaceId` (one of the teacher's own, version
 * + 1). Model audio in `voice` (the library's model voice by default), checked by our evaluator;
 * `recordings` take the place of the synthesised audio they name.
 */
export async function saveClassroomResource(
  db: DbOrTx,
  teacher: { id: number },
  def: ClassroomResourceDef,
  media: LibraryMedia,
  opts: {
    voice?: Voice;
    recordings?: ClassroomRecording[];
    replaceId?: number;
    /** No model audio in the resource (free recitation's need_template 0): the child reads unaided. */
    withoutAudio?: boolean;
  } = {},
) {
  const key = `classroom:${teacher.id}:${randomBytes(8).toString('hex')}`;
  const base = { key, title: def.title, grade: def.grade, theme: 'classroom' };
  const material: Material =
    def.type === 'sentence_reading'
      ? { ...emptyMaterial, sentenceSets: [{ ...base, sentences: def.sentences }] }
      : { ...emptyMaterial, articles: [{ ...base, sentences: def.sentences, note: def.note }] };
  const made = createAudioMaker(media);
  const audio = opts.voice ? inVoice(made, opts.voice) : made;
  // Classroom material may use the project's pictures (the demo's sentences do).
  const { resources } = await buildLibrary(material, audio, headquartersSource().picturesDirs);
  const built = resources[0]!;
  for (const r of opts.recordings ?? []) applyOverride(built.content, r.target, r);
  if (opts.withoutAudio) {
    for (const item of built.content.items) item.audio_file = null;
    if (built.content.full_text) built.content.full_text.audio_file = null;
  }
  return db.transaction(async (tx) => {
    const files = made.files();
    if (files.length > 0) {
      await tx
        .insert(mediaFiles)
        .values(
          files.map((f) => ({
            key: f.key,
            contentType: f.contentType,
            byteSize: f.byteSize,
            durationMs: f.durationMs,
          })),
        )
        .onConflictDoNothing({ target: mediaFiles.key });
    }
    const values = {
      type: built.type,
      title: built.title,
      grade: built.grade,
      itemCount: built.content.items.length,
      content: built.content,
      searchKey: searchKeyOf(built.title, built.content),
    };
    if (opts.replaceId !== undefined) {
      const [row] = await tx
        .update(libraryResources)
        .set({ ...values, version: sql`${libraryResources.version} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(libraryResources.id, opts.replaceId),
            eq(libraryResources.teacherId, teacher.id),
            eq(libraryResources.originType, 'classroom'),
            isNull(libraryResources.deletedAt),
          ),
        )
        .returning();
      if (!row) throw new Error(`classroom resource ${opts.replaceId} is not the teacher's`);
      return row;
    }
    const [row] = await tx
      .insert(libraryResources)
      .values({ ...values, key, originType: 'classroom', teacherId: teacher.id })
      .returning();
    return row!;
  });
}

/** Removes one of the teacher's classroom resources from the library (soft: homework rows keep their link). */
export async function deleteClassroomResource(db: DbOrTx, teacher: { id: number }, id: number) {
  const [row] = await db
    .update(libraryResources)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(libraryResources.id, id),
        eq(libraryResources.teacherId, teacher.id),
        eq(libraryResources.originType, 'classroom'),
        isNull(libraryResources.deletedAt),
      ),
    )
    .returning({ id: libraryResources.id, content: libraryResources.content });
  return row ?? null;
}

/** Recordings a school may put in place of model audio, by file extension. */
const recordingTypes: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

export class ReplaceAudioError extends Error {}

/**
 * Puts a human recording in place of one model audio of a headquarters resource
 * (`npm run admin -- library-replace-audio`), or with `bytes: null` goes back to the model audio.
 * The override is kept in library_audio_overrides and applied by a forced install (every line
 * comes from the synthesis cache), so the resource's version goes up and later installs keep it.
 */
export async function replaceResourceAudio(
  db: Db,
  media: LibraryMedia,
  source: LibrarySource,
  req: { key: string; target: string; file: { name: string; bytes: Uint8Array } | null },
): Promise<{ version: number; mediaKey: string | null }> {
  const [row] = await db
    .select()
    .from(libraryResources)
    .where(and(eq(libraryResources.key, req.key), eq(libraryResources.originType, 'headquarters')));
  if (!row) throw new ReplaceAudioError(`教材キー「${req.key}」の本部教材は見つかりません。`);
  if (!applyOverride(structuredClone(row.content as StoredContent), req.target, { key: 'probe', durationMs: null }))
    throw new ReplaceAudioError(
      `「${req.target}」はこの教材にありません（item:番号、wait:番号:番号、full_text のいずれか）。`,
    );
  let mediaKey: string | null = null;
  if (req.file) {
    const ext = req.file.name.split('.').pop()?.toLowerCase() ?? '';
    const contentType = recordingTypes[ext];
    if (!contentType) throw new ReplaceAudioError('録音は wav, mp3, m4a, ogg, webm のいずれかにしてください。');
    let durationMs: number | null = null;
    if (contentType === 'audio/wav') {
      try {
        const wav = parseWav(req.file.bytes);
        durationMs = Math.round((wav.samples.length / wav.channels / wav.sampleRate) * 1000);
      } catch {
        throw new ReplaceAudioError('WAV ファイルとして読めません（PCM 8/16 ビットの WAV にしてください）。');
      }
    }
    const stored = await storeMedia(db, media.storage, req.file.bytes, contentType, { durationMs });
    mediaKey = stored.key;
    await db
      .insert(libraryAudioOverrides)
      .values({ resourceKey: req.key, target: req.target, mediaKey })
      .onConflictDoUpdate({
        target: [libraryAudioOverrides.resourceKey, libraryAudioOverrides.target],
        set: { mediaKey, createdAt: new Date() },
      });
  } else {
    await db
      .delete(libraryAudioOverrides)
      .where(and(eq(libraryAudioOverrides.resourceKey, req.key), eq(libraryAudioOverrides.target, req.target)));
  }
  await installLibrary(db, media, source, { force: true });
  const [after] = await db.select().from(libraryResources).where(eq(libraryResources.key, req.key));
  return { version: after!.version, mediaKey };
}
