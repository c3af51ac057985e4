process.env.TZ = 'Asia/Tokyo';
import {
  exportLearningStatistics,
  getMyClassRows,
  getProgressGraph,
  getSoundInsights,
  getUsageAmount,
  getWordProgress,
  type CallOutput,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const classes = () => ({
  rows: [1, 2].map((id) => ({
    team_id: id,
    name: `5年${id}組`,
    allow_join: 1,
    sort: id,
    hidden: false,
    student_count: 2,
    created_at: '2026-04-01T00:00:00Z',
  })),
});
const point = (score: number | null, count: number) => ({
  score,
  accuracy: score === null ? null : score - 2,
  fluency: score === null ? null : score - 4,
  integrity: score === null ? null : 100,
  practice_count: count,
  duration_ms: count * 60_000,
});
const students = [
  { student_id: 'kid-a', name: '青木 一郎', number: '1' },
  { student_id: 'kid-b', name: '井上 花', number: '2' },
];
const progress = (input: Record<string, unknown>): CallOutput<typeof getProgressGraph> => ({
  start_date: String(input.start_date ?? '2026-10-01'),
  end_date: String(input.end_date ?? '2026-10-18'),
  unit: 'week',
  team: { team_id: Number(input.team_id), name: `5年${String(input.team_id)}組` },
  student: null,
  buckets: [
    { start_date: '2026-10-01', class: point(81.7, 3), student: null },
    { start_date: '2026-10-05', class: point(null, 0), student: null },
    { start_date: '2026-10-12', class: point(64, 2), student: null },
  ],
  students: [
    {
      ...students[0]!,
      practice_count: 4,
      duration_ms: 240_000,
      average_score: 73.5,
      first_half_score: 87.5,
      second_half_score: 61,
      last_at: '2026-10-17T01:00:00Z',
      alerts: ['drop'],
    },
    {
      ...students[1]!,
      practice_count: 0,
      duration_ms: 0,
      average_score: null,
      first_half_score: null,
      second_half_score: null,
      last_at: null,
      alerts: ['none_yet'],
    },
  ],
});

describe('/progress-graph', () => {
  it('shows the first class’s scores with their table, marks a drop, and reads again for another period', async () => {
    const { calls } = renderRoute('/progress-graph', {
      api: [
        reply(getMyClassRows, classes),
        reply(getProgressGraph, progress),
        reply(exportLearningStatistics, () => ({
          task: {
            task_id: 5,
            kind: 'learning-progress' as const,
            title: '成績の推移：5年1組',
            status: 'processing' as const,
            progress: 0,
            error: null,
            file_name: null,
            size_bytes: null,
            created_at: '2026-11-20T03:00:00Z',
            finished_at: null,
            expires_at: '2026-11-27T03:00:00Z',
          },
        })),
      ],
    });
    const scores = await screen.findByTestId('progress-scores');
    expect(await within(scores).findByText('2026年10月1日(木)〜')).toBeInTheDocument();
    expect(within(scores).getAllByText('81.7点').length).toBeGreaterThan(0);
    expect(screen.getByTestId('progress-alerts')).toHaveTextContent('青木 一郎（得点が下がっています）');
    expect(within(screen.getByTestId('progress-students')).getByText('まだ練習していません')).toBeInTheDocument();
    expect(calls.find((c) => c.path === getProgressGraph.path)!.input).toMatchObject({ team_id: '1', unit: 'week' });

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-09-01' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === getProgressGraph.path).at(-1)!.input).toMatchObject({
        team_id: '1',
        start_date: '2026-09-01',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /エクセルで出力/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === exportLearningStatistics.path)?.input).toMatchObject({
        kind: 'learning-progress',
        team_id: 1,
        start_date: '2026-09-01',
      }),
    );
  });
});

describe('/usage-amount', () => {
  it('shows homework and self-practice apart, the hours grid and the children', async () => {
    renderRoute('/usage-amount?team_id=2', {
      api: [
        reply(getMyClassRows, classes),
        reply(getUsageAmount, (input) => ({
          start_date: '2026-10-01',
          end_date: '2026-10-03',
          unit: 'day' as const,
          team: { team_id: Number(input.team_id), name: '5年2組' },
          student: null,
          totals: {
            homework_count: 5,
            homework_ms: 300_000,
            self_count: 1,
            self_ms: 4500,
            practice_days: 3,
            student_count: 2,
          },
          buckets: ['2026-10-01', '2026-10-02', '2026-10-03'].map((d, i) => ({
            start_date: d,
            homework_count: i,
            homework_ms: i * 60_000,
            self_count: i === 2 ? 1 : 0,
            self_ms: i === 2 ? 4500 : 0,
          })),
          hours: [{ weekday: 1, hour: 19, count: 2 }],
          students: students.map((s, i) => ({
            ...s,
            homework_count: 5 - 5 * i,
            homework_ms: 300_000 - 300_000 * i,
            self_count: 1 - i,
            self_ms: 4500 - 4500 * i,
            practice_days: 3 - 3 * i,
            last_at: i ? null : '2026-10-03T10:00:00Z',
          })),
        })),
      ],
    });
    expect(await screen.findByTestId('usage-totals')).toHaveTextContent('宿題5回5分');
    const minutes = screen.getByTestId('usage-minutes');
    expect(within(minutes).getByText('2026年10月3日(土)')).toBeInTheDocument();
    expect(within(screen.getByTestId('usage-hours')).getByTitle('月曜 19時台：2回')).toHaveTextContent('2');
    expect(within(screen.getByTestId('usage-students')).getByText('井上 花')).toBeInTheDocument();
  });
});

describe('/statistics/word-progress', () => {
  it('colours the class × word grid by the 80/60 bands with the scores written in, and lists the most missed words', async () => {
    renderRoute('/statistics/word-progress', {
      api: [
        reply(getMyClassRows, classes),
        reply(getWordProgress, () => ({
          start_date: '2026-04-01',
          end_date: '2026-11-20',
          team: { team_id: 1, name: '5年1組' },
          books: [{ code: 'wb', title: '5年の単語', grade: 5, max_part: 3 }],
          book_code: 'wb',
          part: 1,
          words: [
            {
              word_id: 1,
              word: 'right',
              meaning: '右',
              class_score: 87.5,
              mastered: 2,
              practising: 0,
              missing: 0,
              untouched: 0,
            },
            {
              word_id: 2,
              word: 'apple',
              meaning: 'りんご',
              class_score: 52.5,
              mastered: 0,
              practising: 1,
              missing: 1,
              untouched: 0,
            },
          ],
          students: [
            { ...students[0]!, mastered: 1, practising: 1, missing: 0, scores: [90, 65] },
            { ...students[1]!, mastered: 1, practising: 0, missing: 1, scores: [85, 40] },
          ],
          most_missed: [2],
        })),
      ],
    });
    const grid = await screen.findByTestId('word-grid');
    expect(within(grid).getByTitle('40点')).toHaveTextContent('△40');
    expect(within(grid).getByTitle('65点')).toHaveTextContent('○65');
    expect(within(grid).getByTitle('90点')).toHaveTextContent('◎90');
    expect(screen.getByTestId('word-most-missed')).toHaveTextContent('apple（りんご）苦手 1人');
  });
});

describe('/student-manage/intelligence', () => {
  it('shows the heat map and opens the routine wizard pre-filled with the class and the materials for the worst sounds', async () => {
    const { router } = renderRoute('/student-manage/intelligence', {
      api: [
        reply(getMyClassRows, classes),
        reply(getSoundInsights, () => ({
          start_date: '2026-08-31',
          end_date: '2026-11-20',
          team: { team_id: 1, name: '5年1組' },
          sounds: [
            { sound: 'R', label: '/r/（right の r）', hint: 'l と混同しやすい', judged: 6, weak_rate: 50, score: 48 },
            { sound: 'AY', label: '/aɪ/（my の y）', hint: '', judged: 6, weak_rate: 0, score: 93 },
          ],
          students: [
            {
              ...students[0]!,
              judged: 9,
              strengths: [],
              weak: ['R'],
              cells: [
                { sound: 'AY', judged: 3, weak_rate: 0, score: 93 },
                { sound: 'R', judged: 3, weak_rate: 100, score: 0 },
              ],
            },
            { ...students[1]!, judged: 0, strengths: [], weak: [], cells: [] },
          ],
          practice: {
            sounds: ['R'],
            resources: [
              { resource_id: 7, title: 'Red rabbit', type: 'sentence_reading' as const, words: ['red', 'rabbit'] },
              { resource_id: 8, title: 'Rice', type: 'word_reading' as const, words: ['rice'] },
            ],
          },
        })),
      ],
    });
    const heat = await screen.findByTestId('sound-heatmap');
    expect(within(heat).getByTitle('3回中 100%')).toHaveTextContent('100');
    expect(within(screen.getByTestId('sound-students')).getByText('/r/（right の r）')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Rice/ }));
    fireEvent.click(screen.getByRole('button', { name: /この音の練習宿題を作る/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-create/routine/1'));
    const stored = Object.keys(sessionStorage)
      .filter((k) => k.startsWith('ondoku.homework-selection.'))
      .map(
        (k) => JSON.parse(sessionStorage.getItem(k)!) as { resources: { id: number }[]; form: Record<string, unknown> },
      )[0]!;
    expect(stored.resources.map((r) => r.id)).toEqual([7]);
    expect(stored.form).toMatchObject({
      type: 'routine',
      title: '発音練習：/r/',
      recipients: { team_ids: [1], students: [] },
    });
  });
});
