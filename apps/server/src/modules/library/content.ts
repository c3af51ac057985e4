import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExerciseType } from '@ondoku/contract';
import type { AudioMaker, Voice } from './audio.js';
import { MODEL_VOICE, PARTNER_VOICES } from './audio.js';
import type { Choice, Material, PictureName } from './material/types.js';
import { wordBookResourceKey } from './material/types.js';

/**
 * The stored preview data of a resource (library_resources.content): the contract's preview
 * shape (the resource fields of the API) with storage keys where the reply has URLs (audio_file, screen_pic, image
 * choices); presenter.ts turns keys into URLs.
 */
export interface StoredChoice {
  index: number;
  content: string;
  type: 'text' | 'image';
  alt?: string;
  correct: boolean;
}
export interface StoredWaitItem {
  after_index: number;
  role: string;
  screen_text: string;
  screen_text_translation: string;
  audio_file: string | null;
}
export interface StoredItem {
  index: number;
  screen_text: string;
  screen_text_translation: string;
  screen_pic: string | null;
  audio_file: string | null;
  ipa?: string | null;
  example?: { text: string; translation: string; audio_file: string | null } | null;
  role?: string;
  wait_items?: StoredWaitItem[];
  script?: { text: string; translation: string } | null;
  questions?: Array<{ content: string; translation: string; audio_file: string | null }>;
  answers?: StoredChoice[];
  note_homework?: string | null;
}
export interface StoredFullText {
  screen_text: string;
  audio_file: string | null;
  sentences: Array<{ index: number; text: string; translation: string; start_ms: number; end_ms: number }>;
}
export interface StoredContent {
  full_text: StoredFullText | null;
  items: StoredItem[];
}

export interface BuiltResource {
  key: string;
  type: ExerciseType;
  title: string;
  grade: number;
  wordBookCode: string | null;
  wordBookPart: number | null;
  content: StoredContent;
}

export interface BuiltWord {
  bookCode: string;
  part: number;
  position: number;
  word: string;
  meaning: string;
  ipa: string;
  example: string;
  exampleTranslation: string;
  picture: string | null;
  audioKey: string | null;
}

/** Reads pictures from the source's folders (first match), stores each once. */
export function pictureStore(audio: AudioMaker, dirs: string[]) {
  const cache = new Map<string, Promise<string>>();
  return (name: PictureName): Promise<string> => {
    let p = cache.get(name);
    if (!p) {
      p = (async () => {
        // The material names a picture by its SVG's base name ('rice' is pictures/rice.svg).
        const file = name.endsWith('.svg') ? name : `${name}.svg`;
        if (!/^[\w.-]+\.svg$/.test(file)) throw new Error(`picture names are SVG file names: ${name}`);
        for (const dir of dirs) {
          const bytes = await fs.readFile(path.join(dir, file)).catch(() => null);
          if (bytes) return audio.file(bytes, 'image/svg+xml');
        }
        throw new Error(`picture not found: ${name} (looked in ${dirs.join(', ')})`);
      })();
      cache.set(name, p);
    }
    return p;
  };
}

/** The full text of an article or passage, with one audio and each sentence's span in it. */
async function fullText(audio: AudioMaker, lines: Array<{ text: string; translation: string }>) {
  const made = await audio.article(lines.map((l) => l.text));
  return {
    screen_text: lines.map((l) => l.text).join(' '),
    audio_file: made.key,
    sentences: lines.map((l, index) => ({
      index,
      text: l.text,
      translation: l.translation,
      start_ms: made.sentences[index]!.start_ms,
      end_ms: made.sentences[index]!.end_ms,
    })),
  } satisfies StoredFullText;
}

async function choices(picture: (n: string) => Promise<string>, list: Choice[], correct: number) {
  return Promise.all(
    list.map(async (c, index): Promise<StoredChoice> =>
      'text' in c
        ? { index, content: c.text, type: 'text', correct: index === correct }
        : { index, content: await picture(c.picture), type: 'image', alt: c.alt, correct: index === correct },
    ),
  );
}

/** The sentence a grammar question's audio reads: the prompt with the correct choice in its blank. */
export const filledPrompt = (prompt: string, choice: string) => prompt.replace(/_{2,}/, choice);

/**
 * Every resource, word and picture of the material, with its model audio made (or found in the
 * cache). Pure of the database: the installer compares the result with what is installed.
 */
/** Resources made at once: enough lines queued to keep the speech workers busy. */
const RESOURCES_IN_FLIGHT = 6;

export async function buildLibrary(
  material: Material,
  audio: AudioMaker,
  picturesDirs: string[],
  /** Told of each resource as soon as it is made (its audio and pictures stored). */
  onResource?: (r: BuiltResource) => Promise<void> | void,
) {
  const picture = pictureStore(audio, picturesDirs);
  const resources: BuiltResource[] = [];
  const words: BuiltWord[] = [];

  const bookParts = material.wordBooks.flatMap((book) => book.parts.map((entries, p) => ({ book, entries, p })));
  const wordJobs = bookParts.map(({ book, entries, p }) => ({
    grade: book.grade,
    type: 'word_reading',
    run: async () => {
      const out: { words: BuiltWord[]; resources: BuiltResource[] } = { words: [], resources: [] };
      {
        const part = p + 1;
        const made = await Promise.all(
          entries.map(async (w) => ({
            w,
            word: await audio.speak(w.word),
            example: await audio.speak(w.example),
            pic: w.picture ? await picture(w.picture) : null,
          })),
        );
        made.forEach(({ w, word, pic }, position) =>
          out.words.push({
            bookCode: book.code,
            part,
            position,
            word: w.word,
            meaning: w.meaning,
            ipa: w.ipa,
            example: w.example,
            exampleTranslation: w.example_translation,
            picture: pic,
            audioKey: word.key,
          }),
        );
        for (const type of ['word_study', 'word_reading'] as const) {
          out.resources.push({
            key: wordBookResourceKey(book.code, type, part),
            type,
            title: `${book.title} Part ${part}（${type === 'word_study' ? '単語学習' : '単語音読'}）`,
            grade: book.grade,
            wordBookCode: book.code,
            wordBookPart: part,
            content: {
              full_text: null,
              items: made.map(({ w, word, example, pic }, index) => ({
                index,
                screen_text: w.word,
                screen_text_translation: w.meaning,
                screen_pic: pic,
                audio_file: word.key,
                ipa: w.ipa,
                ...(type === 'word_study'
                  ? { example: { text: w.example, translation: w.example_translation, audio_file: example.key } }
                  : {}),
              })),
            },
          });
        }
      }
      return out;
    },
  }));

  const sentenceJobs = material.sentenceSets.map((set) =>
    job(set.grade, 'sentence_reading', async () => {
      const items = await Promise.all(
        set.sentences.map(async (s, index): Promise<StoredItem> => ({
          index,
          screen_text: s.text,
          screen_text_translation: s.translation,
          screen_pic: s.picture ? await picture(s.picture) : null,
          audio_file: (await audio.speak(s.text)).key,
          note_homework: s.note ?? null,
        })),
      );
      return plain(set, 'sentence_reading', { full_text: null, items });
    }),
  );

  const articleJobs = material.articles.map((a) =>
    job(a.grade, 'article_reading', async () => {
      const full = await fullText(audio, a.sentences);
      const item: StoredItem = {
        index: 0,
        screen_text: full.screen_text,
        screen_text_translation: a.sentences.map((s) => s.translation).join(''),
        screen_pic: null,
        audio_file: full.audio_file,
        note_homework: a.note ?? null,
      };
      return plain(a, 'article_reading', { full_text: full, items: [item] });
    }),
  );

  const dialogJobs = material.dialogs.map((d) =>
    job(d.grade, 'dialog', async () => {
      const partners = d.roles.filter((r) => r !== d.child_role);
      const voiceOf = (role: string): Voice =>
        role === d.child_role ? MODEL_VOICE : PARTNER_VOICES[partners.indexOf(role) % PARTNER_VOICES.length]!;
      const turns = await Promise.all(
        d.turns.map(async (t) => ({ t, audio: await audio.speak(t.text, voiceOf(t.role)) })),
      );
      const items: StoredItem[] = [];
      let waiting: StoredWaitItem[] = [];
      for (const { t, audio: a } of turns) {
        const line = { screen_text: t.text, screen_text_translation: t.translation, audio_file: a.key };
        if (t.role !== d.child_role) {
          waiting.push({ after_index: items.length - 1, role: t.role, ...line });
          continue;
        }
        items.push({ index: items.length, ...line, screen_pic: null, role: t.role, wait_items: waiting });
        waiting = [];
      }
      // Partner lines after the child's last turn: on the last item, after_index = its own index.
      if (waiting.length > 0 && items.length > 0) items[items.length - 1]!.wait_items!.push(...waiting);
      return plain(d, 'dialog', { full_text: null, items });
    }),
  );

  const grammarJobs = material.grammarSets.map((g) =>
    job(g.grade, 'grammar_choice', async () => {
      const items = await Promise.all(
        g.questions.map(async (q, index): Promise<StoredItem> => {
          const spoken = await audio.speak(filledPrompt(q.prompt, q.choices[q.correct]!));
          return {
            index,
            screen_text: q.prompt,
            screen_text_translation: q.translation,
            screen_pic: null,
            audio_file: spoken.key,
            // No audio for the question itself: it would read the answer out.
            questions: [{ content: q.prompt, translation: q.translation, audio_file: null }],
            answers: q.choices.map((c, i) => ({ index: i, content: c, type: 'text', correct: i === q.correct })),
            note_homework: q.note ?? null,
          };
        }),
      );
      return plain(g, 'grammar_choice', { full_text: null, items });
    }),
  );

  const listeningJobs = material.listeningSets.map((l) =>
    job(l.grade, 'listening', async () => {
      const items = await Promise.all(
        l.questions.map(async (q, index): Promise<StoredItem> => ({
          index,
          screen_text: q.question,
          screen_text_translation: q.question_translation,
          screen_pic: null,
          audio_file: (await audio.speak(q.script)).key,
          script: { text: q.script, translation: q.script_translation },
          questions: [
            {
              content: q.question,
              translation: q.question_translation,
              audio_file: (await audio.speak(q.question)).key,
            },
          ],
          answers: await choices(picture, q.choices, q.correct),
        })),
      );
      return plain(l, 'listening', { full_text: null, items });
    }),
  );

  const readingJobs = material.readingSets.map((r) =>
    job(r.grade, 'reading_comprehension', async () => {
      const full = await fullText(audio, r.passage);
      const items = await Promise.all(
        r.questions.map(async (q, index): Promise<StoredItem> => {
          const spoken = await audio.speak(q.question);
          return {
            index,
            screen_text: q.question,
            screen_text_translation: q.question_translation,
            screen_pic: null,
            audio_file: spoken.key,
            questions: [{ content: q.question, translation: q.question_translation, audio_file: spoken.key }],
            answers: await choices(picture, q.choices, q.correct),
          };
        }),
      );
      return plain(r, 'reading_comprehension', { full_text: full, items });
    }),
  );

  // In the library's own order (grade, then type), a few resources at a time: the speech workers
  // take lines first come, first served, and a line's check follows its synthesis, so asking for
  // every line at once made every resource wait for nearly all of them. A few resources in flight
  // keep both workers busy and finish the first pages first, which a first start's install shows
  // while the rest is made (docs/first-start.md).
  const ordered = [
    ...wordJobs,
    ...sentenceJobs,
    ...articleJobs,
    ...dialogJobs,
    ...grammarJobs,
    ...listeningJobs,
    ...readingJobs,
  ]
    .map((j, i) => ({ j, i }))
    .sort((a, b) => a.j.grade - b.j.grade || a.j.type.localeCompare(b.j.type) || a.i - b.i)
    .map(({ j }) => j);
  const done: { words: BuiltWord[]; resources: BuiltResource[] }[] = [];
  let next = 0;
  // Told in the library's order (a resource waits for those before it), so rows written as they
  // come keep that order.
  let told = 0;
  let telling = Promise.resolve();
  const tell = () =>
    (telling = telling.then(async () => {
      while (told < ordered.length && done[told]) {
        for (const r of done[told]!.resources) await onResource?.(r);
        told++;
      }
    }));
  const worker = async () => {
    while (next < ordered.length) {
      const at = next++;
      const made = await ordered[at]!.run();
      done[at] = 'words' in made ? made : { words: [], resources: [made] };
      await tell();
    }
  };
  await Promise.all(Array.from({ length: Math.min(RESOURCES_IN_FLIGHT, ordered.length) }, worker));
  await tell();
  for (const part of done) {
    words.push(...part.words);
    resources.push(...part.resources);
  }
  return { resources, words };
}

/** A resource to make, with where it stands in the library's order. */
function job<T>(grade: number, type: string, run: () => Promise<T>) {
  return { grade, type, run };
}

/** How many resources `buildLibrary` makes of this material (a first start's progress counts them). */
export const resourceCountOf = (material: Material) =>
  material.wordBooks.reduce((n, b) => n + 2 * b.parts.length, 0) +
  material.sentenceSets.length +
  material.articles.length +
  material.dialogs.length +
  material.grammarSets.length +
  material.listeningSets.length +
  material.readingSets.length;

function plain(
  def: { key: string; title: string; grade: number },
  type: ExerciseType,
  content: StoredContent,
): BuiltResource {
  return { key: def.key, type, title: def.title, grade: def.grade, wordBookCode: null, wordBookPart: null, content };
}

/** Title and every text of a resource, NFKC lower-cased, for keyword search (trigram index). */
export function searchKeyOf(title: string, content: StoredContent): string {
  const parts = [title];
  if (content.full_text) parts.push(content.full_text.screen_text);
  for (const it of content.items) {
    parts.push(it.screen_text, it.screen_text_translation);
    if (it.example) parts.push(it.example.text);
    if (it.script) parts.push(it.script.text);
    for (const w of it.wait_items ?? []) parts.push(w.screen_text);
  }
  return parts.join('\u001f').normalize('NFKC').toLowerCase();
}
