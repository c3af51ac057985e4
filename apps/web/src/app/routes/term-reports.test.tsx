process.env.TZ = 'Asia/Tokyo';
import { getClassReport, getStudentReport, type ClassReport, type StudentReport } from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const period = { label: '今学期', start_date: '2026-09-01', end_date: '2026-12-31' };
const classReport: ClassReport = {
  team: { team_id: 4, name: '5年2組' },
  period,
  participation: {
    student_count: 3,
    active_count: 2,
    rate: 66.7,
    weekly: [
      { week: '2026-09-07', active_count: 2 },
      { week: '2026-09-14', active_count: 1 },
    ],
  },
  score_distribution: [
    { key: '0-39', label: '40点未満', count: 0 },
    { key: '80-89', label: '80〜89点', count: 2 },
  ],
  hardest_words: [{ word: 'like', miss_count: 3, student_count: 2 }],
  most_improved: [{ student_id: 'k1', name: '青木 はると', first_average: 70, last_average: 88, delta: 18 }],
  students: [
    {
      student_id: 'k1',
      name: '青木 はると',
      number: '1',
      submissions: 4,
      average_score: 85,
      homework_done: 2,
      points: 20,
    },
    {
      student_id: 'k3',
      name: '上田 そうた',
      number: '3',
      submissions: 0,
      average_score: null,
      homework_done: 0,
      points: 0,
    },
  ],
};
const studentReport: StudentReport = {
  student: { student_id: 'k1', name: '青木 はると', number: '1', grade_name: '5年', class_name: '2組', teams: [] },
  period,
  homework: { assigned: 2, submitted: 2, rate: 100 },
  totals: { submissions: 4, duration_ms: 120_000, average_score: 85, points: 20, longest_streak: 2 },
  scores_over_time: [{ week: '2026-09-07', average_score: 80, submissions: 2 }],
  best_recordings: [],
  words_mastered: [{ word: 'apples', average_score: 95, count: 2 }],
  words_missed: [{ word: 'like', miss_count: 1, count: 2 }],
  teacher_comment: { body: 'はなまる！', motivation_ids: [3], created_at: '2026-10-15T03:00:00.000Z' },
};

describe('term reports', { timeout: 120_000 }, () => {
  it("a class's term: every chart with its table, each child linked to their report", async () => {
    renderRoute('/reports/team-rpt?team_id=4', { api: [reply(getClassReport, () => classReport)] });
    const report = await screen.findByTestId('term-report', {}, { timeout: 30_000 });
    expect(report).toHaveTextContent('5年2組 クラスレポート（今学期');
    expect(report).toHaveTextContent('66.7%');
    expect(within(report).getAllByTestId('count-chart')).toHaveLength(2);
    expect(screen.getByTestId('distribution-table')).toHaveTextContent('40点未満80〜89点0人2人');
    expect(report).toHaveTextContent('like2人3回');
    expect(report).toHaveTextContent('+18点');
    expect(within(screen.getByTestId('class-students')).getByRole('link', { name: '青木 はると' })).toHaveAttribute(
      'href',
      expect.stringContaining('/reports/student-rpt?student_id=k1'),
    );
  });

  it("a child's term: figures, scores by week, words, the teacher's stamp and words; a chosen range asks again", async () => {
    const { calls } = renderRoute('/reports/student-rpt?student_id=k1', {
      api: [reply(getStudentReport, () => studentReport)],
    });
    const report = await screen.findByTestId('term-report', {}, { timeout: 30_000 });
    expect(report).toHaveTextContent('青木 はるとさんの学習レポート');
    expect(screen.getByTestId('score-table')).toHaveTextContent('9/7の週80点2回');
    expect(screen.getByTestId('words-mastered')).toHaveTextContent('apples');
    expect(screen.getByTestId('words-missed')).toHaveTextContent('like（1回）');
    expect(within(report).getByRole('img', { name: 'はなまる' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('期間指定'));
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-10-31' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === getStudentReport.path).at(-1)?.input).toMatchObject({
        student_id: 'k1',
        start_time: '2026-10-01',
        end_time: '2026-10-31',
      }),
    );
  });
});
