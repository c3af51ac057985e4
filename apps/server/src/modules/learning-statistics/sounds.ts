import { SCHOOL_TIME_ZONE } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { soundJudgements, type StoredPhoneJudgement } from '../../db/schema/index.js';

/**
 * Sounds as the statistics count them (docs/learning-statistics.md, "Sounds"): every phone the
 * evaluator judged (ARPAbet, the acoustic model's phone set), plus FINAL, a consonant that ends
 * a word — where Japanese learners tend to add a vowel (good → グッド). A judgement below 60 (the
 * product's bad band) is weak.
 */
export const FINAL = 'FINAL';
export const WEAK_BELOW = 60;

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);
export const isConsonant = (phone: string) => !VOWELS.has(phone);

/** How a Japanese teacher reads each sound, and what Japanese learners typically do with it. */
const SOUND_INFO: Record<string, { label: string; hint: string }> = {
  R: { label: '/r/（right の r）', hint: 'l と混同しやすい' },
  L: { label: '/l/（light の l）', hint: 'r と混同しやすい' },
  TH: { label: '/θ/（think の th）', hint: 's と混同しやすい' },
  DH: { label: '/ð/（this の th）', hint: 'z・d と混同しやすい' },
  V: { label: '/v/（very の v）', hint: 'b と混同しやすい' },
  B: { label: '/b/（berry の b）', hint: 'v と混同しやすい' },
  F: { label: '/f/（food の f）', hint: 'h（フ）と混同しやすい' },
  HH: { label: '/h/（hood の h）', hint: 'f と混同しやすい' },
  S: { label: '/s/（sea の s）', hint: 'sh・th と混同しやすい' },
  SH: { label: '/ʃ/（she の sh）', hint: 's と混同しやすい' },
  Z: { label: '/z/（zoo の z）', hint: 'dz（ズ）になりやすい' },
  ZH: { label: '/ʒ/（vision の s）', hint: 'j と混同しやすい' },
  JH: { label: '/dʒ/（jam の j）', hint: 'z と混同しやすい' },
  CH: { label: '/tʃ/（chair の ch）', hint: 'sh と混同しやすい' },
  W: { label: '/w/（wood の w）', hint: '唇の丸めが弱くなりやすい' },
  Y: { label: '/j/（year の y）', hint: 'ear と区別しにくい' },
  NG: { label: '/ŋ/（sing の ng）', hint: 'ング と g を足しやすい' },
  N: { label: '/n/（nine の n）', hint: '語末でンになりやすい' },
  M: { label: '/m/（moon の m）', hint: '語末でンになりやすい' },
  T: { label: '/t/（tea の t）', hint: 'ト・ツと母音を足しやすい' },
  D: { label: '/d/（dog の d）', hint: 'ド と母音を足しやすい' },
  K: { label: '/k/（cat の k）', hint: 'ク と母音を足しやすい' },
  G: { label: '/g/（go の g）', hint: 'グ と母音を足しやすい' },
  P: { label: '/p/（pen の p）', hint: 'プ と母音を足しやすい' },
  AE: { label: '/æ/（cat の a）', hint: 'ア・エ の間の音になりにくい' },
  AH: { label: '/ʌ/（cup の u）', hint: 'ア と混同しやすい' },
  AA: { label: '/ɑ/（hot の o）', hint: 'オ と混同しやすい' },
  AO: { label: '/ɔ/（saw の aw）', hint: 'オ と混同しやすい' },
  ER: { label: '/ɚ/（bird の ir）', hint: 'アー になりやすい' },
  IH: { label: '/ɪ/（sit の i）', hint: 'イー と混同しやすい' },
  IY: { label: '/iː/（see の ee）', hint: '短い イ になりやすい' },
  UH: { label: '/ʊ/（book の oo）', hint: 'ウー と混同しやすい' },
  UW: { label: '/uː/（food の oo）', hint: '唇の丸めが弱くなりやすい' },
  EH: { label: '/e/（bed の e）', hint: 'エ に近い' },
  EY: { label: '/eɪ/（day の ay）', hint: 'エー になりやすい' },
  AY: { label: '/aɪ/（my の y）', hint: 'アイ と二つに切れやすい' },
  AW: { label: '/aʊ/（now の ow）', hint: 'アウ と二つに切れやすい' },
  OW: { label: '/oʊ/（go の o）', hint: 'オー になりやすい' },
  OY: { label: '/ɔɪ/（boy の oy）', hint: 'オイ と二つに切れやすい' },
  [FINAL]: { label: '語末の子音（good の d など）', hint: '後ろに母音を足しやすい（グッド）' },
};

export const soundInfo = (sound: string) => ({
  sound,
  label: SOUND_INFO[sound]?.label ?? `/${sound.toLowerCase()}/`,
  hint: SOUND_INFO[sound]?.hint ?? '',
});

interface Tally {
  judged: number;
  weak: number;
  scoreSum: number;
}

/** One reading's judgements summed per sound (a word's last phone, when a consonant, also counts as FINAL). */
export function tallySounds(phones: readonly StoredPhoneJudgement[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  const add = (sound: string, score: number) => {
    const t = out.get(sound) ?? { judged: 0, weak: 0, scoreSum: 0 };
    t.judged++;
    if (score < WEAK_BELOW) t.weak++;
    t.scoreSum += score;
    out.set(sound, t);
  };
  phones.forEach((p, i) => {
    add(p.phone, p.score);
    const next = phones[i + 1];
    const lastOfWord = !next || next.word !== p.word;
    // A word of one phone (a, I) has no ending consonant to speak of.
    const alone = i === 0 || phones[i - 1]!.word !== p.word;
    if (lastOfWord && !alone && isConsonant(p.phone)) add(FINAL, p.score);
  });
  return out;
}

/**
 * Adds a child's reading to the child's sound statistics of that month (in Japan): one upsert of
 * every sound the reading judged. Runs in the transaction that stores the evaluation result.
 */
export async function addSoundJudgements(
  db: DbOrTx,
  studentId: number,
  phones: readonly StoredPhoneJudgement[],
  at: Date,
): Promise<void> {
  const tally = tallySounds(phones);
  if (tally.size === 0) return;
  const month = sql`date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${SCHOOL_TIME_ZONE})::date`;
  const s = soundJudgements;
  const values = [...tally.values()];
  await db.execute(sql`
    insert into ${s} (student_id, month, sound, judged, weak, score_sum)
    select ${studentId}, ${month}, v.sound, v.judged, v.weak, v.score_sum
    from unnest(${sql.param([...tally.keys()])}::text[], ${sql.param(values.map((t) => t.judged))}::int[],
                ${sql.param(values.map((t) => t.weak))}::int[], ${sql.param(values.map((t) => t.scoreSum))}::int[])
      as v(sound, judged, weak, score_sum)
    on conflict (student_id, month, sound) do update set
      judged = ${s}.judged + excluded.judged,
      weak = ${s}.weak + excluded.weak,
      score_sum = ${s}.score_sum + excluded.score_sum`);
}
