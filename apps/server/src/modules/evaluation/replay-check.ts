import { and, isNull, or, eq, sql } from 'drizzle-orm';
import {
  decodeWavTo16kMono,
  isReplay,
  matchReplay,
  ReplayFingerprinter,
  replayReferenceOf,
  type ReplayReference,
} from '@ondoku/speech';
import type { DbOrTx } from '../../db/client.js';
import { libraryResources } from '../../db/schema/index.js';
import type { Storage } from '../../lib/storage.js';

/**
 * A reading that is the topic's model audio played back is not a reading (docs/speech-service.md,
 * "The model audio is not a reading"): a child's stream is fingerprinted while it arrives
 * (packages/speech audio/replay.ts, about 5 ms of the event loop per second of audio) and, at the
 * last frame, matched against the model audio of its text — the library's recordings and the
 * teacher's own (free recitation) whose text is the text read. Any failure to find or read the
 * model audio lets the reading through: the check never refuses a reading it cannot judge.
 */
export interface ReplayCheck {
  push(pcm: Int16Array): void;
  /** Whether the audio pushed is one of the text's model recordings (false when it cannot tell). */
  isReplay(): Promise<boolean>;
}

/** Opens the check of one reading: the text read and the teacher whose material the reader sees. */
export type OpenReplayCheck = (text: string, teacherId: number) => ReplayCheck;

/** The text as compared: NFKC, lower case, words of letters, digits and apostrophes. */
export const comparableText = (text: string) =>
  (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}']+/gu) ?? []
  ).join(' ');

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Model audio files of one resource whose text (a line, a sentence of an article, the article) is `wanted`. */
function keysIn(content: unknown, wanted: string): string[] {
  const keys: string[] = [];
  const add = (text: unknown, key: unknown) => {
    if (typeof text === 'string' && typeof key === 'string' && comparableText(text) === wanted) keys.push(key);
  };
  const c = content as {
    full_text?: { screen_text?: string; audio_file?: string | null; sentences?: Array<{ text?: string }> } | null;
    items?: Array<{
      screen_text?: string;
      audio_file?: string | null;
      example?: { text?: string; audio_file?: string | null } | null;
      wait_items?: Array<{ screen_text?: string; audio_file?: string | null }>;
    }>;
  } | null;
  if (c?.full_text) {
    add(c.full_text.screen_text, c.full_text.audio_file);
    // A sentence of an article is a span of the article's audio: the whole file matches it.
    for (const s of c.full_text.sentences ?? []) add(s.text, c.full_text.audio_file);
  }
  for (const it of c?.items ?? []) {
    add(it.screen_text, it.audio_file);
    add(it.example?.text, it.example?.audio_file);
    for (const w of it.wait_items ?? []) add(w.screen_text, w.audio_file);
  }
  return keys;
}

/** At most this many model recordings are compared with one reading. */
const MAX_REFERENCES = 8;

/**
 * Storage keys of the model audio of `text` in the material `teacherId`'s children may read
 * (headquarters material and the teacher's own), found through the resources' search key
 * (trigram index) and then compared text by text.
 */
export async function modelAudioKeysOf(db: DbOrTx, text: string, teacherId: number): Promise<string[]> {
  const wanted = comparableText(text);
  if (!wanted) return [];
  // The search key holds every text of a resource NFKC-lowercased, so the text read (as the
  // topic shows it) is found in it as it stands.
  const needle = text.trim().normalize('NFKC').toLowerCase();
  const rows = await db
    .select({ content: libraryResources.content })
    .from(libraryResources)
    .where(
      and(
        isNull(libraryResources.deletedAt),
        or(isNull(libraryResources.teacherId), eq(libraryResources.teacherId, teacherId)),
        sql`${libraryResources.searchKey} like ${`%${escapeLike(needle)}%`}`,
      ),
    )
    .limit(50);
  const keys = new Set<string>();
  for (const row of rows) for (const k of keysIn(row.content, wanted)) keys.add(k);
  return [...keys].slice(0, MAX_REFERENCES);
}

/**
 * Model audio fingerprints by storage key (content-addressed, so a key's file never changes):
 * most recently used first, at most `maxPairs` pairs in all (8 bytes each; 2 M pairs ≈ 16 MB ≈
 * 25 minutes of model audio).
 */
export class ReferenceCache {
  private readonly entries = new Map<string, Promise<ReplayReference | null>>();
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly storage: Storage,
    private readonly maxPairs = 2_000_000,
  ) {}

  get(key: string): Promise<ReplayReference | null> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = this.make(key);
    this.entries.set(key, made);
    void made.then((ref) => {
      if (!ref || this.entries.get(key) !== made) return;
      this.sizes.set(key, ref.hashes.length);
      this.total += ref.hashes.length;
      for (const [k] of this.entries) {
        if (this.total <= this.maxPairs || k === key) break;
        this.entries.delete(k);
        this.total -= this.sizes.get(k) ?? 0;
        this.sizes.delete(k);
      }
    });
    return made;
  }

  private async make(key: string): Promise<ReplayReference | null> {
    if (!key.endsWith('.wav')) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of this.storage.read(key)) chunks.push(chunk as Buffer);
      const pcm = decodeWavTo16kMono(new Uint8Array(Buffer.concat(chunks)));
      // A second of audio at a time, so that an article's minutes never hold the event loop.
      const f = new ReplayFingerprinter();
      for (let at = 0; at < pcm.length; at += 16_000) {
        f.push(pcm.subarray(at, at + 16_000));
        await new Promise((resolve) => setImmediate(resolve));
      }
      return replayReferenceOf(f.fingerprint());
    } catch {
      this.entries.delete(key); // tried again next time
      return null;
    }
  }
}

/** The check as the evaluation sessions use it (routes.ts): one reference cache per process. */
export function createReplayChecks(deps: { db: DbOrTx; storage: Storage }): OpenReplayCheck {
  const cache = new ReferenceCache(deps.storage);
  return (text, teacherId) => {
    const references = modelAudioKeysOf(deps.db, text, teacherId).then(
      (keys) => Promise.all(keys.map((k) => cache.get(k))),
      () => [],
    );
    let fingerprinter: ReplayFingerprinter | null = new ReplayFingerprinter();
    // Text without model audio: nothing to compare, so no fingerprint is computed.
    void references.then((refs) => {
      if (!refs.some(Boolean)) fingerprinter = null;
    });
    return {
      push(pcm) {
        fingerprinter?.push(pcm);
      },
      async isReplay() {
        const refs = await references;
        if (!fingerprinter) return false;
        const reading = fingerprinter.fingerprint();
        fingerprinter = null;
        return refs.some((ref) => ref !== null && isReplay(matchReplay(reading, ref)));
      },
    };
  };
}
