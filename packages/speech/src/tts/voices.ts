// The "tone types" offered to teachers for text-to-speech (the spec's tone type list: the first is
// the default).
// Each maps to an eSpeak NG voice and variant. Labels are shown as they are in the Japanese UI.

export interface ToneType {
  tone_type: number;
  label: string;
  voice: string;
}

export const TONE_TYPES: readonly ToneType[] = [
  { tone_type: 1, label: '女性（アメリカ英語）', voice: 'en-us+f3' },
  { tone_type: 2, label: '男性（アメリカ英語）', voice: 'en-us' },
  { tone_type: 3, label: '女性（イギリス英語）', voice: 'en-gb-x-rp+f2' },
  { tone_type: 4, label: '男性（イギリス英語）', voice: 'en-gb-x-rp' },
  { tone_type: 5, label: '女性（アメリカ英語・やわらかめ）', voice: 'en-us+f2' },
  { tone_type: 6, label: '男性（アメリカ英語・低め）', voice: 'en-us+m3' },
];

export const DEFAULT_TONE_TYPE = TONE_TYPES[0]!.tone_type;

export function listToneTypes(): Array<{ tone_type: number; label: string }> {
  return TONE_TYPES.map(({ tone_type, label }) => ({ tone_type, label }));
}

export function findToneType(toneType: number | undefined): ToneType {
  const t = TONE_TYPES.find((x) => x.tone_type === (toneType ?? DEFAULT_TONE_TYPE));
  if (!t) throw new Error(`Unknown tone type: ${toneType}`);
  return t;
}
