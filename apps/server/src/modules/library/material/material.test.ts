// Checks the authored library material without a database: counts, unique keys, that every
// spoken word is in the evaluator's pronunciation dictionary (CMU) or stated in
// pronunciations.ts, the text rules the evaluator and eSpeak need, the shape of every exercise,
// the pictures (present, used, safe) and the packs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exerciseTypes, libraryLimits, type ExerciseType } from '@ondoku/contract';
import { cmuDictionary, MODEL_PHONES, normaliseWord, splitWords } from '@ondoku/speech/internals';
import { describe, expect, it } from 'vitest';
import { classroomDemo, material } from './index';
import { spokenAs, spokenTextOf } from './spoken-as';
import { wordBookResourceKey, type Choice, type PictureName } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
const pictureDir = path.join(here, 'pictures');
const { wordBooks, sentenceSets, articles, dialogs, grammarSets, listeningSets, readingSets, packs } = material;
const allSentenceSets = [...sentenceSets, ...classroomDemo.sentenceSets];
const allArticles = [...articles, ...classroomDemo.articles];
const words = wordBooks.flatMap((b) => b.parts.flat());

/** Every English text that is spoken (model audio, the child's reading) or shown as an answer. */
function englishTexts(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  const add = (where: string, text: string) => out.push({ where, text });
  const addChoices = (where: string, choices: Choice[]) =>
    choices.forEach((c, i) => 'text' in c && add(`${where} choice ${i}`, c.text));
  for (const b of wordBooks)
    b.parts.forEach((part, p) =>
      part.forEach((w) => {
        add(`${b.code} part ${p + 1} word`, w.word);
        add(`${b.code} part ${p + 1} example of ${w.word}`, w.example);
      }),
    );
  for (const s of allSentenceSets) s.sentences.forEach((l, i) => add(`${s.key} #${i}`, l.text));
  for (const a of allArticles) a.sentences.forEach((l, i) => add(`${a.key} #${i}`, l.text));
  for (const d of dialogs) d.turns.forEach((t, i) => add(`${d.key} turn ${i}`, t.text));
  for (const g of grammarSets)
    g.questions.forEach((q, i) => {
      add(`${g.key} q${i} (filled in)`, q.prompt.replace('___', q.choices[q.correct] ?? ''));
      q.choices.forEach((c, j) => add(`${g.key} q${i} choice ${j}`, c));
    });
  for (const l of listeningSets)
    l.questions.forEach((q, i) => {
      add(`${l.key} q${i} script`, q.script);
      add(`${l.key} q${i} question`, q.question);
      addChoices(`${l.key} q${i}`, q.choices);
    });
  for (const r of readingSets) {
    r.passage.forEach((l, i) => add(`${r.key} passage #${i}`, l.text));
    r.questions.forEach((q, i) => {
      add(`${r.key} q${i} question`, q.question);
      addChoices(`${r.key} q${i}`, q.choices);
    });
  }
  return out;
}

/** Every Japanese text shown next to the English (translations, meanings, notes, titles). */
function japaneseTexts(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  const add = (where: string, text: string | undefined) => out.push({ where, text: text ?? '' });
  for (const b of wordBooks) {
    add(b.code, b.title);
    for (const w of b.parts.flat()) {
      add(`${b.code} ${w.word} meaning`, w.meaning);
      add(`${b.code} ${w.word} example`, w.example_translation);
    }
  }
  for (const r of [...allSentenceSets, ...allArticles]) {
    add(r.key, r.title);
    r.sentences.forEach((l, i) => add(`${r.key} #${i}`, l.translation));
  }
  for (const d of dialogs) {
    add(d.key, d.title);
    d.turns.forEach((t, i) => add(`${d.key} turn ${i}`, t.translation));
  }
  for (const g of grammarSets) {
    add(g.key, g.title);
    g.questions.forEach((q, i) => add(`${g.key} q${i}`, q.translation));
  }
  for (const l of listeningSets) {
    add(l.key, l.title);
    l.questions.forEach((q, i) => {
      add(`${l.key} q${i} script`, q.script_translation);
      add(`${l.key} q${i} question`, q.question_translation);
    });
  }
  for (const r of readingSets) {
    add(r.key, r.title);
    r.passage.forEach((l, i) => add(`${r.key} passage #${i}`, l.translation));
    r.questions.forEach((q, i) => add(`${r.key} q${i}`, q.question_translation));
  }
  for (const p of packs) add(p.code, p.title);
  return out;
}

/** Resource keys by exercise type, as the installer makes them. */
function resourceKeys(): Map<ExerciseType, string[]> {
  const keys = new Map<ExerciseType, string[]>(exerciseTypes.map((t) => [t, []]));
  for (const b of wordBooks)
    b.parts.forEach((_, i) => {
      keys.get('word_study')!.push(wordBookResourceKey(b.code, 'word_study', i + 1));
      keys.get('word_reading')!.push(wordBookResourceKey(b.code, 'word_reading', i + 1));
    });
  keys.get('sentence_reading')!.push(...allSentenceSets.map((r) => r.key));
  keys.get('article_reading')!.push(...allArticles.map((r) => r.key));
  keys.get('dialog')!.push(...dialogs.map((r) => r.key));
  keys.get('grammar_choice')!.push(...grammarSets.map((r) => r.key));
  keys.get('listening')!.push(...listeningSets.map((r) => r.key));
  keys.get('reading_comprehension')!.push(...readingSets.map((r) => r.key));
  return keys;
}

function picturesUsed(): Map<PictureName, string> {
  const used = new Map<PictureName, string>();
  const use = (name: PictureName | undefined, where: string) => name !== undefined && used.set(name, where);
  for (const b of wordBooks) for (const w of b.parts.flat()) use(w.picture, `${b.code} ${w.word}`);
  for (const s of allSentenceSets) s.sentences.forEach((l, i) => use(l.picture, `${s.key} #${i}`));
  for (const set of [...listeningSets, ...readingSets])
    set.questions.forEach((q, i) => q.choices.forEach((c) => 'picture' in c && use(c.picture, `${set.key} q${i}`)));
  return used;
}

const articleWordCount = (a: (typeof allArticles)[number]) =>
  splitWords(a.sentences.map((s) => s.text).join(' ')).length;

describe('library material', () => {
  it('has at least the counts the issue asks for (printed)', () => {
    const counts = {
      'word books': wordBooks.length,
      'word-book parts': wordBooks.reduce((n, b) => n + b.parts.length, 0),
      words: words.length,
      'sentence sets': sentenceSets.length,
      sentences: sentenceSets.reduce((n, s) => n + s.sentences.length, 0),
      articles: articles.length,
      dialogs: dialogs.length,
      'grammar sets': grammarSets.length,
      'listening sets': listeningSets.length,
      'reading sets': readingSets.length,
      packs: packs.length,
      'stated pronunciations': Object.keys(material.pronunciations).length,
      pictures: picturesUsed().size,
      'classroom demo sentence sets': classroomDemo.sentenceSets.length,
      'classroom demo articles': classroomDemo.articles.length,
    };
    console.table(counts);
    expect(counts.words).toBeGreaterThanOrEqual(300);
    expect(counts['sentence sets']).toBeGreaterThanOrEqual(40);
    expect(counts.articles).toBeGreaterThanOrEqual(12);
    expect(counts.dialogs).toBeGreaterThanOrEqual(12);
    expect(counts['grammar sets']).toBeGreaterThanOrEqual(20);
    expect(counts['listening sets']).toBeGreaterThanOrEqual(12);
    expect(counts['reading sets']).toBeGreaterThanOrEqual(12);
    expect(counts.packs).toBeGreaterThanOrEqual(10);
    expect(counts.pictures).toBeGreaterThanOrEqual(40);
    expect(counts['classroom demo sentence sets']).toBe(3);
    expect(counts['classroom demo articles']).toBe(1);
  });

  it('uses every key once across all material, and keys the classroom demo with its prefix', () => {
    const all = [...resourceKeys().values()].flat();
    const seen = new Set<string>();
    const duplicates = all.filter((k) => seen.has(k) || !seen.add(k));
    expect(duplicates).toEqual([]);
    const codes = [...wordBooks.map((b) => b.code), ...packs.map((p) => p.code)];
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of [...classroomDemo.sentenceSets, ...classroomDemo.articles])
      expect(r.key.startsWith('demo-classroom:')).toBe(true);
    for (const k of all.filter((k) => !k.startsWith('demo-classroom:'))) expect(k).toMatch(/^[a-z0-9:_-]+$/);
  });

  it('spells every word so the evaluator knows it: in the CMU dictionary or in pronunciations.ts', () => {
    const dictionary = cmuDictionary();
    const stated = new Set(Object.keys(material.pronunciations));
    const unknown: string[] = [];
    for (const { where, text } of englishTexts()) {
      for (const w of splitWords(text)) {
        const key = normaliseWord(w.text);
        if (!dictionary.get(key) && !stated.has(key)) unknown.push(`${where}: "${w.text}"`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('states only needed, well-formed pronunciations', () => {
    const dictionary = cmuDictionary();
    const spoken = new Set(englishTexts().flatMap(({ text }) => splitWords(text).map((w) => normaliseWord(w.text))));
    for (const [word, arpabet] of Object.entries(material.pronunciations)) {
      expect(word, 'keys are lower-case dictionary keys').toBe(normaliseWord(word));
      expect(dictionary.get(word), `${word} is already in the dictionary`).toBeUndefined();
      expect(spoken.has(word), `${word} is not used by the material`).toBe(true);
      const phones = arpabet.split(' ');
      expect(phones.length).toBeGreaterThan(0);
      for (const p of phones) expect(MODEL_PHONES.has(p.replace(/[012]$/, '')), `${word}: ${p}`).toBe(true);
    }
  });

  it('tells eSpeak how to say only words of the material, in its phoneme notation', () => {
    const spoken = new Set(englishTexts().flatMap(({ text }) => splitWords(text).map((w) => normaliseWord(w.text))));
    for (const [word, phonemes] of Object.entries(spokenAs)) {
      expect(word, 'keys are lower-case dictionary keys').toBe(normaliseWord(word));
      expect(spoken.has(word), `${word} is not used by the material`).toBe(true);
      expect(phonemes, `${word}: eSpeak phonemes, no brackets or spaces`).toMatch(/^[^\s[\]]+$/);
    }
    expect(spokenTextOf("Kyoto and kimono, Kyoto's kimonos.")).toBe(
      "[[kj'oUt#oU]] and [[k@m'oUnoU]], Kyoto's kimonos.",
    );
  });

  it('follows the text rules (words for numbers, plain ASCII punctuation, no capitals, no abbreviations)', () => {
    const broken: string[] = [];
    for (const { where, text } of englishTexts()) {
      if (text.trim() === '' || text !== text.trim()) broken.push(`${where}: empty or padded`);
      if (/[0-9]/.test(text)) broken.push(`${where}: digits in "${text}"`);
      if (/[^A-Za-z ,.!?'-]/.test(text)) broken.push(`${where}: character outside plain English in "${text}"`);
      if (/\b[A-Z]{2,}\b/.test(text)) broken.push(`${where}: all capitals in "${text}"`);
      if (/\b(Mr|Mrs|Ms|Dr|St|Mt|etc)\./.test(text)) broken.push(`${where}: abbreviation in "${text}"`);
      if (/ {2}|\s[,.!?]/.test(text)) broken.push(`${where}: spacing in "${text}"`);
    }
    for (const { where, text } of japaneseTexts()) {
      if (!/[\u3040-\u30ff\u4e00-\u9fff]/.test(text)) broken.push(`${where}: no Japanese in "${text}"`);
    }
    expect(broken).toEqual([]);
  });

  it('gives every word a Japanese meaning, an American IPA between slashes and an example', () => {
    for (const b of wordBooks) {
      expect([3, 4, 5, 6]).toContain(b.grade);
      for (const part of b.parts) {
        expect(part.length).toBeGreaterThanOrEqual(10);
        expect(part.length).toBeLessThanOrEqual(15);
      }
    }
    for (const w of words) {
      expect(w.ipa, w.word).toMatch(/^\/[^/\s]+\/$/);
      expect(w.ipa, `${w.word}: IPA, not ARPAbet`).not.toMatch(/[A-Z0-9]/);
      expect(w.meaning.length, w.word).toBeGreaterThan(0);
      expect(splitWords(w.example).length, `${w.word}: example`).toBeGreaterThanOrEqual(2);
      expect(
        splitWords(w.example).some((e) => normaliseWord(e.text).startsWith(normaliseWord(w.word).slice(0, 3))),
        `${w.word}: the example uses the word`,
      ).toBe(true);
    }
  });

  it('keeps every article between 60 and 150 words', () => {
    const counts = allArticles.map((a) => ({ key: a.key, words: articleWordCount(a) }));
    console.table(counts);
    for (const { key, words: n } of counts) {
      expect(n, key).toBeGreaterThanOrEqual(60);
      expect(n, key).toBeLessThanOrEqual(150);
    }
  });

  it('gives sentence sets and dialogs a usable shape', () => {
    for (const s of allSentenceSets) {
      expect(s.sentences.length, s.key).toBeGreaterThanOrEqual(3);
      expect(s.sentences.length, s.key).toBeLessThanOrEqual(8);
    }
    expect(sentenceSets.some((s) => s.sentences.some((l) => l.picture))).toBe(true);
    expect(sentenceSets.some((s) => s.sentences.some((l) => l.note))).toBe(true);
    for (const d of dialogs) {
      expect(d.roles.length, d.key).toBeGreaterThanOrEqual(2);
      expect(new Set(d.roles).size, d.key).toBe(d.roles.length);
      expect(d.roles, d.key).toContain(d.child_role);
      for (const t of d.turns) expect(d.roles, `${d.key}: ${t.role}`).toContain(t.role);
      expect(
        d.turns.some((t) => t.role === d.child_role),
        d.key,
      ).toBe(true);
      expect(
        d.turns.some((t) => t.role !== d.child_role),
        d.key,
      ).toBe(true);
      for (const role of d.roles)
        expect(
          d.turns.some((t) => t.role === role),
          `${d.key}: ${role}`,
        ).toBe(true);
    }
    expect(
      dialogs.some((d) => d.turns[0]!.role !== d.child_role),
      'a partner speaks first somewhere',
    ).toBe(true);
  });

  it('writes grammar questions with exactly one blank, three choices and a correct index in range', () => {
    for (const g of grammarSets) {
      expect(g.questions.length, g.key).toBeGreaterThanOrEqual(4);
      expect(g.questions.length, g.key).toBeLessThanOrEqual(6);
      g.questions.forEach((q, i) => {
        expect(q.prompt.split('___').length - 1, `${g.key} q${i}: one ___`).toBe(1);
        expect(q.prompt, `${g.key} q${i}: no other underscores`).not.toMatch(/[^_]_{1,2}[^_]|_{4,}/);
        expect(q.choices.length, `${g.key} q${i}`).toBe(3);
        expect(new Set(q.choices).size, `${g.key} q${i}: distinct choices`).toBe(3);
        expect(Number.isInteger(q.correct) && q.correct >= 0 && q.correct < q.choices.length, `${g.key} q${i}`).toBe(
          true,
        );
      });
    }
  });

  it('writes listening and reading questions with three choices and a correct index in range', () => {
    const check = (key: string, questions: Array<{ choices: Choice[]; correct: number }>, min: number, max: number) => {
      expect(questions.length, key).toBeGreaterThanOrEqual(min);
      expect(questions.length, key).toBeLessThanOrEqual(max);
      questions.forEach((q, i) => {
        expect(q.choices.length, `${key} q${i}`).toBe(3);
        expect(Number.isInteger(q.correct) && q.correct >= 0 && q.correct < q.choices.length, `${key} q${i}`).toBe(
          true,
        );
        const labels = q.choices.map((c) => ('text' in c ? c.text : c.picture));
        expect(new Set(labels).size, `${key} q${i}: distinct choices`).toBe(3);
        for (const c of q.choices) if ('picture' in c) expect(c.alt.length, `${key} q${i}: alt`).toBeGreaterThan(0);
      });
    };
    for (const l of listeningSets) check(l.key, l.questions, 3, 5);
    for (const r of readingSets) {
      expect(r.passage.length, r.key).toBeGreaterThanOrEqual(3);
      check(r.key, r.questions, 3, 4);
    }
    const pictureAnswers = [...listeningSets, ...readingSets].flatMap((s) => s.questions).flatMap((q) => q.choices);
    expect(pictureAnswers.some((c) => 'picture' in c)).toBe(true);
    expect(pictureAnswers.some((c) => 'text' in c)).toBe(true);
  });

  it('has an SVG for every picture name, uses every SVG, and every SVG is small, self-contained and safe', () => {
    const files = readdirSync(pictureDir).filter((f) => f.endsWith('.svg'));
    const onDisk = new Set(files.map((f) => f.slice(0, -4)));
    const used = picturesUsed();
    expect([...used.keys()].filter((name) => !onDisk.has(name))).toEqual([]);
    expect([...onDisk].filter((name) => !used.has(name))).toEqual([]);
    expect(readdirSync(pictureDir).filter((f) => !f.endsWith('.svg'))).toEqual([]);
    for (const file of files) {
      const svg = readFileSync(path.join(pictureDir, file), 'utf8');
      expect(Buffer.byteLength(svg), file).toBeLessThan(3 * 1024);
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 200"[ >]/);
      expect(svg.trimEnd().endsWith('</svg>'), file).toBe(true);
      expect(svg, `${file}: script`).not.toMatch(/<script|javascript:/i);
      expect(svg, `${file}: event attribute`).not.toMatch(/\son[a-z]+\s*=/i);
      expect(svg, `${file}: links`).not.toMatch(/href\s*=/i);
      expect(svg, `${file}: foreign content`).not.toMatch(/<foreignObject|<image|<iframe|<!ENTITY|<!DOCTYPE/i);
      expect(svg.replace('http://www.w3.org/2000/svg', ''), `${file}: external URL`).not.toMatch(
        /https?:|url\(\s*['"]?[^#'"]/i,
      );
      expect(svg, `${file}: text`).not.toMatch(/<text/i);
    }
  });

  it('lists in every pack existing resources of its own type, and has exactly one empty pack', () => {
    const keys = resourceKeys();
    for (const p of packs) {
      expect(p.code.length, p.code).toBeLessThanOrEqual(libraryLimits.packCodeMax);
      expect(exerciseTypes, p.code).toContain(p.type);
      expect([3, 4, 5, 6]).toContain(p.grade);
      expect(p.title, p.code).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      const ofType = new Set(keys.get(p.type));
      expect(
        p.resources.filter((k) => !ofType.has(k)),
        p.code,
      ).toEqual([]);
      expect(new Set(p.resources).size, p.code).toBe(p.resources.length);
      expect(
        p.resources.some((k) => k.startsWith('demo-classroom:')),
        p.code,
      ).toBe(false);
    }
    expect(packs.filter((p) => p.resources.length === 0).map((p) => p.code)).toHaveLength(1);
  });
});
