import {
  getPackDetail,
  getPackList,
  getResourceDetail,
  getWordBookList,
  getWordBookParts,
  libraryMessages,
  searchResources,
} from '@ondoku/contract';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { writeWav } from '@ondoku/speech';
import { createClassroomResource, installLibrary, replaceResourceAudio } from './index.js';
import { fixtureMaterial, fixturePicturesDir } from './test-fixtures/material.js';

let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;
let mine: number;
let theirs: number;

beforeAll(async () => {
  t = await buildTestApp();
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const def = {
    type: 'sentence_reading' as const,
    title: 'わたしの教室の文',
    grade: 3 as const,
    sentences: [{ text: 'Good morning, everyone.', translation: 'みなさん、おはようございます。' }],
  };
  mine = (await createClassroomResource(t.db, me.teacher, def, t.media)).id;
  theirs = (await createClassroomResource(t.db, other.teacher, { ...def, title: 'ほかの先生の文' }, t.media)).id;
});
afterAll(() => t.close());

const source = { material: fixtureMaterial, picturesDirs: [fixturePicturesDir] };

async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === schema.rateLimitCounters) continue;
    out[getTableConfig(table).name] = (await t.db.select().from(table)).map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

describe('GET /api/v2/resource/search', () => {
  it('401 without a token', async () => {
    expect((await call(t, searchResources, {})).status).toBe(401);
  });

  it('400 with the message for a bad grade or type', async () => {
    const bad = await call(t, searchResources, { grade: 2 }, { as: me });
    expect(bad.status).toBe(400);
    expect(bad.errmsg).toBe('学年は3〜6で指定してください。');
    expect((await call(t, searchResources, { type: 'poem' }, { as: me })).status).toBe(400);
    expect((await call(t, searchResources, { kw: 'x'.repeat(101) }, { as: me })).status).toBe(400);
  });

  it("lists headquarters material and the teacher's own classroom material, not another teacher's", async () => {
    const r = await call(t, searchResources, { limit: 100 }, { as: me });
    expect(r.status).toBe(200);
    const titles = r.data.rows.map((x) => x.title);
    expect(titles).toContain('わたしの教室の文');
    expect(titles).not.toContain('ほかの先生の文');
    // 2 word-book parts × 2 types, 2 sentence sets, article, dialog, grammar, listening, reading + mine
    expect(r.data.total).toBe(12);
    expect(r.data.rows.filter((x) => x.origin_type === 'classroom')).toHaveLength(1);
  });

  it('filters by keyword (NFKC, case), type, grade, pack and origin; pages by 20', async () => {
    const kw = await call(t, searchResources, { kw: 'ＳＵＭＭＥＲ' }, { as: me });
    expect(kw.data.rows.map((x) => x.title)).toEqual(['わたしの夏休み（テスト）']);
    const ja = await call(t, searchResources, { kw: '犬' }, { as: me });
    expect(ja.data.total).toBeGreaterThan(0);
    const kwOther = await call(t, searchResources, { kw: 'ほかの先生' }, { as: me });
    expect(kwOther.data.rows).toEqual([]);
    const type = await call(t, searchResources, { type: 'dialog' }, { as: me });
    expect(type.data.rows.map((x) => x.type)).toEqual(['dialog']);
    const grade = await call(t, searchResources, { grade: 4 }, { as: me });
    expect(new Set(grade.data.rows.map((x) => x.grade))).toEqual(new Set([4]));
    const pack = await call(t, searchResources, { pack_code: 'fx-pack-g3' }, { as: me });
    expect(pack.data.total).toBe(2);
    const origin = await call(t, searchResources, { origin_type: 'classroom' }, { as: me });
    expect(origin.data.rows.map((x) => x.resource_id)).toEqual([mine]);
    const first = await call(t, searchResources, {}, { as: me });
    expect(first.data.limit).toBe(20);
    const page = await call(t, searchResources, { page: 2, limit: 5 }, { as: me });
    expect(page.data.rows).toHaveLength(5);
    expect(page.data.total).toBe(12);
    const past = await call(t, searchResources, { page: 9, limit: 5 }, { as: me });
    expect(past.data).toMatchObject({ rows: [], total: 12 });
    const wild = await call(t, searchResources, { kw: '%' }, { as: me });
    expect(wild.data.rows).toEqual([]);
  });
});

describe('GET /api/v2/resource/detail', () => {
  it('401 without a token; 400 for a bad id', async () => {
    expect((await call(t, getResourceDetail, { resource_id: mine })).status).toBe(401);
    expect((await call(t, getResourceDetail, { resource_id: 'x' }, { as: me })).status).toBe(400);
  });

  it("404 with the message for an unknown id or another teacher's classroom resource", async () => {
    for (const id of [theirs, 999_999]) {
      const r = await call(t, getResourceDetail, { resource_id: id }, { as: me });
      expect(r.status).toBe(404);
      expect(r.errmsg).toBe(libraryMessages.resourceNotFound);
      expect(r.res.body).not.toContain('ほかの先生');
    }
  });

  it('answers the preview shape with media URLs for every type', async () => {
    const all = await call(t, searchResources, { limit: 100 }, { as: me });
    const byType = new Map([...all.data.rows].reverse().map((r) => [r.type, r.resource_id]));
    const detail = async (type: string) =>
      (await call(t, getResourceDetail, { resource_id: byType.get(type as never)! }, { as: me })).data;

    const study = await detail('word_study');
    expect(study.word_book).toEqual({ code: 'wb-fx-basic', part: 1 });
    expect(study.items[0]).toMatchObject({ index: 0, screen_text: 'apple', ipa: '/ˈæpəl/' });
    expect(study.items[0]!.audio_file).toMatch(/^\/media\/[0-9a-f]{64}\.wav$/);
    expect(study.items[0]!.screen_pic).toMatch(/^\/media\/[0-9a-f]{64}\.svg$/);
    expect(study.items[0]!.example).toMatchObject({ text: 'I like apples.' });
    expect(study.items[0]!.example!.audio_file).toMatch(/^\/media\/.+\.wav$/);

    const article = await detail('article_reading');
    expect(article.items).toHaveLength(1);
    expect(article.full_text!.audio_file).toMatch(/^\/media\/.+\.wav$/);
    const spans = article.full_text!.sentences;
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start_ms).toBeGreaterThanOrEqual(spans[i - 1]!.end_ms);

    const dialog = await detail('dialog');
    expect(dialog.items.map((i) => i.role)).toEqual(['Child', 'Child']);
    expect(dialog.items[0]!.wait_items).toMatchObject([{ after_index: -1, role: 'Clerk' }]);
    expect(dialog.items[1]!.wait_items).toMatchObject([{ after_index: 0, role: 'Clerk' }]);
    expect(dialog.items[0]!.wait_items![0]!.audio_file).not.toBe(dialog.items[0]!.audio_file);

    const grammar = await detail('grammar_choice');
    expect(grammar.items[0]!.answers!.find((a) => a.correct)!.content).toBe('am');

    const listening = await detail('listening');
    expect(listening.items[0]!.script!.text).toBe('I have a dog. It is brown.');
    expect(listening.items[0]!.answers![0]).toMatchObject({ type: 'image', alt: '犬', correct: true });
    expect(listening.items[0]!.answers![0]!.content).toMatch(/^\/media\/.+\.svg$/);

    const reading = await detail('reading_comprehension');
    expect(reading.full_text!.sentences).toHaveLength(2);
    expect(reading.items[0]!.answers!.filter((a) => a.correct)).toHaveLength(1);

    const own = await call(t, getResourceDetail, { resource_id: mine }, { as: me });
    expect(own.data).toMatchObject({ origin_type: 'classroom', title: 'わたしの教室の文', resource_version: 1 });
  });
});

describe('packs and word books', () => {
  it('401 without a token', async () => {
    for (const [c, input] of [
      [getPackList, {}],
      [getPackDetail, { code: 'fx-pack-g3' }],
      [getWordBookParts, { code: 'wb-fx-basic' }],
      [getWordBookList, {}],
    ] as const)
      expect((await call(t, c, input)).status).toBe(401);
  });

  it('pack-list and pack-detail: total is the number of resources; the empty pack has 0', async () => {
    const list = await call(t, getPackList, {}, { as: me });
    expect(list.data.rows).toEqual([
      { code: 'fx-pack-g3', title: '3年生のスタートパック（テスト）', type: 'word_study', total: 2 },
      { code: 'fx-pack-empty', title: '空のパック（テスト）', type: 'dialog', total: 0 },
    ]);
    expect((await call(t, getPackList, { grade: 4 }, { as: me })).data.rows.map((p) => p.code)).toEqual([
      'fx-pack-empty',
    ]);
    const pack = await call(t, getPackDetail, { code: 'fx-pack-g3' }, { as: me });
    expect(pack.data.total).toBe(2);
    expect(pack.data.resources.map((r) => r.type)).toEqual(['word_study', 'word_study']);
    const empty = await call(t, getPackDetail, { code: 'fx-pack-empty' }, { as: me });
    expect(empty.data).toMatchObject({ total: 0, resources: [] });
    const none = await call(t, getPackDetail, { code: 'nope' }, { as: me });
    expect(none.status).toBe(404);
    expect(none.errmsg).toBe(libraryMessages.packNotFound);
    expect((await call(t, getPackDetail, { code: '' }, { as: me })).status).toBe(400);
  });

  it('word-book-list and word-book-parts', async () => {
    const list = await call(t, getWordBookList, {}, { as: me });
    expect(list.data.rows).toEqual([
      { code: 'wb-fx-basic', title: 'はじめての単語（テスト）', grade: 3, max_part: 2, word_count: 4 },
    ]);
    expect((await call(t, getWordBookList, { grade: 6 }, { as: me })).data.rows).toEqual([]);
    const parts = await call(t, getWordBookParts, { code: 'wb-fx-basic' }, { as: me });
    expect(parts.data).toEqual({
      code: 'wb-fx-basic',
      title: 'はじめての単語（テスト）',
      max_part: 2,
      parts: [
        { part: 1, word_count: 2 },
        { part: 2, word_count: 2 },
      ],
    });
    const none = await call(t, getWordBookParts, { code: 'nope' }, { as: me });
    expect(none.status).toBe(404);
    expect(none.errmsg).toBe(libraryMessages.wordBookNotFound);
  });
});

describe('installer', () => {
  it('skips an unchanged library; a forced re-install changes nothing', async () => {
    const skipped = await installLibrary(t.db, t.media, source);
    expect(skipped.skipped).toBe(true);
    const before = await snapshot();
    const again = await installLibrary(t.db, t.media, source, { force: true });
    expect(again.resources).toMatchObject({ inserted: 0, updated: 0, deleted: 0, unchanged: 11 });
    expect(again.synthesised).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('a changed resource bumps its version; one gone from the material is hidden; packs follow', async () => {
    const changed = structuredClone(fixtureMaterial);
    changed.grammarSets[0]!.title = 'be動詞（改訂）';
    changed.readingSets = [];
    changed.packs = changed.packs.filter((p) => p.code !== 'fx-pack-empty');
    const r = await installLibrary(t.db, t.media, { ...source, material: changed });
    expect(r.resources).toMatchObject({ inserted: 0, updated: 1, deleted: 1 });
    const found = await call(t, searchResources, { kw: '改訂' }, { as: me });
    const detail = await call(t, getResourceDetail, { resource_id: found.data.rows[0]!.resource_id }, { as: me });
    expect(detail.data.resource_version).toBe(2);
    expect((await call(t, searchResources, { type: 'reading_comprehension' }, { as: me })).data.total).toBe(0);
    expect((await call(t, getPackDetail, { code: 'fx-pack-empty' }, { as: me })).status).toBe(404);
    // Back to the fixture: the reading set returns (its row, version bumped), the title too.
    const back = await installLibrary(t.db, t.media, source);
    expect(back.resources).toMatchObject({ inserted: 0, updated: 2, deleted: 0 });
    expect((await call(t, searchResources, { type: 'reading_comprehension' }, { as: me })).data.total).toBe(1);
  });

  it('a first install shows each resource as soon as it is made, in the library order, and reports progress', async () => {
    await t.db.execute(sql`delete from library_resources where origin_type = 'headquarters'`);
    await t.db.execute(sql`delete from library_installs`);
    const totals: number[] = [];
    const visible: Promise<number>[] = [];
    let finished = false;
    const count = async () =>
      Number(
        (
          await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from library_resources where origin_type = 'headquarters'`,
          )
        ).rows[0]!.n,
      );
    const r = await installLibrary(t.db, t.media, source, {
      progress: {
        start: async (n) => void totals.push(n),
        step: () => void visible.push(count()),
        finish: async () => void (finished = true),
      },
    });
    expect(totals).toEqual([11]);
    expect(finished).toBe(true);
    const seen = await Promise.all(visible);
    expect(seen).toHaveLength(11);
    // Rows appear one by one while the rest is still being made, not all at the end.
    expect(seen[0]).toBeGreaterThanOrEqual(1);
    expect(seen[0]).toBeLessThan(11);
    expect(r.resources).toMatchObject({ inserted: 11, updated: 0, deleted: 0, unchanged: 0 });
    expect((await installLibrary(t.db, t.media, source)).skipped).toBe(true);
    expect((await call(t, searchResources, {}, { as: me })).data.total).toBeGreaterThanOrEqual(11);
  });
});

describe('replacing model audio with a recording', () => {
  const detailOf = async (key: string) => {
    const r = await call(t, searchResources, { kw: key === 'fx-article-summer' ? '夏休み' : 'お店' }, { as: me });
    return (await call(t, getResourceDetail, { resource_id: r.data.rows[0]!.resource_id }, { as: me })).data;
  };

  it('points the item at the stored recording, bumps the version, survives a re-install, and reverts', async () => {
    const before = await detailOf('fx-dialog-shop');
    const recording = writeWav(
      new Float32Array(16_000).map((_, i) => Math.sin(i / 10) * 0.2),
      16_000,
    );
    const done = await replaceResourceAudio(t.db, t.media, source, {
      key: 'fx-dialog-shop',
      target: 'wait:0:0',
      file: { name: 'clerk.wav', bytes: recording },
    });
    const after = await detailOf('fx-dialog-shop');
    expect(after.resource_version).toBe(before.resource_version + 1);
    expect(after.items[0]!.wait_items![0]!.audio_file).toBe(`/media/${done.mediaKey}`);
    expect(after.items[0]!.audio_file).toBe(before.items[0]!.audio_file);
    const served = await t.app.inject({ method: 'GET', url: `/media/${done.mediaKey}` });
    expect(served.rawPayload.equals(Buffer.from(recording))).toBe(true);
    // A forced install keeps it; reverting brings the model audio back.
    await installLibrary(t.db, t.media, source, { force: true });
    expect((await detailOf('fx-dialog-shop')).items[0]!.wait_items![0]!.audio_file).toBe(`/media/${done.mediaKey}`);
    await replaceResourceAudio(t.db, t.media, source, { key: 'fx-dialog-shop', target: 'wait:0:0', file: null });
    const reverted = await detailOf('fx-dialog-shop');
    expect(reverted.items[0]!.wait_items![0]!.audio_file).toBe(before.items[0]!.wait_items![0]!.audio_file);
  });

  it("an article's recording rescales the sentence timings", async () => {
    const before = await detailOf('fx-article-summer');
    const last = before.full_text!.sentences.at(-1)!.end_ms;
    const recording = writeWav(new Float32Array(last * 32).fill(0.1), 16_000); // twice as long
    await replaceResourceAudio(t.db, t.media, source, {
      key: 'fx-article-summer',
      target: 'full_text',
      file: { name: 'teacher.wav', bytes: recording },
    });
    const after = await detailOf('fx-article-summer');
    expect(after.full_text!.sentences.at(-1)!.end_ms).toBe(last * 2);
    expect(after.items[0]!.audio_file).toBe(after.full_text!.audio_file);
    await replaceResourceAudio(t.db, t.media, source, { key: 'fx-article-summer', target: 'full_text', file: null });
  });

  it('refuses unknown resources, targets and files with a message', async () => {
    const wav = { name: 'a.wav', bytes: writeWav(new Float32Array(160), 16_000) };
    await expect(
      replaceResourceAudio(t.db, t.media, source, { key: 'nope', target: 'item:0', file: wav }),
    ).rejects.toThrow('教材キー「nope」の本部教材は見つかりません。');
    await expect(
      replaceResourceAudio(t.db, t.media, source, { key: 'fx-dialog-shop', target: 'item:7', file: wav }),
    ).rejects.toThrow(/item:7/);
    await expect(
      replaceResourceAudio(t.db, t.media, source, {
        key: 'fx-dialog-shop',
        target: 'item:0',
        file: { name: 'a.txt', bytes: new Uint8Array(4) },
      }),
    ).rejects.toThrow('録音は wav, mp3, m4a, ogg, webm のいずれかにしてください。');
    await expect(
      replaceResourceAudio(t.db, t.media, source, {
        key: 'fx-dialog-shop',
        target: 'item:0',
        file: { name: 'a.wav', bytes: new Uint8Array(40) },
      }),
    ).rejects.toThrow(/WAV ファイルとして読めません/);
  });
});
