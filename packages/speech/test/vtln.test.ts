// Per-reading vocal tract length normalisation (src/evaluator/vtln.ts): off by default, and when
// asked for it keeps the analysis of the warp whose forced alignment explains the audio best.
import { beforeAll, describe, expect, it } from 'vitest';
import { MfccExtractor } from '../src/frontend/mfcc';
import { createEvaluator, loadEvaluator, type Evaluator } from '../src/evaluator/evaluator';
import { analyse, analyseScores, planAnalysis } from '../src/evaluator/align';
import { IncrementalScorer } from '../src/decoder/incremental-scorer';
import { viterbi, viterbiSoFar } from '../src/decoder/viterbi';
import {
  alignmentLogLikelihood,
  CHILD_WARP,
  CHILD_WARPS,
  childWarpsFromEnv,
  mostLikelyWarp,
  VoicedFrames,
  vtlnGridFromEnv,
  WARP_DECISION_VOICED_FRAMES,
  WarpedScorer,
} from '../src/evaluator/vtln';
import { pronunciations } from '../src/lexicon/lexicon';
import { synthesize } from '../src/tts/synthesize';

const TEXT = 'My sister plays the piano every day.';
let ev: Evaluator;
let samples: Float32Array;

beforeAll(async () => {
  ev = await loadEvaluator();
  samples = (await synthesize({ text: TEXT, toneType: 1 })).samples;
}, 60_000);

describe('VTLN', () => {
  it('is off unless ONDOKU_SPEECH_VTLN names factors', () => {
    expect(vtlnGridFromEnv(undefined)).toEqual([]);
    expect(vtlnGridFromEnv('off')).toEqual([]);
    expect(vtlnGridFromEnv('0.9,1,1.05')).toEqual([0.9, 1.05]);
    expect(() => vtlnGridFromEnv('2')).toThrow('ONDOKU_SPEECH_VTLN');
  });

  it('keeps the warp whose forced alignment is the most likely', async () => {
    const prons = await Promise.all(
      TEXT.toLowerCase()
        .replace('.', '')
        .split(' ')
        .map((w) => pronunciations(w)),
    );
    const grid = [0.8, 0.88, 1.08];
    const lls = [1, ...grid].map((w) =>
      alignmentLogLikelihood(analyse(ev.model, samples, prons, { mfcc: new MfccExtractor(ev.model.params, w) })),
    );
    // The warps really change the likelihood, and this voice (tone type 1, a high female
    // variant) is explained best by a warp < 1.
    expect(new Set(lls).size).toBe(4);
    const best = [1, ...grid][lls.indexOf(Math.max(...lls))]!;
    expect(best).toBeLessThan(1);
    const plain = await ev.evaluate({ pcm: samples, text: TEXT });
    const withGrid = await createEvaluator(ev.model, { vtln: grid }).evaluate({ pcm: samples, text: TEXT });
    const bestOnly = await createEvaluator(ev.model, { vtln: [best] }).evaluate({ pcm: samples, text: TEXT });
    expect(withGrid).toEqual(bestOnly);
    expect(withGrid).not.toEqual(plain);
    expect(await createEvaluator(ev.model, { vtln: [] }).evaluate({ pcm: samples, text: TEXT })).toEqual(plain);
  });

  it("hands the chosen warp's forced alignment to the analysis, which does not search it again", async () => {
    const prons = await Promise.all(
      TEXT.toLowerCase()
        .replace('.', '')
        .split(' ')
        .map((w) => pronunciations(w)),
    );
    const plan = planAnalysis(ev.model, prons);
    const scoresOf = (warp: number) => {
      const scorer = new IncrementalScorer(ev.model, new MfccExtractor(ev.model.params, warp));
      scorer.setSenones(plan.senones);
      scorer.push(samples);
      return scorer.finish();
    };
    const candidates = [1, 0.8].map((warp) => ({ warp, scores: scoresOf(warp) }));
    const chosen = mostLikelyWarp(plan.forced, candidates);
    expect(chosen.warp).toBe(0.8);
    expect(chosen.passA).toEqual(viterbi(plan.forced, chosen.scores));
    const searched = analyseScores(ev.model, plan, chosen.scores);
    expect(analyseScores(ev.model, plan, chosen.scores, chosen.passA)).toEqual(searched);
    // The alignment handed over is the one used: another one (the other warp's) changes the analysis.
    const other = viterbi(plan.forced, candidates[0]!.scores)!;
    expect(other.segments).not.toEqual(chosen.passA!.segments);
    expect(analyseScores(ev.model, plan, chosen.scores, other)).not.toEqual(searched);
    // One candidate: nothing searched.
    expect(mostLikelyWarp(plan.forced, candidates.slice(0, 1)).passA).toBeUndefined();
  });

  it('keeps the plain scores when they have no alignment', async () => {
    // 40 ms of audio: too short for any path through the words.
    const short = samples.subarray(0, 640);
    const plain = await ev.evaluate({ pcm: short, text: TEXT });
    expect(await createEvaluator(ev.model, { vtln: [0.8] }).evaluate({ pcm: short, text: TEXT })).toEqual(plain);
  });

  it("hears a child's reading through one warp of the children's grid, chosen on its first seconds", async () => {
    const plain = await ev.evaluate({ pcm: samples, text: TEXT });
    expect(await ev.evaluate({ pcm: samples, text: TEXT, reader: 'adult' })).toEqual(plain);
    const child = await ev.evaluate({ pcm: samples, text: TEXT, reader: 'child' });
    // This high voice is heard through a warp < 1 (the likelihood prefers one: see above).
    expect(child).not.toEqual(plain);
    expect(CHILD_WARPS[0]).toBe(CHILD_WARP);
    expect(CHILD_WARPS).toContain(1);
    const chosen = await Promise.all(
      CHILD_WARPS.map((w) =>
        createEvaluator(ev.model, { childWarps: [w] }).evaluate({ pcm: samples, text: TEXT, reader: 'child' }),
      ),
    );
    expect(chosen.filter((r) => JSON.stringify(r) === JSON.stringify(child))).toHaveLength(1);
    expect(chosen.at(-1)).toEqual(plain);
    // Streamed in any chunks (the recorder's, or odd sizes), the same result: the choice depends
    // on the samples alone.
    for (const chunk of [3200, 777, 16000]) {
      const stream = ev.startStream({ text: TEXT, reader: 'child' });
      for (let i = 0; i < samples.length; i += chunk) stream.push(samples.subarray(i, i + chunk));
      expect(await stream.finish()).toEqual(child);
    }
  });

  it('chooses on the first 2 s of voice of a longer reading, alike in any chunks, and stops the other scorers', async () => {
    const text = `${TEXT} ${TEXT}`;
    const twice = Float32Array.from([...samples, ...samples]);
    const prons = await Promise.all(splitWordsOf(text).map((w) => pronunciations(w)));
    const plan = planAnalysis(ev.model, prons);
    const scorer = new WarpedScorer(ev.model, CHILD_WARPS);
    scorer.setSenones(plan.senones, plan.forced);
    for (let i = 0; i < twice.length; i += 3200) scorer.push(twice.subarray(i, i + 3200));
    expect(scorer.warps).toHaveLength(1);
    const whole = await ev.evaluate({ pcm: twice, text, reader: 'child' });
    for (const chunk of [3200, 999]) {
      const stream = ev.startStream({ text, reader: 'child' });
      for (let i = 0; i < twice.length; i += chunk) stream.push(twice.subarray(i, i + chunk));
      expect(await stream.finish()).toEqual(whole);
    }
    const only = await createEvaluator(ev.model, { childWarps: scorer.warps }).evaluate({
      pcm: twice,
      text,
      reader: 'child',
    });
    expect(only).toEqual(whole);
  });

  it('counts voiced frames alike however the audio is cut', () => {
    // This sentence has less than WARP_DECISION_VOICED_FRAMES of voice: decided at finish().
    const all = new VoicedFrames();
    all.push(samples);
    expect(all.decisionFrame).toBeUndefined();
    expect(samples.length / 160).toBeGreaterThan(WARP_DECISION_VOICED_FRAMES);
    const whole = new VoicedFrames(100);
    whole.push(samples);
    expect(whole.decisionFrame).toBeGreaterThanOrEqual(100);
    const cut = new VoicedFrames(100);
    for (let i = 0; i < samples.length; i += 333)
      cut.push(Int16Array.from(samples.subarray(i, i + 333), (x) => Math.round(x * 32767)));
    expect(Math.abs(cut.decisionFrame! - whole.decisionFrame!)).toBeLessThanOrEqual(1);
    // Silence is no voice.
    const quiet = new VoicedFrames();
    quiet.push(new Float32Array(16000 * 5));
    expect(quiet.decisionFrame).toBeUndefined();
  });

  it('scores the frames so far without disturbing the stream; the search so far ends anywhere', async () => {
    const prons = await Promise.all(splitWordsOf(TEXT).map((w) => pronunciations(w)));
    const plan = planAnalysis(ev.model, prons);
    const make = () => {
      const scorer = new IncrementalScorer(ev.model, new MfccExtractor(ev.model.params, 0.9));
      scorer.setSenones(plan.senones);
      return scorer;
    };
    const a = make();
    a.push(samples.subarray(0, 24000));
    const soFar = a.scoresSoFar(120);
    expect(soFar.nFrames).toBe(120);
    expect(() => a.scoresSoFar(a.liveFrames + 1)).toThrow();
    a.push(samples.subarray(24000));
    const b = make();
    b.push(samples);
    expect(a.finish()).toEqual(b.finish());
    const partial = viterbiSoFar(plan.forced, soFar);
    expect(Number.isFinite(partial)).toBe(true);
    expect(viterbi(plan.forced, soFar)?.score ?? -Infinity).toBeLessThanOrEqual(partial);
  });

  it('reads the grid from ONDOKU_SPEECH_CHILD_WARPS', () => {
    expect(childWarpsFromEnv(undefined)).toEqual(CHILD_WARPS);
    expect(childWarpsFromEnv('0.8,1')).toEqual([0.8, 1]);
    expect(() => childWarpsFromEnv('0.5')).toThrow('ONDOKU_SPEECH_CHILD_WARPS');
  });
});

const splitWordsOf = (text: string) => text.toLowerCase().replace(/[.]/g, '').split(' ');
