import type { Db } from '../db/client.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createClass } from '../modules/classes/index.js';
import { createStudents } from '../modules/students/index.js';

/** Demo classes and students with Japanese names, made through the services the calls use. */

const surnames: [string, string][] = [
  ['佐藤', 'さとう'],
  ['鈴木', 'すずき'],
  ['高橋', 'たかはし'],
  ['田中', 'たなか'],
  ['伊藤', 'いとう'],
  ['渡辺', 'わたなべ'],
  ['山本', 'やまもと'],
  ['中村', 'なかむら'],
  ['小林', 'こばやし'],
  ['加藤', 'かとう'],
  ['吉田', 'よしだ'],
  ['山田', 'やまだ'],
  ['佐々木', 'ささき'],
  ['山口', 'やまぐち'],
  ['松本', 'まつもと'],
  ['井上', 'いのうえ'],
  ['木村', 'きむら'],
  ['林', 'はやし'],
  ['斎藤', 'さいとう'],
  ['清水', 'しみず'],
  ['山崎', 'やまざき'],
  ['森', 'もり'],
  ['池田', 'いけだ'],
  ['橋本', 'はしもと'],
  ['阿部', 'あべ'],
  ['石川', 'いしかわ'],
  ['前田', 'まえだ'],
  ['藤田', 'ふじた'],
  ['小川', 'おがわ'],
  ['岡田', 'おかだ'],
];
const givenNames: [string, string][] = [
  ['陽翔', 'はると'],
  ['蓮', 'れん'],
  ['湊', 'みなと'],
  ['蒼', 'あおい'],
  ['樹', 'いつき'],
  ['大翔', 'ひろと'],
  ['悠真', 'ゆうま'],
  ['颯太', 'そうた'],
  ['悠人', 'ゆうと'],
  ['朝陽', 'あさひ'],
  ['結菜', 'ゆいな'],
  ['陽葵', 'ひまり'],
  ['凛', 'りん'],
  ['咲良', 'さくら'],
  ['結愛', 'ゆあ'],
  ['芽依', 'めい'],
  ['紬', 'つむぎ'],
  ['美桜', 'みお'],
  ['葵', 'あおい'],
  ['莉子', 'りこ'],
  ['健太', 'けんた'],
  ['翔太', 'しょうた'],
  ['美咲', 'みさき'],
  ['花子', 'はなこ'],
  ['大和', 'やまと'],
];

/** A small deterministic generator, so the demo looks the same on every machine. */
export function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

export const demoClasses: Record<string, DemoClassSpec[]> = {
  teacher01: [
    { name: '3年1組', grade: '3年', kumi: '1組', size: 28, prefix: 'sakura3a' },
    { name: '3年2組', grade: '3年', kumi: '2組', size: 31, prefix: 'sakura3b' },
    { name: '5年1組', grade: '5年', kumi: '1組', size: 34, prefix: 'sakura5a' },
  ],
  teacher02: [{ name: '4年1組', grade: '4年', kumi: '1組', size: 26, prefix: 'himawari4a' }],
};

export interface DemoClassSpec {
  name: string;
  grade: string;
  kumi: string;
  size: number;
  prefix: string;
}

/** One class with `spec.size` children of distinct names, through the services the calls use. */
export async function createDemoClass(
  db: Db,
  box: SecretBox,
  teacherId: number,
  spec: DemoClassSpec,
  random: () => number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const c = await createClass(tx, teacherId, { name: spec.name });
    const used = new Set<string>();
    const list = Array.from({ length: spec.size }, (_, i) => {
      let sur: [string, string], given: [string, string];
      do {
        sur = surnames[Math.floor(random() * surnames.length)]!;
        given = givenNames[Math.floor(random() * givenNames.length)]!;
      } while (used.has(sur[0] + given[0]));
      used.add(sur[0] + given[0]);
      return {
        loginId: `${spec.prefix}-${String(i + 1).padStart(2, '0')}`,
        name: `${sur[0]} ${given[0]}`,
        furigana: `${sur[1]} ${given[1]}`,
        gradeName: spec.grade,
        kumi: spec.kumi,
        number: String(i + 1),
        classIds: [c.id],
      };
    });
    await createStudents(tx, box, teacherId, list);
    return c.id;
  });
}

export async function seedDemoClasses(db: Db, box: SecretBox, teacherId: number, loginId: string) {
  const random = rng(loginId.length * 7919 + teacherId);
  for (const spec of demoClasses[loginId] ?? []) await createDemoClass(db, box, teacherId, spec, random);
}
