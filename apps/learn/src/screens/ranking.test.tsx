process.env.TZ = 'Asia/Tokyo';
import { getStudentRanking, integralRules, type CallOutput } from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderLearn, reply, type FakeInput } from '../test/render-learn';

const period = {
  period: 'week' as const,
  label: '今週',
  start_date: '2026-11-23',
  end_date: '2026-11-29',
  previous_start_date: '2026-11-16',
  previous_end_date: '2026-11-22',
};
const base: CallOutput<typeof getStudentRanking> = {
  teams: [{ team_id: 1, name: '4年1組' }],
  team_id: 1,
  visibility: 'top',
  kind: 'integral',
  period,
  rows: [
    { rank: 1, name: null, value: 15, me: false },
    { rank: 4, name: '青木 はると', value: 3, me: true },
  ],
  me: { rank: 4, value: 3 },
  rules: integralRules.map((r) => ({ ...r })),
};

describe('learn: ランキング', { timeout: 120_000 }, () => {
  it('as the teacher lets children see it: others without names, the child’s own place marked', async () => {
    const asked: FakeInput[] = [];
    renderLearn('/ranking', {
      api: [
        reply(getStudentRanking, (q) => {
          asked.push(q);
          return { ...base, kind: (q.kind as 'integral') ?? 'integral' };
        }),
      ],
    });
    const list = await screen.findByTestId('student-ranking', {}, { timeout: 20_000 });
    const rows = within(list).getAllByTestId('ranking-row');
    expect(rows[0]).toHaveTextContent('1いほかの おともだち15ポイント');
    expect(rows[1]).toHaveTextContent('4い青木 はると3ポイント');
    expect(list).toHaveTextContent('あなたは 4い（3ポイント）');
    fireEvent.click(screen.getByRole('tab', { name: 'れんしゅう回数' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ kind: 'exercise_count', period: 'week' }));
    await waitFor(() => expect(screen.getByTestId('student-ranking')).toHaveTextContent('あなたは 4い（3回）'));
  });

  it('nothing when the teacher shows children no ranking', async () => {
    renderLearn('/ranking', {
      api: [reply(getStudentRanking, () => ({ ...base, visibility: 'none' as const, rows: [], me: null }))],
    });
    expect(await screen.findByTestId('ranking-closed', {}, { timeout: 20_000 })).toHaveTextContent(
      'いまは ランキングは ひみつだよ。',
    );
  });
});
