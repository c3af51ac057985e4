import { schoolClock, type ExerciseType, type LearnHomeworkState } from '@ondoku/contract';

/** The exercise types as children read them (kana where kanji are hard). */
export const typeLabels: Record<ExerciseType, string> = {
  word_study: 'たんごのべんきょう',
  word_reading: 'たんごを読む',
  sentence_reading: '文を読む',
  article_reading: '文しょうを読む',
  dialog: 'かいわ',
  grammar_choice: 'ぶんぽう',
  listening: 'リスニング',
  reading_comprehension: 'よみとり',
};

export const stateLabels: Record<LearnHomeworkState, string> = {
  open: 'やること',
  done: 'おわった',
  overdue: 'しめきりがすぎた',
};

/** Kind words for a score (its band: 80 and above good, 60 and above medium; @ondoku/ui/preview/results). */
export function encouragement(score: number): string {
  if (score >= 80) return 'すばらしい！とてもじょうずに読めたね。';
  if (score >= 60) return 'よくできました！もういちど読むと、もっとよくなるよ。';
  return 'がんばったね！お手本をきいて、もういちどやってみよう。';
}

export const learnText = {
  offlineQueued: 'つうしんができませんでした。つながったら自動でおくります。',
  waitingToSend: 'おくるのをまっています。つながったら自動でおくります。',
  micDenied: 'マイクがつかえません。おうちの人か先生に、ブラウザの「マイクをつかう」をゆるしてもらってね。',
  micMissing: 'マイクが見つかりません。マイクがついているか、おうちの人か先生にみてもらってね。',
  noRecording: 'こえがとれませんでした。もういちど読んでね。',
  notAllAnswered: 'まだのもんだいがあります。ぜんぶ読んだり、えらんだりしてから出そうね。',
} as const;

/** 4月8日(水) 17:00: a short date for children, in the school's time zone. */
export function shortDate(at: string) {
  const c = schoolClock(at);
  return `${c.month}月${c.day}日(${c.weekday}) ${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}
