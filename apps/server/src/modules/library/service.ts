import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { libraryResources, mediaFiles } from '../../db/schema/index.js';
import { createAudioMaker } from './audio.js';
import { buildLibrary, searchKeyOf } from './content.js';
import type { LibraryMedia } from './install.js';
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
  db: Db,
  teacher: { id: number },
  def: ClassroomResourceDef,
  media: LibraryMedia,
) {
  const key = `classroom:${teacher.id}:${randomBytes(8).toString('hex')}`;
  const base = { key, title: def.title, grade: def.grade, theme: 'classroom' };
  const material: Material =
    def.type === 'sentence_reading'
      ? { ...emptyMaterial, sentenceSets: [{ ...base, sentences: def.sentences }] }
      : { ...emptyMaterial, articles: [{ ...base, sentences: def.sentences, note: def.note }] };
  const audio = createAudioMaker(media);
  const { resources } = await buildLibrary(material, audio, []);
  const built = resources[0]!;
  return db.transaction(async (tx) => {
    const files = audio.files();
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
    const [row] = await tx
      .insert(libraryResources)
      .values({
        key,
        originType: 'classroom',
        teacherId: teacher.id,
        type: built.type,
        title: built.title,
        grade: built.grade,
        itemCount: built.content.items.length,
        content: built.content,
        searchKey: searchKeyOf(built.title, built.content),
      })
      .returning();
    return row!;
  });
}
