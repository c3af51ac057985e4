/**
 * `npm run bench:recitation` — free recitation (docs/free-recitation.md, "Timing"): the time from
 * a teacher's "create" to a playable resource whose every model audio our evaluator has checked,
 * for a set of 5 sentences and for a 300-word passage, on the server's speech workers (2) and
 * an embedded database in a temporary DATA_DIR. "cold": nothing in the synthesis cache (a new
 * text); the steps are the calls' services (start-create-resource, text-to-speech, create-resource),
 * then the resource's audio read back from storage. "create only": create-resource after the
 * preview, when its audio is in the cache.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseWav } from '@ondoku/speech';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createLocalStorage } from '../src/lib/storage.js';
import { createTeacher } from '../src/modules/auth/service.js';
import { createSpeechService } from '../src/modules/evaluation/speech-service.js';
import { createRecitationResource, startRecitationDraft } from '../src/modules/free-recitation/index.js';
import { speak } from '../src/modules/free-recitation/service.js';
import { findVisibleResource, type LibraryMedia, type StoredContent } from '../src/modules/library/index.js';

const SENTENCES = [
  'Our class went to the science museum last Friday.',
  'We saw a big model of a dinosaur.',
  'My friend Aoi liked the stars best.',
  'I want to go there again with my family.',
  'It was the best day of this month.',
];
// About 300 words, original to this project.
const PASSAGE = [
  'My name is Sakura, and I am in the sixth grade.',
  'I live in a small town near the sea with my parents and my little brother.',
  'Every morning I walk to school with my friends, and we talk about many things.',
  'We talk about our favorite books, our homework, and the games we play after school.',
  'My favorite subject is English because I like to learn new words.',
  'Our teacher often tells us stories about her trips to other countries.',
  'Last year she went to Canada, and she showed us pictures of tall mountains and blue lakes.',
  'I want to visit Canada someday and speak English with the people there.',
  'After school I go to the library and read books about animals and plants.',
  'I like reading about dolphins because they are smart and friendly.',
  'On weekends I help my father in our garden.',
  'We grow tomatoes, cucumbers, and sweet potatoes in the summer.',
  'In the fall we dig up the sweet potatoes and cook them together.',
  'My mother makes a delicious cake with them, and my brother always wants more.',
  'In the evening our family eats dinner together and talks about the day.',
  'My brother likes to tell funny stories, and we all laugh a lot.',
  'Before I go to bed, I write a short diary in English.',
  'I write about what I did, what I ate, and how I felt.',
  'Sometimes it is hard, but my teacher says that practice makes it easier.',
  'Next spring I will graduate from elementary school.',
  'I will miss my friends and my teachers very much.',
  'But I am also excited about junior high school.',
  'I want to join the brass band and play the trumpet.',
  'I also want to make new friends and study harder.',
  'My dream is to become a teacher who helps children love English.',
  'I will keep reading, writing, and speaking English every day.',
  'Thank you for listening to my story.',
  'I hope you have a wonderful day too.',
].join(' ');

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-bench-recitation-'));
const database = await openDatabase({ dataDir, share: false, log: () => {} });
await runMigrations(database.pool);
const db = database.db;
const speech = createSpeechService({ workers: 2 });
await speech.warmUp();
const media: LibraryMedia = {
  storage: createLocalStorage(path.join(dataDir, 'files')),
  synth: speech,
  cacheDir: path.join(dataDir, 'tts-cache'),
};
const teacher = await createTeacher(db, {
  loginId: 'bench-recite',
  email: 'bench-recite@example.com',
  password: 'pass1234',
  nickname: 'ベンチ',
});

async function measure(label: string, category: 'read_sentence' | 'read_chapter', content: string | string[]) {
  const t0 = performance.now();
  const draft = await startRecitationDraft(db, teacher, { category });
  const made = await speak(db, teacher, media, { guid: draft.guid, tone_type: 1, content });
  const t1 = performance.now();
  const saved = await db.transaction((tx) =>
    createRecitationResource(
      tx,
      teacher,
      media,
      { guid: draft.guid, tone_type: 1, content, category, need_template: 1, grade: 5 },
      new Date(),
    ),
  );
  // Playable: the resource's audio is in storage and decodes.
  const row = await findVisibleResource(db, teacher.id, saved.resourceId!);
  const content2 = row!.content as StoredContent;
  const keys = [content2.full_text?.audio_file, ...content2.items.map((i) => i.audio_file)].filter(
    (k): k is string => !!k,
  );
  let audioSeconds = 0;
  for (const key of new Set(keys)) {
    const wav = parseWav(await media.storage.readAll(key));
    audioSeconds += wav.samples.length / wav.sampleRate;
  }
  const t2 = performance.now();
  const lowest = Math.min(...made.map((a) => a.score));
  console.log(
    `| ${label} | ${words(Array.isArray(content) ? content.join(' ') : content)} | ${((t2 - t0) / 1000).toFixed(1)} s | ${((t2 - t1) / 1000).toFixed(2)} s | ${audioSeconds.toFixed(1)} s | ${lowest} |`,
  );
}

console.log(
  '| resource | words | create → playable, checked (cold) | create-resource after the preview | audio | lowest check score |',
);
console.log('|---|---|---|---|---|---|');
await measure('5 sentences (read_sentence)', 'read_sentence', SENTENCES);
await measure('300-word passage (read_chapter)', 'read_chapter', PASSAGE);
await speech.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
