process.env.TZ = 'Asia/Tokyo';
import {
  downloadTaskFile,
  exportStudentStudyReport,
  getDownloadTaskPageList,
  getHomeworkSearchFilter2,
  getQuestionAnswerLogs,
  getStudentHomeworkReport,
  getStudentInfo,
  getStudentStudyReport,
  getSurveyHomeworkTopicDetails,
  getSurveyHomeworkTopicList,
  type CallOutput,
  type DownloadTaskRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, file, renderRoute, reply, type FakeInput } from '../../test/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => sessionStorage.clear());

const student = {
  student_id: 'sakura01',
  name: '伊藤 さくら',
  furigana: 'いとう さくら',
  number: '4',
  grade_name: '5年',
  class_name: '1組',
};
const periods = [
  {
    value: 'month',
    label: '今月',
    name: '2026年11月',
    from: '2026-10-31T15:00:00.000Z',
    to: '2026-11-30T15:00:00.000Z',
  },
  {
    value: 'term',
    label: '今学期',
    name: '2026年度 2学期',
    from: '2026-08-31T15:00:00.000Z',
    to: '2026-12-31T15:00:00.000Z',
  },
  {
    value: 'year',
    label: '今年度',
    name: '2026年度',
    from: '2026-03-31T15:00:00.000Z',
    to: '2027-03-31T15:00:00.000Z',
  },
] as const;
const filter: CallOutput<typeof getHomeworkSearchFilter2> = {
  student,
  teams: [{ team_id: 3, name: '5年1組' }],
  periods: [...periods],
  homework_types: [{ value: 'routine', label: '通常宿題' }],
  statuses: [
    { value: 'on_time', label: '期限内に提出' },
    { value: 'late', label: '期限後に提出' },
    { value: 'unsubmitted', label: '未提出' },
  ],
};
const report = (period: string): CallOutput<typeof getStudentStudyReport> => ({
  student,
  period: periods.find((p) => p.value === period)!,
  homework: { assigned: 2, submitted: 2, on_time: 1, late: 1, unsubmitted: 0, submission_rate: 100 },
  average_score: 68.8,
  accuracy_score: 75,
  fluency_score: 80,
  integrity_score: 100,
  granularity: period === 'month' ? 'week' : 'month',
  trend:
    period === 'month'
      ? [
          { label: '11/2〜11/8', from: 'a', to: 'b', average_score: 71.7, attempts: 3 },
          { label: '11/9〜11/15', from: 'a', to: 'b', average_score: null, attempts: 0 },
          { label: '11/16〜11/22', from: 'a', to: 'b', average_score: 60, attempts: 1 },
        ]
      : [
          { label: '10月', from: 'a', to: 'b', average_score: 90, attempts: 1 },
          { label: '11月', from: 'a', to: 'b', average_score: 68.8, attempts: 4 },
        ],
  practice: { count: 5, homework_count: 4, self_count: 1, recording_minutes: 0.5 },
  weakest_words: [
    { word: 'piano', missed: 2, read: 2 },
    { word: 'plays', missed: 1, read: 2 },
  ],
});
const topic = (id: number, position: number, best: number | null) => ({
  topic_id: id,
  position,
  resource_id: 100 + id,
  title: `教材${position}`,
  type: 'sentence_reading' as const,
  item_count: 3,
  practice_count: best === null ? 0 : 2,
  best_score: best,
  last_score: best,
  last_at: best === null ? null : '2026-11-04T09:00:00.000Z',
});
const homeworkRow = (id: number, status: 'on_time' | 'late', score: number) => ({
  homework_id: id,
  title: `宿題${id}`,
  type: 'routine' as const,
  team: { team_id: 3, name: '5年1組' },
  state: 'finished' as const,
  start_time: '2026-11-01T23:00:00.000Z',
  end_time: '2026-11-09T14:00:00.000Z',
  status,
  submitted_at: '2026-11-03T09:10:00.000Z',
  score,
  topics: [topic(1, 1, 85), topic(2, 2, 50)],
});
const task = (over: Partial<DownloadTaskRow> = {}): DownloadTaskRow => ({
  task_id: 31,
  kind: 'student-study-report',
  title: '学習レポート：伊藤 さくら 今月（2026年11月）',
  status: 'processing',
  progress: 0,
  error: null,
  file_name: null,
  size_bytes: null,
  created_at: '2026-11-20T03:00:00.000Z',
  finished_at: null,
  expires_at: '2026-11-27T03:00:00.000Z',
  ...over,
});

function reportApi(log: { path: string; input: FakeInput }[] = []) {
  const seen = (path: string) => (input: FakeInput) => log.push({ path, input });
  return [
    reply(getHomeworkSearchFilter2, () => filter),
    reply(getStudentStudyReport, (q) => (seen('report')(q), report(String(q.period)))),
    reply(getSurveyHomeworkTopicList, (q) => {
      seen('list')(q);
      const rows =
        q.status === 'late'
          ? [homeworkRow(12, 'late', 60)]
          : [homeworkRow(12, 'late', 60), homeworkRow(11, 'on_time', 67.5)];
      return { rows, total: rows.length, page: 1, limit: 10 };
    }),
    reply(getStudentHomeworkReport, () => ({
      student,
      homework: {
        homework_id: 11,
        title: '宿題11',
        type: 'routine' as const,
        team: { team_id: 3, name: '5年1組' },
        state: 'finished' as const,
        start_time: '2026-11-01T23:00:00.000Z',
        end_time: '2026-11-09T14:00:00.000Z',
        assigned_count: 2,
        submitted_count: 1,
      },
      status: 'on_time' as const,
      submitted_at: '2026-11-03T09:10:00.000Z',
      score: 67.5,
      class_average: 51.3,
      topics: [
        {
          ...topic(1, 1, 85),
          accuracy_score: 85,
          fluency_score: 80,
          integrity_score: 100,
          class_average: 77.5,
          class_accuracy: 77.5,
          class_fluency: 80,
          class_integrity: 100,
          class_submitted: 2,
        },
      ],
    })),
    reply(getSurveyHomeworkTopicDetails, () => ({
      student,
      homework: { homework_id: 11, title: '宿題11' },
      topic: topic(1, 1, 85),
      class_average: 77.5,
      items: [
        { question_id: 0, text: 'I like apples.' },
        { question_id: 1, text: 'She plays the piano.' },
      ],
      attempts: [
        {
          attempt_id: 502,
          created_at: '2026-11-04T09:00:00.000Z',
          score: 85,
          accuracy_score: 85,
          fluency_score: 80,
          integrity_score: 100,
          correct_count: null,
          choice_count: null,
          duration_ms: 9000,
          is_best: true,
          answers: [{ question_id: 1, score: 75 }],
        },
        {
          attempt_id: 501,
          created_at: '2026-11-03T09:00:00.000Z',
          score: 80,
          accuracy_score: 80,
          fluency_score: 80,
          integrity_score: 100,
          correct_count: null,
          choice_count: null,
          duration_ms: 9000,
          is_best: false,
          answers: [{ question_id: 1, score: 60 }],
        },
      ],
    })),
    reply(getQuestionAnswerLogs, (q) => {
      seen('logs')(q);
      const word = (w: string, score: number) => ({
        word: w,
        score,
        type: score < 60 ? ('mispronounced' as const) : ('normal' as const),
        start_ms: 0,
        end_ms: 1,
      });
      return {
        student,
        topic: {
          topic_id: 1,
          position: 1,
          resource_id: 101,
          title: '教材1',
          type: 'sentence_reading' as const,
          item_count: 3,
        },
        item: { question_id: 1, text: 'She plays the piano.' },
        rows: [
          {
            attempt_id: 502,
            created_at: '2026-11-04T09:00:00.000Z',
            is_best: true,
            question_id: 1,
            score: 75,
            accuracy_score: 75,
            fluency_score: 80,
            integrity_score: 100,
            evaluate_html: null,
            words: [word('She', 90), word('plays', 50), word('the', 90), word('piano.', 40)],
            sound_file: '/api/v2/recording/rec-2?sig=x',
            has_recording: true,
            answer_result: null,
            correct: null,
            duration_ms: 3000,
          },
        ],
      };
    }),
  ];
}

describe('/homework/student-report', { timeout: 300_000 }, () => {
  it('reads 学年 and 組 imported as plain digits as 6年1組 in the header, never 「・61・」', async () => {
    const digits = { ...student, grade_name: '6', class_name: '1' };
    renderRoute('/homework/student-report?student_id=sakura01', {
      api: [...reportApi(), reply(getHomeworkSearchFilter2, () => ({ ...filter, student: digits }))],
    });
    const heading = await screen.findByRole('heading', { name: '伊藤 さくら さんの学習レポート' }, { timeout: 30_000 });
    expect(heading.nextElementSibling).toHaveTextContent('生徒ID sakura01・6年1組・出席番号 4・5年1組');
  });

  it("shows the child's report for the chosen period, the trend, weakest words and the homework", async () => {
    const log: { path: string; input: FakeInput }[] = [];
    renderRoute('/homework/student-report?student_id=sakura01', { api: reportApi(log) });
    expect(
      await screen.findByRole('heading', { name: '伊藤 さくら さんの学習レポート' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('period-range')).toHaveTextContent(
      '2026年11月（2026年11月1日(日) 〜 2026年11月30日(月)）',
    );
    expect(screen.getByTestId('figure-homework')).toHaveTextContent('2 / 2件期限内 1件・期限後 1件・未提出 0件');
    expect(screen.getByTestId('figure-rate')).toHaveTextContent('100%');
    expect(within(screen.getByTestId('figure-average')).getByText('68.8点')).toHaveAttribute('data-band', 'medium');
    expect(screen.getByTestId('figure-practice')).toHaveTextContent('5回宿題 4回・自主練習 1回・録音 0.5分');
    expect(screen.getAllByTestId('trend-point').map((p) => p.getAttribute('data-score'))).toEqual(['71.7', '', '60']);
    expect(screen.getByRole('heading', { name: '平均点の推移（週ごと）' })).toBeInTheDocument();
    expect(screen.getByTestId('weakest-words')).toHaveTextContent('piano 2回 / 2回plays 1回 / 2回');
    await waitFor(() => expect(screen.getAllByTestId('survey-homework-row')).toHaveLength(2));
    expect(screen.getAllByTestId('survey-homework-row')[0]).toHaveTextContent('宿題12');
    expect(screen.getAllByTestId('survey-homework-row')[0]).toHaveTextContent('期限後に提出');
    expect(log.find((c) => c.path === 'list')!.input).toMatchObject({ student_id: 'sakura01', period: 'month' });

    // 今学期: the report and the list follow the period; the trend goes by month.
    fireEvent.click(screen.getByRole('radio', { name: '今学期' }));
    expect(
      await screen.findByRole('heading', { name: '平均点の推移（月ごと）' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(log.filter((c) => c.path === 'report').map((c) => c.input.period)).toEqual(['month', 'term']);
    await waitFor(() => expect(log.filter((c) => c.path === 'list').at(-1)!.input.period).toBe('term'), {
      timeout: 30_000,
    });
  });

  it('drills from a homework to the class comparison, a topic’s submissions and one item’s answers with the recording', async () => {
    const log: { path: string; input: FakeInput }[] = [];
    renderRoute('/homework/student-report?student_id=sakura01', { api: reportApi(log) });
    await waitFor(() => expect(screen.getAllByTestId('survey-homework-row')).toHaveLength(2), { timeout: 30_000 });
    fireEvent.click(
      within(screen.getAllByTestId('survey-homework-row')[1]!).getByRole('button', { name: /展開|Expand/ }),
    );
    const compare = await screen.findByTestId('homework-compare', {}, { timeout: 30_000 });
    expect(compare).toHaveTextContent('得点 68点（クラス平均 51.3点）');
    expect(within(compare).getByTestId('compare-row')).toHaveTextContent('1. 教材12回85点77.5点85点80点100点');
    fireEvent.click(within(compare).getByRole('button', { name: '提出を見る' }));
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(2), { timeout: 30_000 });
    expect(screen.getAllByTestId('attempt-row')[0]).toHaveTextContent(
      '2026年11月4日(水) 18:00 最高点85点85点80点100点9秒',
    );
    fireEvent.click(screen.getByRole('button', { name: '問題2' }));
    const answer = await screen.findByTestId('answer-log', {}, { timeout: 30_000 });
    expect(log.find((c) => c.path === 'logs')!.input).toMatchObject({
      student_id: 'sakura01',
      homework_id: '11',
      topic_id: '1',
      question_id: '1',
    });
    expect(answer.querySelector('audio')).toHaveAttribute('src', '/api/v2/recording/rec-2?sig=x');
    expect([...answer.querySelectorAll('[data-word-type]')].map((w) => w.getAttribute('data-word-type'))).toEqual([
      'normal',
      'mispronounced',
      'normal',
      'mispronounced',
    ]);
  });

  it('エクセルで出力 makes a download task and saves the file when it is ready', async () => {
    const exports: FakeInput[] = [];
    let polls = 0;
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute('/homework/student-report?student_id=sakura01', {
      api: [
        ...reportApi(),
        reply(exportStudentStudyReport, (q) => (exports.push(q), { task: task(), email: null })),
        reply(getDownloadTaskPageList, () => ({
          rows: [
            ++polls > 1
              ? task({
                  status: 'finished',
                  progress: 100,
                  file_name: '学習レポート_伊藤_さくら_2026年11月_20261120.xlsx',
                })
              : task({ progress: 40 }),
          ],
          total: 1,
          page: 1,
          limit: 20,
          processing: polls > 1 ? 0 : 1,
        })),
        reply(downloadTaskFile, () => file('学習レポート_伊藤_さくら_2026年11月_20261120.xlsx')),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /エクセルで出力/ }, { timeout: 30_000 }));
    expect(
      await screen.findByText('学習レポート：伊藤 さくら 今月（2026年11月）', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(exports[0]).toMatchObject({ student_id: 'sakura01', period: 'month' });
    expect(exports[0]!.email).toBeUndefined();
    expect(await screen.findByTestId('report-ready', {}, { timeout: 30_000 })).toHaveTextContent(
      '「学習レポート_伊藤_さくら_2026年11月_20261120.xlsx」を保存しました。',
    );
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('メールで送る checks the address, then makes the task with it', async () => {
    const exports: FakeInput[] = [];
    renderRoute('/homework/student-report?student_id=sakura01', {
      api: [
        ...reportApi(),
        reply(exportStudentStudyReport, (q) => (exports.push(q), { task: task(), email: String(q.email) })),
        reply(getDownloadTaskPageList, () => ({ rows: [task()], total: 1, page: 1, limit: 20, processing: 1 })),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /メールで送る/ }, { timeout: 30_000 }));
    const box = await screen.findByLabelText('送信先メールアドレス');
    expect(box).toHaveValue('sensei@example.jp');
    fireEvent.change(box, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: /^送\s?信$/ }));
    expect(
      await screen.findByText('正しいメールアドレスを入力してください。', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(exports).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'office@school.example' } });
    fireEvent.click(screen.getByRole('button', { name: /^送\s?信$/ }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]).toMatchObject({ student_id: 'sakura01', period: 'month', email: 'office@school.example' });
    expect(
      await screen.findByText(/ファイルを作成して office@school.example に送ります。/, {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
  });

  it("another teacher's (or an unknown) child: データが見つかりませんでした。 with the way back", async () => {
    renderRoute('/homework/student-report?student_id=nobody', {
      api: [
        reply(getHomeworkSearchFilter2, () => failure(404, 40400, 'データが見つかりませんでした。')),
        reply(getStudentStudyReport, () => failure(404, 40400, 'データが見つかりませんでした。')),
      ],
    });
    expect(await screen.findByTestId('not-found', {}, { timeout: 30_000 })).toHaveTextContent(
      'データが見つかりませんでした。',
    );
    expect(screen.getByRole('link', { name: '生徒一覧へ戻る' })).toHaveAttribute(
      'href',
      '/student/student-overview-home',
    );
  });

  it('the student details page opens the report with 学習レポート', async () => {
    renderRoute('/student/student-details/sakura01', {
      api: [
        reply(getStudentInfo, () => ({
          ...student,
          teams: [{ team_id: 3, name: '5年1組' }],
          has_initial_password: true,
          password_changed_at: null,
          created_at: '2026-04-01T00:00:00.000Z',
        })),
      ],
    });
    const link = await screen.findByRole('link', { name: /学習レポート/ }, { timeout: 30_000 });
    expect(link).toHaveAttribute('href', '/homework/student-report?student_id=sakura01');
  });
});
