import {
  changeResourceTranslate,
  createResource,
  deleteRecitationResource,
  ErrorCode,
  getRecitationResource,
  getRemainingTimes,
  getResourceDetail,
  getToneTypeList,
  messages,
  recitationLimits,
  recitationMessages,
  searchResources,
  startCreateResource,
  textToSpeech,
  uploadSoundFile,
  wavHeaderProblem,
} from '@ondoku/contract';
import { parseWav, Recording, synthesize, writeWav } from '@ondoku/speech';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { BufferTarget, EncodedAudioPacketSource, EncodedPacket, Mp4OutputFormat, Output } from 'mediabunny';
import OpusScript from 'opusscript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryResources, mediaFiles, rateLimitCounters, recitationDrafts } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { setQuota } from './index.js';

let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;

const FIVE = [
  'Good morning, everyone.',
  'I like apples.',
  'This is my school.',
  'We play soccer after school.',
  'Thank you very much.',
];
const PASSAGE = 'My name is Ken. I live in Osaka with my family. I like music and I play the piano every day.';

beforeAll(async () => {
  t = await buildTestApp();
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
});
afterAll(() => t.close());

async function start(category: 'read_chapter' | 'read_sentence', as = me, id?: number) {
  const r = await call(t, startCreateResource, { category, ...(id ? { id } : {}) }, { as });
  expect(r.errmsg).toBe('');
  return r.data.guid;
}

async function upload(
  guid: string,
  file: { name: string; data: Uint8Array },
  fields: { index?: number; content: string },
  as = me,
) {
  const mp = multipart(
    { guid, index: String(fields.index ?? 0), content: fields.content },
    { name: file.name, data: Buffer.from(file.data) },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: uploadSoundFile.path,
    payload: mp.payload,
    headers: { authorization: `Bearer ${as.token}`, ...mp.headers },
  });
  return {
    status: res.statusCode,
    body: res.json() as { errcode: number; errmsg: string; data: Record<string, unknown> },
  };
}

/** A WAV header and body written by hand (format, bits, with or without a data chunk). */
function handWav(opts: { format?: number; bits?: number; data?: boolean }) {
  const bits = opts.bits ?? 16;
  const body = Buffer.alloc(3200);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(opts.format ?? 1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(16000, 12);
  fmt.writeUInt32LE((16000 * bits) / 8, 16);
  fmt.writeUInt16LE(bits / 8, 20);
  fmt.writeUInt16LE(bits, 22);
  const data = Buffer.alloc(8);
  data.write(opts.data === false ? 'LIST' : 'data', 0, 'latin1');
  data.writeUInt32LE(body.length, 4);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + fmt.length + data.length + body.length, 4);
  head.write('WAVE', 8, 'latin1');
  return Buffer.concat([head, fmt, data, body]);
}

/** 16 kHz PCM of the text read by the engine (a stand-in for the teacher's voice). */
async function voiceOf(text: string) {
  return (await synthesize({ text, toneType: 2 })).samples;
}

function to8bit(samples: Float32Array) {
  const wav = Buffer.from(writeWav(samples, 16000));
  const n = samples.length;
  const out = Buffer.alloc(44 + n);
  wav.copy(out, 0, 0, 44);
  out.writeUInt32LE(36 + n, 4);
  out.writeUInt32LE(16000, 28);
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) out[44 + i] = Math.max(0, Math.min(255, Math.round(samples[i]! * 127 + 128)));
  return out;
}

/** Opus packets (20 ms at 16 kHz) of the samples, muxed into an MP4 (.m4a) by mediabunny. */
async function opusM4a(samples: Float32Array) {
  const enc = new OpusScript(16000, 1, OpusScript.Application.VOIP);
  const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
  const source = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(source);
  await output.start();
  const frame = 320;
  for (let o = 0, i = 0; o + frame <= samples.length; o += frame, i++) {
    const pcm = new Int16Array(frame);
    for (let k = 0; k < frame; k++) pcm[k] = Math.round(samples[o + k]! * 32767);
    const packet = enc.encode(Buffer.from(pcm.buffer), frame);
    await source.add(
      new EncodedPacket(new Uint8Array(packet), 'key', i * 0.02, 0.02),
      i === 0 ? { decoderConfig: { codec: 'opus', numberOfChannels: 1, sampleRate: 48000 } } : undefined,
    );
  }
  await output.finalize();
  enc.delete();
  return new Uint8Array((output.target as BufferTarget).buffer!);
}

/** MPEG-1 layer III frames of 26 ms (128 kb/s, 44.1 kHz) with an empty body, `count` of them. */
function mp3Frames(count: number) {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

/** Encoded by FFmpeg from the engine's voice; how, in the folder's README.md. */
const FIXTURES = new URL('../../test/fixtures/recitation/', import.meta.url);

describe('free recitation', () => {
  it('needs a token, and offers several voices with the default first', async () => {
    expect((await call(t, startCreateResource, { category: 'read_sentence' })).status).toBe(401);
    const r = await call(t, getToneTypeList, {}, { as: me });
    expect(r.data.items.length).toBeGreaterThanOrEqual(4);
    expect(r.data.items[0]!.speed).toBe(1);
    expect(r.data.items.some((i) => i.speed < 1)).toBe(true);
  });

  it('checks the text: 5 sentences, English only, no emoji, the length limit; full-width normalised', async () => {
    const guid = await start('read_sentence');
    const four = await call(t, textToSpeech, { guid, tone_type: 1, content: FIVE.slice(0, 4) }, { as: me });
    expect([four.status, four.errmsg]).toEqual([400, recitationMessages.sentenceCount]);
    const jp = await call(
      t,
      textToSpeech,
      { guid, tone_type: 1, content: [...FIVE.slice(0, 4), 'りんごが好き。'] },
      { as: me },
    );
    expect(jp.status).toBe(400);
    expect(jp.errmsg).toContain('使えない文字：り');
    const emoji = await call(
      t,
      textToSpeech,
      { guid, tone_type: 1, content: [...FIVE.slice(0, 4), 'I like 🍎.'] },
      { as: me },
    );
    expect(emoji.errmsg).toBe(messages.emojiNotAllowed);
    const long = await call(
      t,
      textToSpeech,
      { guid, tone_type: 1, content: [...FIVE.slice(0, 4), 'a '.repeat(150)] },
      { as: me },
    );
    expect(long.errmsg).toBe(messages.overLength);
    const chapterAsSet = await call(t, textToSpeech, { guid, tone_type: 1, content: PASSAGE }, { as: me });
    expect(chapterAsSet.status).toBe(400);
    const unknownVoice = await call(t, textToSpeech, { guid, tone_type: 42, content: FIVE }, { as: me });
    expect(unknownVoice.errmsg).toBe(recitationMessages.toneTypeUnknown);
  });

  let setId = 0;
  let setGuid = '';
  it('read_sentence: text-to-speech checked by the evaluator, translation, create twice = once, in my library only', async () => {
    setGuid = await start('read_sentence');
    const fullWidth = ['Ｇｏｏｄ　ｍｏｒｎｉｎｇ,　everyone.', ...FIVE.slice(1)];
    const tts = await call(t, textToSpeech, { guid: setGuid, tone_type: 1, content: fullWidth }, { as: me });
    expect(tts.errmsg).toBe('');
    expect(tts.data.items).toHaveLength(5);
    for (const a of tts.data.items) {
      expect(a.score).toBeGreaterThanOrEqual(80);
      expect(a.source).toBe('tts');
      const file = await t.app.inject({ method: 'GET', url: a.audio_file });
      expect(file.statusCode).toBe(200);
    }
    const tr = await call(
      t,
      changeResourceTranslate,
      { guid: setGuid, translate: ['みなさん、おはよう。', 'りんごが好きです。'] },
      { as: me },
    );
    expect(tr.data.translate[0]).toBe('みなさん、おはよう。');

    const before = (await call(t, getRemainingTimes, {}, { as: me })).data;
    expect(before.total).toBe(recitationLimits.defaultMonthlyQuota);
    const input = {
      guid: setGuid,
      tone_type: 1,
      content: fullWidth,
      category: 'read_sentence',
      need_template: 1,
      title: '朝のあいさつ',
    };
    const [a, b] = await Promise.all([
      call(t, createResource, input, { as: me }),
      call(t, createResource, input, { as: me }),
    ]);
    expect(a.errmsg).toBe('');
    expect(b.data.resource_id).toBe(a.data.resource_id);
    setId = a.data.resource_id;
    const after = (await call(t, getRemainingTimes, {}, { as: me })).data;
    expect(after.remaining).toBe(before.remaining - 1);

    const mine = await call(t, searchResources, { origin_type: 'classroom' }, { as: me });
    expect(mine.data.rows.map((r) => r.resource_id)).toContain(setId);
    const theirs = await call(t, searchResources, { origin_type: 'classroom' }, { as: other });
    expect(theirs.data.rows.map((r) => r.resource_id)).not.toContain(setId);
    const detail = await call(t, getResourceDetail, { resource_id: setId }, { as: me });
    expect(detail.data.type).toBe('sentence_reading');
    expect(detail.data.items[0]!.screen_text).toBe('Good morning, everyone.');
    expect(detail.data.items[0]!.screen_text_translation).toBe('みなさん、おはよう。');
    expect(detail.data.items[0]!.audio_file).toBe(tts.data.items[0]!.audio_file);
    expect((await call(t, getResourceDetail, { resource_id: setId }, { as: other })).status).toBe(404);
  });

  it('another teacher can use neither my draft nor my resource', async () => {
    const guid = await start('read_sentence');
    expect((await call(t, textToSpeech, { guid, tone_type: 1, content: FIVE }, { as: other })).status).toBe(404);
    expect((await call(t, changeResourceTranslate, { guid, translate: [] }, { as: other })).status).toBe(404);
    expect((await upload(guid, { name: 'a.wav', data: handWav({}) }, { content: FIVE[0]! }, other)).status).toBe(404);
    expect((await call(t, deleteRecitationResource, { resource_id: setId }, { as: other })).status).toBe(404);
    expect((await call(t, startCreateResource, { category: 'read_sentence', id: setId }, { as: other })).status).toBe(
      404,
    );
  });

  it('WAV rules: 8 and 16-bit PCM taken; the spec messages verbatim for the rest', async () => {
    const guid = await start('read_sentence');
    const cases: Array<[string, Buffer, string]> = [
      ['float', handWav({ format: 3, bits: 32 }), 'Only PCM format is supported'],
      ['no data', handWav({ data: false }), 'Data chunk not found in WAV file'],
      ['24-bit', handWav({ bits: 24 }), 'Unsupported bit depth'],
      ['garbage', Buffer.from('not a wav file at all'), 'Invalid WAV file'],
    ];
    for (const [, data, msg] of cases) {
      const r = await upload(guid, { name: 'x.wav', data }, { content: FIVE[0]! });
      expect(r.status).toBe(400);
      expect(r.body.errmsg).toBe(recitationMessages.wavProblem(msg));
      expect(r.body.errmsg.startsWith(msg)).toBe(true);
      // The browser's check of the header says the same before sending.
      expect(wavHeaderProblem(new Uint8Array(data))).toBe(msg);
    }
    const samples = await voiceOf(FIVE[1]!);
    expect(wavHeaderProblem(writeWav(samples, 16000))).toBeNull();
    expect(wavHeaderProblem(to8bit(samples))).toBeNull();
    const r16 = await upload(guid, { name: 'a.wav', data: writeWav(samples, 16000) }, { index: 1, content: FIVE[1]! });
    expect(r16.body.errmsg).toBe('');
    expect(r16.body.data.flagged).toBe(false);
    const r8 = await upload(guid, { name: 'b.wav', data: to8bit(samples) }, { index: 2, content: FIVE[1]! });
    expect(r8.body.errmsg).toBe('');
    expect(r8.body.data.score).toBeGreaterThanOrEqual(recitationLimits.recordingMatchScore);
  });

  it('the formats phones and recording programs write are converted and scored like the WAV', async () => {
    const guid = await start('read_sentence');
    const files = ['.mp3', '.ogg', '.flac', '-aac.m4a', '-alac.m4a'];
    for (const [index, end] of files.entries()) {
      const data = await readFile(new URL(`i-like-apples${end}`, FIXTURES));
      const r = await upload(guid, { name: `memo${end}`, data }, { index, content: FIVE[1]! });
      expect([end, r.body.errmsg]).toEqual([end, '']);
      expect(r.body.data.flagged).toBe(false);
      expect(r.body.data.score).toBeGreaterThanOrEqual(recitationLimits.recordingMatchScore);
      const played = await t.app.inject({ method: 'GET', url: String(r.body.data.audio_file) });
      const wav = parseWav(new Uint8Array(played.rawPayload));
      expect(wav.sampleRate).toBe(16000);
      // The engine's voice lasts 0.79 s; decoders add at most an encoder's priming.
      expect(wav.samples.length / 16000).toBeGreaterThan(0.75);
      expect(wav.samples.length / 16000).toBeLessThan(0.9);
    }
    // A real codec with no decoder here: refused with what to do instead.
    const ac3 = await readFile(new URL('i-like-apples-ac3.m4a', FIXTURES));
    const refused = await upload(guid, { name: 'film.m4a', data: ac3 }, { index: 0, content: FIVE[1]! });
    expect([refused.status, refused.body.errmsg]).toEqual([400, recitationMessages.cannotDecode('AC3')]);
    // Over five minutes is refused (convert.ts checks the duration before decoding).
    const long = await upload(guid, { name: 'long.mp3', data: mp3Frames(11_600) }, { index: 0, content: FIVE[1]! });
    expect([long.status, long.body.errmsg]).toEqual([400, recitationMessages.audioTooLong]);
  });

  it('read_chapter from an uploaded M4A (Opus) and a WebM, converted; a mismatching recording is flagged', async () => {
    const guid = await start('read_chapter');
    const samples = await voiceOf(PASSAGE);
    const webm = new Recording();
    webm.addPcm(Int16Array.from(samples, (s) => Math.round(s * 32767)));
    const webmBytes = (await webm.finish())!;
    const w = await upload(guid, { name: 'phone.webm', data: webmBytes }, { content: PASSAGE });
    expect(w.body.errmsg).toBe('');
    const m = await upload(guid, { name: 'phone.m4a', data: await opusM4a(samples) }, { content: PASSAGE });
    expect(m.body.errmsg).toBe('');
    expect(m.body.data.flagged).toBe(false);
    const played = await t.app.inject({ method: 'GET', url: String(m.body.data.audio_file) });
    const wav = parseWav(new Uint8Array(played.rawPayload));
    expect(wav.sampleRate).toBe(16000);
    expect(wav.samples.length / 16000).toBeGreaterThan(samples.length / 16000 - 0.5);

    const wrong = await upload(
      guid,
      {
        name: 'wrong.wav',
        data: writeWav(await voiceOf('The weather is cold and rainy today, so we stay inside.'), 16000),
      },
      { content: PASSAGE },
    );
    expect(wrong.body.data.flagged).toBe(true);
    expect(wrong.body.data.message).toBe(recitationMessages.recordingMismatch(Number(wrong.body.data.score)));
    const input = { guid, tone_type: 1, content: PASSAGE, category: 'read_chapter', need_template: 1 };
    const refused = await call(t, createResource, input, { as: me });
    expect([refused.status, refused.errcode]).toEqual([200, ErrorCode.RECITATION_RECORDING_FLAGGED]);

    await upload(guid, { name: 'phone.m4a', data: await opusM4a(samples) }, { content: PASSAGE });
    const made = await call(t, createResource, input, { as: me });
    expect(made.errmsg).toBe('');
    const detail = await call(t, getResourceDetail, { resource_id: made.data.resource_id }, { as: me });
    expect(detail.data.type).toBe('article_reading');
    expect(detail.data.full_text!.audio_file).toBe(m.body.data.audio_file);

    // Deleting takes the recording with it.
    const key = String(m.body.data.audio_file).split('/').pop()!;
    const del = await call(t, deleteRecitationResource, { resource_id: made.data.resource_id }, { as: me });
    expect(del.errmsg).toBe('');
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.key, key))).toEqual([]);
    expect((await call(t, getResourceDetail, { resource_id: made.data.resource_id }, { as: me })).status).toBe(404);
  });

  it('edits a resource no homework uses (no quota), and refuses once a homework uses it', async () => {
    const used = (await call(t, getRemainingTimes, {}, { as: me })).data.used;
    const guid = await start('read_sentence', me, setId);
    const info = await call(t, getRecitationResource, { resource_id: setId }, { as: me });
    expect(info.data.content).toEqual(FIVE);
    const changed = [...FIVE.slice(0, 4), 'See you tomorrow.'];
    const r = await call(
      t,
      createResource,
      { id: setId, guid, tone_type: 3, content: changed, category: 'read_sentence', need_template: 1 },
      { as: me },
    );
    expect(r.data.resource_id).toBe(setId);
    expect((await call(t, getRemainingTimes, {}, { as: me })).data.used).toBe(used);
    const [row] = await t.db.select().from(libraryResources).where(eq(libraryResources.id, setId));
    expect(row!.version).toBe(2);

    await buildHomework(t, { teacher: me.teacher, input: { resource_ids: [setId] } });
    const again = await call(t, startCreateResource, { category: 'read_sentence', id: setId }, { as: me });
    expect([again.errcode, again.errmsg]).toEqual([
      ErrorCode.RECITATION_RESOURCE_IN_USE,
      recitationMessages.resourceInUse,
    ]);
    const del = await call(t, deleteRecitationResource, { resource_id: setId }, { as: me });
    expect(del.errcode).toBe(ErrorCode.RECITATION_RESOURCE_IN_USE);
  });

  it('need_template 0 saves without model audio; a headquarters resource is not mine to change', async () => {
    const guid = await start('read_chapter');
    const r = await call(
      t,
      createResource,
      { guid, tone_type: 1, content: PASSAGE, category: 'read_chapter', need_template: 0 },
      { as: me },
    );
    expect(r.errmsg).toBe('');
    const detail = await call(t, getResourceDetail, { resource_id: r.data.resource_id }, { as: me });
    expect(detail.data.full_text!.audio_file).toBeNull();
    expect(detail.data.full_text!.sentences.map((s) => s.text)).toEqual([
      'My name is Ken.',
      'I live in Osaka with my family.',
      'I like music and I play the piano every day.',
    ]);
    const [hq] = await t.db
      .select()
      .from(libraryResources)
      .where(eq(libraryResources.originType, 'headquarters'))
      .limit(1);
    const refused = await call(t, deleteRecitationResource, { resource_id: hq!.id }, { as: me });
    expect([refused.status, refused.errmsg]).toEqual([403, recitationMessages.resourceNotOwn]);
  });

  it('forgets drafts never saved after a week, with their recordings', async () => {
    const guid = await start('read_sentence');
    const up = await upload(
      guid,
      { name: 'a.wav', data: writeWav(await voiceOf('Hello, my friends.'), 16000) },
      { content: 'Hello, my friends.' },
    );
    const key = String(up.body.data.audio_file).split('/').pop()!;
    await t.db
      .update(recitationDrafts)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(recitationDrafts.guid, guid));
    await start('read_sentence');
    expect(await t.db.select().from(recitationDrafts).where(eq(recitationDrafts.guid, guid))).toEqual([]);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.key, key))).toEqual([]);
  });

  it('holds back a teacher who makes audio again and again (429), not another', async () => {
    const busy = await teacherWithToken(t);
    await t.db.insert(rateLimitCounters).values({
      key: `recitation:audio:teacher:${busy.teacher.id}`,
      windowStart: new Date(),
      hits: recitationLimits.audioPerHour,
    });
    const guid = await start('read_sentence', busy);
    const r = await call(t, textToSpeech, { guid, tone_type: 1, content: FIVE }, { as: busy });
    expect([r.status, r.errmsg]).toEqual([429, recitationMessages.tooManyAudio]);
    const up = await upload(guid, { name: 'a.wav', data: handWav({}) }, { content: FIVE[0]! }, busy);
    expect(up.status).toBe(429);
  });

  it('quota set by the operator: at 0 creation is refused and nothing is made', async () => {
    const q = await teacherWithToken(t);
    await setQuota(t.db, q.teacher.id, 0);
    expect((await call(t, getRemainingTimes, {}, { as: q })).data).toEqual({ remaining: 0, total: 0, used: 0 });
    const guid = await start('read_sentence', q);
    const r = await call(
      t,
      createResource,
      { guid, tone_type: 1, content: FIVE, category: 'read_sentence', need_template: 1 },
      { as: q },
    );
    expect([r.status, r.errcode, r.errmsg]).toEqual([
      200,
      ErrorCode.RECITATION_QUOTA_EXHAUSTED,
      recitationMessages.quotaExhausted,
    ]);
    const rows = await t.db.select().from(libraryResources).where(eq(libraryResources.teacherId, q.teacher.id));
    expect(rows).toEqual([]);
  });
});
