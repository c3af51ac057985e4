process.env.TZ = 'Asia/Tokyo';
import {
  exportCurrentMonthSummary,
  getCurrentMonthSummary,
  getExerciseSearchFilter,
  getExerciseSummary,
  getNewHomeworkList,
  getNewHomeworkSummary,
  getResourceExerciseDetails,
  getResourceExerciseLogs,
  selfPracticeMessages,
  type CallOutput,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeFailure, file, renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const zero = { practised_student_count: 0, session_count: 0, duration_ms: 0, average_score: null, practice_days: 0 };
const filters: CallOutput<typeof getExerciseSearchFilter> = {
  teams: [
    { team_id: 1, name: '5年1組' },
    { team_id: 2, name: '5年2組' },
  ],
  types: [{ value: 'sentence_reading', label: '文の音読' }],
  periods: [
    { key: 'this_month', label: '今月', start_date: '2026-11-01', end_date: '2026-11-30' },
    { key: 'last_month', label: '先月', start_date: '2026-10-01', end_date: '2026-10-31' },
  ],
};
const studentRow = (
  name: string,
  number: string,
  order: number,
  sessions: number,
  average: number | null,
  classId = 1,
) => ({
  student_id: `kid-${name}`,
  name,
  furigana: name,
  number,
  team_id: classId,
  team_name: classId === 1 ? '5年1組' : '5年2組',
  order,
  this_month: {
    session_count: sessions,
    duration_ms: sessions * 4500,
    average_score: average,
    practice_days: sessions,
  },
  last_month: { session_count: 1, duration_ms: 4500, average_score: 70, practice_days: 1 },
});
const month: CallOutput<typeof getCurrentMonthSummary> = {
  month_label: '2026年11月',
  this_month: {
    start_date: '2026-11-01',
    end_date: '2026-11-30',
    totals: {
      student_count: 3,
      practised_student_count: 2,
      session_count: 5,
      duration_ms: 22500,
      average_score: 78.4,
      practice_days: 5,
    },
  },
  last_month: {
    start_date: '2026-10-01',
    end_date: '2026-10-31',
    totals: {
      student_count: 3,
      practised_student_count: 3,
      session_count: 3,
      duration_ms: 13500,
      average_score: 70,
      practice_days: 3,
    },
  },
  teams: [
    {
      team_id: 1,
      name: '5年1組',
      student_count: 3,
      this_month: {
        practised_student_count: 2,
        session_count: 5,
        duration_ms: 22500,
        average_score: 78.4,
        practice_days: 5,
      },
      last_month: {
        practised_student_count: 3,
        session_count: 3,
        duration_ms: 13500,
        average_score: 70,
        practice_days: 3,
      },
    },
  ],
  students: [
    studentRow('青木', '1', 1, 1, 55),
    studentRow('井上', '2', 2, 4, 84.2),
    studentRow('上田', '3', 3, 0, null),
  ],
};
const summary: CallOutput<typeof getExerciseSummary> = {
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  totals: month.this_month.totals,
  by_type: [],
  top_resources: [
    {
      resource_id: 10,
      title: 'あいさつの文',
      type: 'sentence_reading',
      student_count: 2,
      session_count: 5,
      duration_ms: 22500,
      average_score: 78.4,
      best_score: 92,
      last_at: '2026-11-10T01:00:00.000Z',
    },
  ],
};
const newHomework = {
  summary: reply(getNewHomeworkSummary, () => ({
    days: 14,
    homework_count: 1,
    open_count: 1,
    assigned_count: 30,
    submitted_count: 12,
    submission_rate: 40,
  })),
  list: reply(getNewHomeworkList, () => ({
    rows: [
      {
        homework_id: 5,
        title: '11月の音読',
        team: { team_id: 1, name: '5年1組' },
        state: 'open' as const,
        start_time: '2026-11-15T00:00:00.000Z',
        end_time: '2026-11-22T00:00:00.000Z',
        assigned_count: 30,
        submitted_count: 12,
        submission_rate: 40,
      },
    ],
    total: 1,
    page: 1,
    limit: 10,
  })),
};

/** The 氏名 column (one class: 出席番号, 氏名, …). */
const names = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr.ant-table-row')].map((r) => r.querySelectorAll('td')[1]!.textContent);

describe('/homework-self-home', { timeout: 180_000 }, () => {
  it('shows the month, the children in register order (sortable), the materials with logs, new homework, and exports', async () => {
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        onended: (() => void) | null = null;
        currentTime = 0;
        constructor(readonly src: string) {}
        play() {
          played.push(this.src);
          return Promise.resolve();
        }
        pause() {}
      },
    );
    const { calls } = renderRoute('/homework-self-home', {
      api: [
        reply(getExerciseSearchFilter, () => filters),
        reply(getCurrentMonthSummary, () => month),
        reply(getExerciseSummary, () => summary),
        reply(getResourceExerciseDetails, () => ({
          start_date: '2026-11-01',
          end_date: '2026-11-30',
          resource: { resource_id: 10, title: 'あいさつの文', type: 'sentence_reading' as const, item_count: 2 },
          totals: {
            practised_student_count: 1,
            session_count: 4,
            duration_ms: 18000,
            average_score: 84.2,
            best_score: 92,
          },
          rows: [
            {
              student_id: 'kid-井上',
              name: '井上',
              furigana: 'いのうえ',
              number: '2',
              session_count: 4,
              duration_ms: 18000,
              best_score: 92,
              average_score: 84.2,
              last_score: 88,
              last_at: '2026-11-10T01:00:00.000Z',
            },
          ],
        })),
        reply(getResourceExerciseLogs, (q) => ({
          rows: [
            {
              student_id: 'kid-井上',
              name: '井上',
              furigana: 'いのうえ',
              number: '2',
              attempt_id: 99,
              created_at: '2026-11-10T01:00:00.000Z',
              score: 88,
              accuracy_score: 86,
              fluency_score: 90,
              integrity_score: 100,
              duration_ms: 4500,
              answers: [
                {
                  question_id: 0,
                  score: 88,
                  duration_ms: 1500,
                  sound_file: '/api/v2/recording/a?sig=1',
                  correct: null,
                },
              ],
            },
          ],
          total: q.student_id ? 1 : 4,
          page: 1,
          limit: 20,
        })),
        newHomework.summary,
        newHomework.list,
        reply(exportCurrentMonthSummary, () => file('自主学習_2026年11月_20261120.xlsx')),
      ],
    });
    expect(await screen.findByTestId('card-practised', {}, { timeout: 20_000 })).toHaveTextContent('2/3人');
    expect(screen.getByTestId('card-sessions')).toHaveTextContent('5回先月 3回（+2）');
    expect(screen.getByTestId('card-duration')).toHaveTextContent('録音時間23秒先月 14秒');
    expect(screen.getByTestId('card-average')).toHaveTextContent('78.4点');

    const table = screen.getByTestId('child-table');
    expect(names(table)).toEqual(['青木', '井上', '上田']);
    fireEvent.click(within(table).getByText('練習回数'));
    await waitFor(() => expect(names(table)).toEqual(['上田', '青木', '井上']));
    expect(table.querySelector('tbody tr.ant-table-row')).toHaveTextContent('—');

    // New homework panel.
    expect(await screen.findByTestId('new-homework-summary')).toHaveTextContent('提出 12/30人');
    const hw = screen.getByTestId('new-homework');
    expect(hw).toHaveTextContent('11月の音読');
    expect(hw).toHaveTextContent('2026年11月15日(日)');
    expect(within(hw).getByRole('link', { name: '11月の音読' }).getAttribute('href')).toBe('/homework-details/5');

    // Drill into the most practised material, then a child's logs, and play the recording.
    const top = await screen.findByTestId('top-resource');
    expect(top).toHaveTextContent('あいさつの文');
    fireEvent.click(within(top).getByRole('button', { name: 'くわしく' }));
    fireEvent.click((await screen.findByText('記録を見る', {}, { timeout: 20_000 })).closest('button')!);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('resource-exercise-logs')).at(-1)?.input).toMatchObject({
        resource_id: '10',
        student_id: 'kid-井上',
        start_date: '2026-11-01',
      }),
    );
    expect(await screen.findByText('井上さんの記録')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText('井上の1番の録音を再生'));
    await waitFor(() => expect(played).toEqual(['/api/v2/recording/a?sig=1']));

    // One class, then the export for it.
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByText('エクセルで出力').closest('button')!);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('export-current-month-summary'))).toBe(true));
  });

  it('says kindly when no child has practised yet', async () => {
    renderRoute('/homework-self-home', {
      api: [
        reply(getExerciseSearchFilter, () => filters),
        reply(getCurrentMonthSummary, () => ({
          ...month,
          this_month: { ...month.this_month, totals: { ...zero, student_count: 3 } },
          last_month: { ...month.last_month, totals: { ...zero, student_count: 3 } },
          students: [],
        })),
        newHomework.summary,
        newHomework.list,
      ],
    });
    expect(await screen.findByTestId('self-practice-empty', {}, { timeout: 20_000 })).toHaveTextContent(
      selfPracticeMessages.empty,
    );
    expect(screen.queryByTestId('child-table')).toBeNull();
  });

  it('a failed load shows 再読み込み, never the empty state', async () => {
    renderRoute('/homework-self-home', {
      api: [
        reply(getExerciseSearchFilter, () => filters),
        reply(getCurrentMonthSummary, () => {
          throw new FakeFailure(500, 50000, 'サーバーエラー');
        }),
        newHomework.summary,
        newHomework.list,
      ],
    });
    expect(await screen.findByRole('button', { name: /再読み込み/ }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByTestId('self-practice-empty')).toBeNull();
  });
});
