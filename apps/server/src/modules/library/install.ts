import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  libraryAudioOverrides,
  libraryInstalls,
  libraryPacks,
  libraryResources,
  mediaFiles,
  wordBooks,
  wordBookWords,
} from '../../db/schema/index.js';
import type { Storage } from '../../lib/storage.js';
import {
  createAudioMaker,
  MODEL_AUDIO_CHECK,
  MODEL_VOICE,
  PARTNER_VOICES,
  SENTENCE_GAP_MS,
  TTS_ENGINE,
  type CheckStats,
  type Synthesizer,
} from './audio.js';
import type { PreparationReporter } from '../../lib/preparation.js';
import { buildLibrary, resourceCountOf, searchKeyOf, type BuiltResource, type StoredContent } from './content.js';
import { spokenAs } from './material/spoken-as.js';
import type { LibrarySource } from './source.js';

/**
 * The library installer (docs/library.md, "Installer"): turns a Material into word books,
 * resources, packs and model audio. Idempotent and keyed by stable keys: an unchanged resource
 * is left as it is, a changed one gets `version + 1`, one gone from the material is soft-deleted
 * (homework that used it keeps its row). Runs at server start, in the seed and in the test
 * template, never per request; skipped in one query when the hash of material, pictures, engine
 * and voices is the one installed.
 */
export interface LibraryMedia {
  storage: Storage;
  synth: Synthesizer;
  /** Synthesis cache folder (sha256(engine, voice, speed, take, text).wav, the checks' .json); null: none. */
  cacheDir: string | null;
  /**
   * The evaluator's fingerprint (evaluation/fingerprint.ts, with the model folder the workers
   * use): the checks of the model audio are cached with it. Computed for the default model when
   * not given.
   */
  evaluator?: string;
}

export interface InstallReport {
  skipped: boolean;
  hash: string;
  ms: number;
  resources: { inserted: number; updated: number; unchanged: number; deleted: number };
  synthesised: number;
  cached: number;
  /** The check of the model audio by our evaluator (audio.ts, MODEL_AUDIO_CHECK). */
  checks: CheckStats;
}

/** Bump when the installer's output changes for the same material (forces a re-install). */
const INSTALLER_VERSION = 2;
const INSTALL_NAME = 'headquarters';

async function sourceHash(source: LibrarySource): Promise<string> {
  const h = createHash('sha256');
  h.update(
    JSON.stringify([
      INSTALLER_VERSION,
      TTS_ENGINE,
      MODEL_VOICE,
      PARTNER_VOICES,
      SENTENCE_GAP_MS,
      MODEL_AUDIO_CHECK,
      spokenAs,
    ]),
  );
  h.update(JSON.stringify(source.material));
  const names = new Set<string>();
  const m = source.material;
  for (const b of m.wordBooks) for (const p of b.parts) for (const w of p) if (w.picture) names.add(w.picture);
  for (const s of m.sentenceSets) for (const x of s.sentences) if (x.picture) names.add(x.picture);
  for (const set of [...m.listeningSets, ...m.readingSets])
    for (const q of set.questions) for (const c of q.choices) if ('picture' in c) names.add(c.picture);
  for (const name of [...names].sort()) {
    for (const dir of source.picturesDirs) {
      const file = name.endsWith('.svg') ? name : `${name}.svg`;
      const bytes = await fs.readFile(path.join(dir, file)).catch(() => null);
      if (bytes) {
        h.update(name).update(bytes);
        break;
      }
    }
  }
  return h.digest('hex');
}

/** Canonical JSON (sorted keys), to compare stored jsonb with freshly built content. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** A human recording in place of the model audio (`library-replace-audio`), applied after each build. */
export function applyOverride(
  content: StoredContent,
  target: string,
  media: { key: string; durationMs: number | null },
): boolean {
  const [kind, a, b] = target.split(':');
  const i = Number(a);
  if (kind === 'full_text' && content.full_text) {
    const ft = content.full_text;
    const last = ft.sentences.at(-1)?.end_ms ?? 0;
    // Sentence spans scale with the recording's length (an approximation the operator can see).
    const ratio = media.durationMs && last ? media.durationMs / last : 1;
    ft.audio_file = media.key;
    ft.sentences = ft.sentences.map((s) => ({
      ...s,
      start_ms: Math.round(s.start_ms * ratio),
      end_ms: Math.round(s.end_ms * ratio),
    }));
    if (content.items[0] && content.items.length === 1 && !content.items[0].answers)
      content.items[0].audio_file = media.key;
    return true;
  }
  const item = Number.isInteger(i) ? content.items[i] : undefined;
  if (kind === 'item' && item) {
    item.audio_file = media.key;
    return true;
  }
  const wait = item?.wait_items?.[Number(b)];
  if (kind === 'wait' && wait) {
    wait.audio_file = media.key;
    return true;
  }
  return false;
}

let headquartersHash: Promise<string> | undefined;

/**
 * Whether the installed library is this build's headquarters library ('ready') or the install
 * is still to come or under way ('installing'): /api/health reports it, so operators and the
 * e2e set-up can wait for a first start's background install.
 */
export async function libraryState(db: Db, source: LibrarySource): Promise<'ready' | 'installing'> {
  headquartersHash ??= sourceHash(source);
  const [row] = await db.select().from(libraryInstalls).where(eq(libraryInstalls.name, INSTALL_NAME));
  return row?.hash === (await headquartersHash) ? 'ready' : 'installing';
}

/**
 * Installs the library unless the same source is installed already (`force`: build and compare
 * anyway, e.g. after an audio override). Synthesis happens before the write transaction; the
 * rows change in one transaction under an advisory lock, so a teacher sees the old library or
 * the new one, never half of it, and two processes starting together install once.
 */
export async function installLibrary(
  db: Db,
  media: LibraryMedia,
  source: LibrarySource,
  opts: {
    force?: boolean;
    /** A first start's progress (resources made of all), read by system/preparation. */
    progress?: PreparationReporter;
  } = {},
): Promise<InstallReport> {
  const started = performance.now();
  const hash = await sourceHash(source);
  const zero = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
  const installed = async (d: DbOrTx) =>
    (await d.select().from(libraryInstalls).where(eq(libraryInstalls.name, INSTALL_NAME)))[0]?.hash;
  if (!opts.force && (await installed(db)) === hash) {
    return {
      skipped: true,
      hash,
      ms: Math.round(performance.now() - started),
      resources: zero,
      synthesised: 0,
      cached: 0,
      checks: { checked: 0, remade: 0, lowest: null, below: [] },
    };
  }

  const audio = createAudioMaker(media);
  const packOf = new Map<string, string>();
  for (const pack of source.material.packs)
    for (const key of pack.resources) if (!packOf.has(key)) packOf.set(key, pack.code);
  // A first install (no headquarters library yet) shows each resource as soon as it is made, in
  // the library's order, instead of an empty library for minutes (docs/first-start.md); an
  // update still changes everything in one transaction below, so a teacher sees the old library
  // or the new one.
  const early = new Set<string>();
  const firstInstall = !opts.force && !(await hasHeadquartersResources(db));
  const mediaWritten = new Set<string>();
  await opts.progress?.start(resourceCountOf(source.material));
  const built = await buildLibrary(source.material, audio, source.picturesDirs, async (r) => {
    if (firstInstall) {
      const files = audio.files().filter((f) => !mediaWritten.has(f.key));
      await db.transaction(async (tx) => {
        await insertMediaRows(tx, files);
        await tx
          .insert(libraryResources)
          .values(rowOf(r, packOf.get(r.key) ?? null))
          .onConflictDoNothing();
      });
      for (const f of files) mediaWritten.add(f.key);
      early.add(r.key);
    }
    opts.progress?.step();
  });
  const known = new Set(built.resources.map((r) => r.key));
  for (const pack of source.material.packs)
    for (const key of pack.resources)
      if (!known.has(key)) throw new Error(`pack ${pack.code} names an unknown resource: ${key}`);

  const counts = { ...zero };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ondoku-library-install'))`);
    if (!opts.force && (await installed(tx)) === hash) return;

    await insertMediaRows(tx, audio.files());

    await writeWordBooks(tx, source, built.words);
    await writePacks(tx, source);

    const overrides = await tx
      .select({
        resourceKey: libraryAudioOverrides.resourceKey,
        target: libraryAudioOverrides.target,
        key: mediaFiles.key,
        durationMs: mediaFiles.durationMs,
      })
      .from(libraryAudioOverrides)
      .innerJoin(mediaFiles, eq(mediaFiles.key, libraryAudioOverrides.mediaKey));
    for (const o of overrides) {
      const r = built.resources.find((x) => x.key === o.resourceKey);
      if (r) applyOverride(r.content, o.target, o);
    }

    const existing = new Map(
      (await tx.select().from(libraryResources).where(eq(libraryResources.originType, 'headquarters'))).map((r) => [
        r.key,
        r,
      ]),
    );
    for (const r of built.resources) {
      const row = rowOf(r, packOf.get(r.key) ?? null);
      const old = existing.get(r.key);
      if (!old) {
        await tx.insert(libraryResources).values(row);
        counts.inserted++;
      } else if (
        old.deletedAt ||
        old.title !== row.title ||
        old.type !== row.type ||
        old.grade !== row.grade ||
        old.packCode !== row.packCode ||
        old.wordBookCode !== row.wordBookCode ||
        old.wordBookPart !== row.wordBookPart ||
        old.itemCount !== row.itemCount ||
        old.searchKey !== row.searchKey ||
        canonical(old.content) !== canonical(row.content)
      ) {
        await tx
          .update(libraryResources)
          .set({ ...row, version: old.version + 1, updatedAt: new Date(), deletedAt: null })
          .where(eq(libraryResources.id, old.id));
        counts.updated++;
      } else if (early.has(r.key)) counts.inserted++;
      else counts.unchanged++;
    }
    const gone = await tx
      .update(libraryResources)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(libraryResources.originType, 'headquarters'),
          isNull(libraryResources.deletedAt),
          known.size > 0 ? notInArray(libraryResources.key, [...known]) : undefined,
        ),
      )
      .returning({ id: libraryResources.id });
    counts.deleted = gone.length;

    await tx
      .insert(libraryInstalls)
      .values({ name: INSTALL_NAME, hash })
      .onConflictDoUpdate({
        target: libraryInstalls.name,
        set: { hash, installedAt: new Date() },
        setWhere: sql`${libraryInstalls.hash} <> excluded.hash`,
      });
  });
  await opts.progress?.finish();
  return { skipped: false, hash, ms: Math.round(performance.now() - started), resources: counts, ...audio.stats() };
}

/** Whether any headquarters resource was ever installed (else this is a first install). */
async function hasHeadquartersResources(db: DbOrTx) {
  const [row] = await db
    .select({ id: libraryResources.id })
    .from(libraryResources)
    .where(eq(libraryResources.originType, 'headquarters'))
    .limit(1);
  return row !== undefined;
}

/** The media rows of made files (a file made twice is one row). */
async function insertMediaRows(
  tx: DbOrTx,
  files: { key: string; contentType: string; byteSize: number; durationMs: number }[],
) {
  for (let i = 0; i < files.length; i += 500) {
    await tx
      .insert(mediaFiles)
      .values(
        files.slice(i, i + 500).map((f) => ({
          key: f.key,
          contentType: f.contentType,
          byteSize: f.byteSize,
          durationMs: f.contentType.startsWith('audio/') ? f.durationMs : null,
        })),
      )
      .onConflictDoNothing({ target: mediaFiles.key });
  }
}

function rowOf(r: BuiltResource, packCode: string | null) {
  return {
    key: r.key,
    originType: 'headquarters' as const,
    teacherId: null,
    type: r.type,
    title: r.title,
    grade: r.grade,
    packCode,
    wordBookCode: r.wordBookCode,
    wordBookPart: r.wordBookPart,
    itemCount: r.content.items.length,
    content: r.content,
    searchKey: searchKeyOf(r.title, r.content),
  };
}

async function writeWordBooks(
  tx: DbOrTx,
  source: LibrarySource,
  words: Awaited<ReturnType<typeof buildLibrary>>['words'],
) {
  const books = source.material.wordBooks;
  for (const b of books) {
    await tx
      .insert(wordBooks)
      .values({ code: b.code, title: b.title, grade: b.grade, maxPart: b.parts.length })
      .onConflictDoUpdate({
        target: wordBooks.code,
        set: { title: b.title, grade: b.grade, maxPart: b.parts.length },
        setWhere: sql`(${wordBooks.title}, ${wordBooks.grade}, ${wordBooks.maxPart}) is distinct from (excluded.title, excluded.grade, excluded.max_part)`,
      });
  }
  for (let i = 0; i < words.length; i += 500) {
    await tx
      .insert(wordBookWords)
      .values(words.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [wordBookWords.bookCode, wordBookWords.part, wordBookWords.position],
        set: {
          word: sql`excluded.word`,
          meaning: sql`excluded.meaning`,
          ipa: sql`excluded.ipa`,
          example: sql`excluded.example`,
          exampleTranslation: sql`excluded.example_translation`,
          picture: sql`excluded.picture`,
          audioKey: sql`excluded.audio_key`,
        },
        setWhere: sql`(${wordBookWords.word}, ${wordBookWords.meaning}, ${wordBookWords.ipa}, ${wordBookWords.example}, ${wordBookWords.exampleTranslation}, ${wordBookWords.picture}, ${wordBookWords.audioKey})
          is distinct from (excluded.word, excluded.meaning, excluded.ipa, excluded.example, excluded.example_translation, excluded.picture, excluded.audio_key)`,
      });
  }
  // Words past the end of a part, and books gone from the material.
  await tx.execute(sql`delete from word_book_words w where not exists (
    select 1 from jsonb_to_recordset(${JSON.stringify(words.map((w) => ({ b: w.bookCode, p: w.part, n: w.position })))}::jsonb)
      as k(b text, p int, n int) where k.b = w.book_code and k.p = w.part and k.n = w.position)`);
  const codes = books.map((b) => b.code);
  await tx.delete(wordBooks).where(codes.length ? notInArray(wordBooks.code, codes) : undefined);
}

async function writePacks(tx: DbOrTx, source: LibrarySource) {
  const packs = source.material.packs;
  for (const [position, p] of packs.entries()) {
    await tx
      .insert(libraryPacks)
      .values({ code: p.code, title: p.title, type: p.type, grade: p.grade, position })
      .onConflictDoUpdate({
        target: libraryPacks.code,
        set: { title: p.title, type: p.type, grade: p.grade, position },
        setWhere: sql`(${libraryPacks.title}, ${libraryPacks.type}, ${libraryPacks.grade}, ${libraryPacks.position}) is distinct from (excluded.title, excluded.type, excluded.grade, excluded.position)`,
      });
  }
  const codes = packs.map((p) => p.code);
  await tx.delete(libraryPacks).where(codes.length ? notInArray(libraryPacks.code, codes) : undefined);
}
