process.env.TZ = 'Asia/Tokyo';
import {
  encourageStudents,
  getExerciseCountRanking,
  getIntegralRanking,
  getMyClassRows,
  getRankingSettings,
  getStudentAchievementPageList,
  saveRankingSettings,
  type CallOutput,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply, testTeacher } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const classes = {
  rows: [
    {
      team_id: 3,
      name: '隠しクラス',
      allow_join: 1,
      sort: 0,
      hidden: true,
      student_count: 0,
      created_at: '2026-04-01T00:00:00Z',
    },
    {
      team_id: 1,
      name: '4年1組',
      allow_join: 1,
      sort: 1,
      hidden: false,
      student_count: 3,
      created_at: '2026-04-01T00:00:00Z',
    },
  ],
};
const period = (p: string) => ({
  period: p as 'week',
  label: p === 'month' ? '今月' : '今週',
  start_date: p === 'month' ? '2026-11-01' : '2026-11-23',
  end_date: p === 'month' ? '2026-11-30' : '2026-11-29',
  previous_start_date: '2026-11-16',
  previous_end_date: '2026-11-22',
});
const rows = [
  { rank: 1, student_id: 'a1', name: '青木 はると', number: '1', value: 5, change: 2 },
  { rank: 2, student_id: 'a2', name: '井上 ゆい', number: '2', value: 3, change: null },
  { rank: 2, student_id: 'a3', name: '上田 そうた', number: '3', value: 3, change: -1 },
];
const ranking = (input: Record<string, unknown>): CallOutput<typeof getExerciseCountRanking> => ({
  rows,
  total: 3,
  page: 1,
  limit: 20,
  team: { team_id: 1, name: '4年1組' },
  kind: 'exercise_count',
  period: period(String(input.period)),
});
const settings = { team_id: 1, visibility: 'none' as const, top_n: 10, hide_names: 1 as const };

const api = () => [
  reply(getMyClassRows, () => classes),
  reply(getExerciseCountRanking, ranking),
  reply(getIntegralRanking, (input) => ({ ...ranking(input), kind: 'integral' as const })),
  reply(getRankingSettings, () => settings),
  reply(saveRankingSettings, (input) => ({ ...settings, ...input, team_id: 1 }) as never),
  reply(encourageStudents, () => ({ count: 3 })),
  reply(getStudentAchievementPageList, (input) => ({
    rows: (input.filter === 'inactive' ? rows.slice(2) : rows).map((r) => ({
      student_id: r.student_id,
      name: r.name,
      number: r.number,
      achievements: [
        { key: 'submissions' as const, label: '提出回数', value: r.value },
        { key: 'points' as const, label: 'ポイント', value: r.value * 2 },
      ],
      last_encouraged_at: r.rank === 1 ? '2026-11-25T01:00:00.000Z' : null,
    })),
    total: input.filter === 'inactive' ? 1 : 3,
    page: 1,
    limit: 20,
    period: period('week'),
  })),
];

describe('/ranking', { timeout: 120_000 }, () => {
  it('ranks the first visible class this week: ties, changes; a period change asks again', async () => {
    const { calls } = renderRoute('/ranking', { api: api() });
    const table = await screen.findByTestId('ranking-table', {}, { timeout: 30_000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('1位');
    expect(first).toHaveTextContent('5回');
    expect(within(first!).getByLabelText('2つ上がりました')).toHaveTextContent('↑2');
    expect(second).toHaveTextContent('2位');
    expect(within(second!).getByLabelText('前の期間の記録なし')).toHaveTextContent('ー');
    expect(third).toHaveTextContent('2位');
    expect(within(third!).getByLabelText('1つ下がりました')).toHaveTextContent('↓1');
    expect(screen.getByTestId('ranking-period')).toHaveTextContent('今週（11/23〜11/29）');
    expect(calls.find((c) => c.path === getExerciseCountRanking.path)?.input).toMatchObject({
      team_id: '1',
      period: 'week',
    });
    fireEvent.click(screen.getByText('今月'));
    await waitFor(() => expect(screen.getByTestId('ranking-period')).toHaveTextContent('今月（11/1〜11/30）'));
    // A chosen range whose end is before its start: the product's message, no call.
    const before = calls.length;
    fireEvent.click(screen.getByText('期間指定'));
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-10' } });
    expect(await screen.findByText('終了時刻が間違っています。')).toBeInTheDocument();
    expect(calls.slice(before).some((c) => c.path === getExerciseCountRanking.path)).toBe(false);
  });

  it('shows the points rule, saves the privacy choice and encourages the whole class', async () => {
    const { calls } = renderRoute('/ranking', { api: api() });
    fireEvent.click(await screen.findByRole('tab', { name: 'ポイント' }, { timeout: 30_000 }));
    expect(await screen.findByTestId('integral-rules')).toHaveTextContent('練習を1回提出する：1pt');
    const privacy = await screen.findByTestId('privacy-card');
    fireEvent.click(within(privacy).getByLabelText('全員の順位を見せる'));
    fireEvent.click(within(privacy).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === saveRankingSettings.path)?.input).toMatchObject({
        team_id: 1,
        visibility: 'all',
        top_n: 10,
        hide_names: 1,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'クラス全員にはげましを送る' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the contract's message, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '送る' }));
    expect(await within(dialog).findByText('スタンプかメッセージを選んでください。')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'はなまる' }));
    fireEvent.change(within(dialog).getByLabelText('メッセージ'), { target: { value: 'よくがんばったね' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '送る' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === encourageStudents.path)?.input).toMatchObject({
        team_id: 1,
        is_all: 1,
        motivation_ids: [3],
        encourage: 'よくがんばったね',
        type: 'ranking',
      }),
    );
  });

  it('がんばり: what each child achieved, a filter, and encouragement to the chosen children', async () => {
    const { calls } = renderRoute('/ranking', { api: api() });
    fireEvent.click(await screen.findByRole('tab', { name: 'がんばり・はげまし' }, { timeout: 30_000 }));
    const table = await screen.findByTestId('achievements-table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('青木 はると510');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('まだ');
    fireEvent.click(within(within(table).getAllByRole('row')[2]!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '選んだ児童にはげましを送る（1人）' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('encourage-to')).toHaveTextContent('井上 ゆいさん');
    fireEvent.click(within(dialog).getByRole('button', { name: 'がんばったね' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '送る' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === encourageStudents.path)?.input).toMatchObject({
        team_id: 1,
        is_all: 0,
        student_ids: ['a2'],
        motivation_ids: [2],
        type: 'achievement',
      }),
    );
  });

  it('a guest sees the rankings but neither saves choices nor sends encouragement', async () => {
    renderRoute('/ranking', { api: api(), user: { ...testTeacher, type: 'guest' } });
    await screen.findByTestId('ranking-table', {}, { timeout: 30_000 });
    const privacy = await screen.findByTestId('privacy-card');
    expect(within(privacy).queryByRole('button', { name: /保\s?存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'クラス全員にはげましを送る' })).toBeNull();
  });
});
