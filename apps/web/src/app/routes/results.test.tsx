process.env.TZ = 'Asia/Tokyo';
import {
  createDownloadTask,
  downloadTaskFile,
  getDownloadTaskPageList,
  sendStudentTopicMail,
  type DownloadTaskRow,
  correctAnswerWord,
  getAllTopicOverview,
  getOneTopicOverview,
  getOneTopicQuestionOverview,
  getStudentHomeworkTopicDetails,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  type CallOutput,
  type PaperAnswer,
  type TopicOverviewRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleReadingFixture, sentenceReadingFixture } from '@ondoku/ui/preview/fixtures';
import { created, stubMedia } from '@ondoku/ui/preview/test-media';
import { failure, file, renderRoute, reply, type FakeInput } from '../../test/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => sessionStorage.clear());

const topic = (id: number, position: number, over: Partial<TopicOverviewRow> = {}): TopicOverviewRow => ({
  topic_id: id,
  position,
  resource_id: 100 + id,
  title: `教材${position}`,
  type: 'sentence_reading',
  item_count: 4,
  recipient_count: 6,
  submitted_count: 4,
  average_score: 72.5,
  accuracy_score: 75,
  fluency_score: 81.3,
  integrity_score: 98,
  distribution: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0],
  ...over,
});

const overview: CallOutput<typeof getAllTopicOverview> = {
  homework_id: 9,
  title: '自己紹介の音読',
  team: { team_id: 3, name: '5年1組' },
  origin_type: 'classroom',
  state: 'open',
  start_time: '2026-04-08T00:00:00.000Z',
  end_time: '2026-04-15T00:00:00.000Z',
  assigned_count: 6,
  submitted_count: 4,
  required_times: null,
  done_count: 4,
  average_score: 71.2,
  distribution: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0],
  topics: [topic(1, 1), topic(2, 2, { average_score: 55, title: '文法の問題', type: 'grammar_choice' })],
  unsubmitted: [
    { student_id: 'kenta01', name: '佐藤 健太', number: '5' },
    { student_id: 'mio01', name: '鈴木 美桜', number: '6' },
  ],
  practicing: [],
};

const children = ['田中 陽翔', '山本 結衣', '高橋 蓮', '伊藤 さくら', '渡辺 湊', '佐藤 健太'];
const matrixRow = (i: number) => ({
  student_id: `s${i + 1}`,
  name: children[i]!,
  number: String(i + 1),
  submitted: i < 4,
  done: i < 4,
  practice_count: i < 4 ? 1 : 0,
  cells: [
    { topic_id: 1, best_score: i < 4 ? [92, 75, 58, 79.6][i]! : null, practice_count: i < 4 ? 1 : 0 },
    { topic_id: 2, best_score: i < 4 ? 60 : null, practice_count: i < 4 ? 1 : 0 },
  ],
  average_score: i < 4 ? 70 : null,
});

function detailsApi(onY?: (q: FakeInput) => void) {
  return [
    reply(getAllTopicOverview, () => overview),
    reply(getTopicScoreOverviewX, () => ({
      rows: overview.topics.map((t) => ({ ...t, average_score: t.average_score })),
    })),
    reply(getTopicScoreOverviewY, (q) => {
      onY?.(q);
      const page = Number(q.page);
      const limit = Number(q.limit);
      const all = children.map((_, i) => matrixRow(i));
      return { rows: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
    }),
  ];
}

describe('results screens', { timeout: 300_000 }, () => {
  it('homework details: submission rate, distribution, per-topic table, the matrix by 80/60, who has not submitted', async () => {
    const ys: FakeInput[] = [];
    renderRoute('/homework-details/9', { api: detailsApi((q) => ys.push(q)) });
    expect(await screen.findByTestId('submission-rate', {}, { timeout: 20_000 })).toHaveTextContent('67%');
    expect(screen.getByTestId('homework-average')).toHaveTextContent('71.2点');
    expect(screen.getByRole('heading', { name: '自己紹介の音読' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chart-bar').map((b) => b.getAttribute('data-count'))).toEqual(
      overview.distribution.map(String),
    );

    const topics = screen.getAllByTestId('topic-row');
    expect(topics[0]).toHaveTextContent('1教材1文の音読4/6人72.5点75.0点81.3点98.0点');
    expect(within(topics[1]!).getByText('55.0点')).toHaveAttribute('data-band', 'bad');
    expect(within(topics[0]!).getByRole('link', { name: '教材1' })).toHaveAttribute(
      'href',
      '/homework-details/9/topics/1',
    );

    // y pages by 5 (the score overview's page size): the first page, then the second.
    await waitFor(() => expect(screen.getAllByTestId('matrix-row')).toHaveLength(5));
    expect(ys[0]).toMatchObject({ homework_id: '9', page: '1', limit: '5' });
    const cells = screen.getAllByTestId('matrix-cell');
    expect(cells.slice(0, 8).map((c) => c.textContent)).toEqual([
      '92点',
      '60点',
      '75点',
      '60点',
      '58点',
      '60点',
      '80点',
      '60点',
    ]);
    expect(within(cells[0]!).getByText('92点')).toHaveAttribute('data-band', 'good');
    expect(within(cells[2]!).getByText('75点')).toHaveAttribute('data-band', 'medium');
    expect(within(cells[4]!).getByText('58点')).toHaveAttribute('data-band', 'bad');
    // 79.6 is shown as 80点 and coloured as 80 (the number shown decides the band).
    expect(within(cells[6]!).getByText('80点')).toHaveAttribute('data-band', 'good');
    expect(cells[8]).toHaveTextContent('—');
    expect(within(cells[0]!).getByRole('link')).toHaveAttribute('href', '/homework-details/9/topics/1/students/s1');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(screen.getAllByTestId('matrix-row')).toHaveLength(1));
    expect(screen.getByTestId('matrix-row')).toHaveTextContent('佐藤 健太');

    expect(screen.getByRole('region', { name: '未提出の生徒（2人）' })).toHaveTextContent('5佐藤 健太6鈴木 美桜');
  });

  it('a required practice count: 提出 2/4人, 練習完了 0/4人, 提出済み（練習 1/2回）, and a child’s 平均 in whole points like the cells', async () => {
    const kids = [
      { student_id: 'a1', name: '田中 陽翔', number: '1' },
      { student_id: 'a2', name: '山本 結衣', number: '2' },
      { student_id: 'a3', name: '高橋 蓮', number: '3' },
      { student_id: 'a4', name: '伊藤 さくら', number: '4' },
    ];
    const scores = [17.4, 0, null, null];
    renderRoute('/homework-details/9', {
      api: [
        reply(getAllTopicOverview, () => ({
          ...overview,
          assigned_count: 4,
          submitted_count: 2,
          required_times: 2,
          done_count: 0,
          average_score: 8.7,
          topics: [topic(1, 1, { recipient_count: 4, submitted_count: 2, average_score: 8.7 })],
          unsubmitted: kids.slice(2),
          practicing: kids.slice(0, 2).map((k) => ({ ...k, practice_count: 1 })),
        })),
        reply(getTopicScoreOverviewX, () => ({ rows: [{ ...topic(1, 1), average_score: 8.7 }] })),
        reply(getTopicScoreOverviewY, () => ({
          rows: kids.map((k, i) => ({
            ...k,
            submitted: i < 2,
            done: false,
            practice_count: i < 2 ? 1 : 0,
            cells: [{ topic_id: 1, best_score: scores[i]!, practice_count: i < 2 ? 1 : 0 }],
            average_score: scores[i]!,
          })),
          total: 4,
          page: 1,
          limit: 5,
        })),
      ],
    });
    expect(await screen.findByTestId('submission-rate', {}, { timeout: 20_000 })).toHaveTextContent('50%');
    expect(screen.getByText('提出 2/4人')).toBeInTheDocument();
    expect(screen.getByTestId('done-count')).toHaveTextContent('0/4人');
    expect(screen.getByTestId('topic-row')).toHaveTextContent('2/4人');
    await waitFor(() => expect(screen.getAllByTestId('matrix-row')).toHaveLength(4));
    expect(screen.getAllByTestId('matrix-rounds').map((r) => r.textContent)).toEqual([
      '提出済み（練習 1/2回）',
      '提出済み（練習 1/2回）',
    ]);
    expect(screen.getAllByTestId('matrix-cell').map((c) => c.textContent)).toEqual(['17点', '0点', '—', '—']);
    expect(screen.getAllByTestId('matrix-average').map((c) => c.textContent)).toEqual(['17点', '0点', '—', '—']);
    expect(screen.getByRole('region', { name: '未提出の生徒（2人）' })).toHaveTextContent('3高橋 蓮4伊藤 さくら');
    expect(screen.getByRole('region', { name: '必要練習回数に届いていない生徒（2人）' })).toHaveTextContent(
      '1田中 陽翔提出済み（練習 1/2回）2山本 結衣提出済み（練習 1/2回）',
    );
  });

  it("another teacher's (or a deleted) homework: データが見つかりませんでした。 with the way back", async () => {
    renderRoute('/homework-details/9', {
      api: [reply(getAllTopicOverview, () => failure(404, 40400, 'データが見つかりませんでした。'))],
    });
    expect(await screen.findByTestId('not-found', {}, { timeout: 20_000 })).toHaveTextContent(
      'データが見つかりませんでした。',
    );
    expect(screen.getByRole('link', { name: '宿題一覧へ戻る' })).toHaveAttribute('href', '/homework-management');
  });

  it('a failed load shows 再読み込み, never an empty page', async () => {
    renderRoute('/homework-details/9', {
      api: [reply(getAllTopicOverview, () => failure(500, 50000, 'サービス異常。もう一度やり直してください。'))],
    });
    expect(await screen.findByTestId('load-error', {}, { timeout: 30_000 })).toHaveTextContent(
      '読み込みに失敗しました。',
    );
  });

  it('one topic: per question with the hardest words, per child with a link to the answer paper', async () => {
    renderRoute('/homework-details/9/topics/1', {
      api: [
        reply(getOneTopicOverview, () => ({
          topic: topic(1, 1),
          rows: [
            {
              student_id: 's1',
              name: '田中 陽翔',
              number: '1',
              practice_count: 2,
              best_score: 92,
              last_score: 88,
              last_at: '2026-04-09T01:00:00.000Z',
              duration_ms: 12000,
            },
            {
              student_id: 's5',
              name: '渡辺 湊',
              number: '5',
              practice_count: 0,
              best_score: null,
              last_score: null,
              last_at: null,
              duration_ms: 0,
            },
          ],
        })),
        reply(getOneTopicQuestionOverview, () => ({
          topic: topic(1, 1),
          rows: [
            {
              question_id: 0,
              screen_text: 'Hello, my name is Haruto.',
              answer_count: 4,
              average_score: 81.5,
              correct_rate: null,
              hardest_words: [{ word: 'haruto', student_count: 2 }],
            },
          ],
          hardest_words: [
            { word: 'haruto', student_count: 2 },
            { word: 'osaka', student_count: 1 },
          ],
        })),
      ],
    });
    const q = await screen.findByTestId('question-row', {}, { timeout: 20_000 });
    expect(q).toHaveTextContent('1Hello, my name is Haruto.481.5点—haruto ×2');
    expect(screen.getByTestId('topic-hard-words')).toHaveTextContent('haruto ×2osaka ×1');
    const [first, second] = screen.getAllByTestId('student-row');
    expect(first).toHaveTextContent('1田中 陽翔2回92点88点2026年4月9日(木) 10:00解答を見る');
    expect(within(first!).getByRole('link', { name: '解答を見る' })).toHaveAttribute(
      'href',
      '/homework-details/9/topics/1/students/s1',
    );
    expect(second).toHaveTextContent('未提出');
    expect(within(second!).queryByRole('link')).toBeNull();
  });

  describe('the answer paper', () => {
    const words = (scores: number[], corrected?: number) =>
      'Hello, my name is Haruto.'.split(' ').map((word, i) => ({
        word,
        score: scores[i]!,
        type: scores[i]! < 60 ? ('mispronounced' as const) : ('normal' as const),
        start_ms: i * 300,
        end_ms: i * 300 + 250,
        ...(corrected === i ? { corrected_from: 'mispronounced' as const } : {}),
      }));
    const answer = (question_id: number, score: number, over: Partial<PaperAnswer> = {}): PaperAnswer => ({
      question_id,
      score,
      accuracy_score: score,
      fluency_score: 90,
      integrity_score: 100,
      evaluate_html: null,
      words: null,
      sound_file: null,
      has_recording: true,
      answer_result: null,
      correct: null,
      ...over,
    });
    const paper = (first: PaperAnswer): CallOutput<typeof getStudentHomeworkTopicDetails> => ({
      student: { student_id: 's1', name: '田中 陽翔', number: '1' },
      topic: { topic_id: 1, position: 1, resource_id: 103, title: '教材1', type: 'sentence_reading', item_count: 4 },
      practice_count: 2,
      best_score: 80,
      attempts: [
        { attempt_id: 12, score: 78, created_at: '2026-04-09T01:00:00.000Z' },
        { attempt_id: 11, score: 80, created_at: '2026-04-08T01:00:00.000Z' },
      ],
      attempt: {
        attempt_id: 11,
        score: 80,
        accuracy_score: 82,
        fluency_score: 90,
        integrity_score: 100,
        created_at: '2026-04-08T01:00:00.000Z',
      },
      detail: sentenceReadingFixture,
      answers: [first, answer(1, 85), answer(2, 90), answer(3, 70)],
      averages: [{ score: 66.5 }, { score: 70 }, null, { score: 81 }],
    });

    it('the preview with the child scores, the class averages, the recording, and a word correction after a confirmation', async () => {
      stubMedia();
      let state = paper(
        answer(0, 60, {
          words: words([90, 90, 90, 90, 40]),
          evaluate_html:
            '<span class="word good" data-score="90">Hello,</span> my name is <span class="word bad mispronounced" data-score="40">Haruto.</span>',
          sound_file: '/api/v2/recording/abc?sig=1',
        }),
      );
      const corrected: FakeInput[] = [];
      const papers: FakeInput[] = [];
      renderRoute('/homework-details/9/topics/1/students/s1', {
        api: [
          reply(getStudentHomeworkTopicDetails, (q) => {
            papers.push(q);
            return state;
          }),
          reply(correctAnswerWord, (b) => {
            corrected.push(b);
            state = paper(answer(0, 64, { words: words([90, 90, 90, 90, 60], 4) }));
            return {
              answer: state.answers[0]!,
              attempt_score: 81,
              best_score: 81,
              best_attempt_id: 11,
            };
          }),
        ],
      });
      const items = await screen.findAllByTestId('preview-item', {}, { timeout: 20_000 });
      expect(papers[0]).toMatchObject({ homework_id: '9', topic_id: '1', student_id: 's1' });
      expect(papers[0]).not.toHaveProperty('attempt_id');
      expect(screen.getByText('田中 陽翔')).toBeInTheDocument();
      expect(screen.getByTestId('attempt-score')).toHaveTextContent('80点');
      expect(within(items[0]!).getByTestId('item-score')).toHaveTextContent('得点 60点');
      expect(within(items[0]!).getByTestId('item-average')).toHaveTextContent('平均点 67点');
      expect(within(items[2]!).queryByTestId('item-average')).toBeNull();
      expect(items[0]!.querySelector('.word.mispronounced')).toHaveTextContent('Haruto.');

      // 録音を再生 plays the child's recording (the signed URL the server gives).
      fireEvent.click(within(items[0]!).getByRole('button', { name: /録音を再生/ }));
      await waitFor(() => expect(created.some((a) => a.src.endsWith('/api/v2/recording/abc?sig=1'))).toBe(true));

      const chips = screen.getAllByTestId('word-chip');
      expect(chips.map((c) => c.getAttribute('data-type'))).toEqual([
        'normal',
        'normal',
        'normal',
        'normal',
        'mispronounced',
      ]);
      // The chips are coloured by judgement, under a legend of judgements (never the score bands).
      const legend = screen.getByRole('list', { name: '判定の見方' });
      expect(legend).toHaveTextContent('正しい発音が正しくない読み飛ばし先生が訂正');
      expect(screen.queryByRole('list', { name: '色の見方' })).toBeNull();
      fireEvent.click(chips[4]!);
      const confirm = await screen.findByTestId('correction-confirm');
      expect(confirm).toHaveTextContent('「発音が正しくない」→「正しい」に変更します。');
      expect(confirm).toHaveTextContent(
        'この問題の得点（いま 60点）、この提出の得点（いま 80点）と最高点が計算し直されます。',
      );
      fireEvent.click(screen.getByText('キャンセル'));
      await waitFor(() => expect(screen.queryByTestId('correction-confirm')).not.toBeInTheDocument());
      expect(corrected).toEqual([]);

      fireEvent.click(screen.getAllByTestId('word-chip')[4]!);
      await screen.findByTestId('correction-confirm');
      fireEvent.click(screen.getByText('訂正する'));
      await waitFor(() => expect(corrected).toHaveLength(1));
      expect(corrected[0]).toMatchObject({ attempt_id: 11, question_id: 0, word_index: 4, type: 'normal' });
      expect(
        await screen.findByText('問題1の得点が 60点 → 64点、提出の得点が 80点 → 81点 になりました。'),
      ).toBeInTheDocument();
      // The paper is read again: the word shows as corrected.
      await waitFor(() => expect(screen.getAllByTestId('word-chip')[4]).toHaveAttribute('data-type', 'normal'));
      expect(screen.getAllByTestId('word-chip')[4]).toHaveAttribute('aria-label', 'Haruto.：正しい（訂正済み）');
    });

    it('choosing another submission reads that one', async () => {
      const papers: FakeInput[] = [];
      renderRoute('/homework-details/9/topics/1/students/s1?attempt_id=12', {
        api: [
          reply(getStudentHomeworkTopicDetails, (q) => {
            papers.push(q);
            return paper(answer(0, 75));
          }),
        ],
      });
      await screen.findAllByTestId('preview-item', {}, { timeout: 20_000 });
      expect(papers[0]).toMatchObject({ attempt_id: '12' });
    });

    it('an article: one answer (question_id 0) with the score bar and its words', async () => {
      renderRoute('/homework-details/9/topics/1/students/s1', {
        api: [
          reply(getStudentHomeworkTopicDetails, () => ({
            ...paper(answer(0, 72, { words: words([90, 90, 90, 90, 40]) })),
            topic: {
              topic_id: 1,
              position: 1,
              resource_id: 104,
              title: '夏休み',
              type: 'article_reading' as const,
              item_count: 1,
            },
            detail: articleReadingFixture,
            answers: [answer(0, 72, { words: words([90, 90, 90, 90, 40]) })],
            averages: [{ score: 70 }],
          })),
        ],
      });
      expect(await screen.findByTestId('score-bar', {}, { timeout: 20_000 })).toHaveTextContent('80点');
      const line = screen.getByTestId('word-line');
      expect(line).toHaveTextContent('本文');
      expect(within(line).getAllByTestId('word-chip')).toHaveLength(5);
    });

    it('a child who has not submitted: the empty state, no preview answers', async () => {
      renderRoute('/homework-details/9/topics/1/students/s5', {
        api: [
          reply(getStudentHomeworkTopicDetails, () => ({
            ...paper(answer(0, 0)),
            student: { student_id: 's5', name: '渡辺 湊', number: '5' },
            practice_count: 0,
            best_score: null,
            attempts: [],
            attempt: null,
            answers: [],
          })),
        ],
      });
      expect(
        await screen.findByText('この生徒はまだこの教材を提出していません。', {}, { timeout: 20_000 }),
      ).toBeInTheDocument();
      expect(screen.queryAllByTestId('item-score')).toEqual([]);
    });
  });

  it('exports the results as a download task, follows its progress and saves the file; mails them too', async () => {
    const saved = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      saved();
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let task: DownloadTaskRow = {
      task_id: 5,
      kind: 'topic-student-score',
      title: '生徒別の得点：5年1組 自己紹介の音読',
      status: 'processing',
      progress: 0,
      error: null,
      file_name: null,
      size_bytes: null,
      created_at: '2026-04-10T00:00:00.000Z',
      finished_at: null,
      expires_at: '2026-04-17T00:00:00.000Z',
    };
    let listed = 0;
    let made = false;
    const mailed: FakeInput[] = [];
    const { calls } = renderRoute('/homework-details/9', {
      api: [
        ...detailsApi(),
        reply(createDownloadTask, () => {
          made = true;
          return { task };
        }),
        reply(getDownloadTaskPageList, () => {
          // The task finishes after the screen has seen it in progress once.
          if (made && ++listed >= 2)
            task = {
              ...task,
              status: 'finished',
              progress: 100,
              file_name: '生徒別の得点_5年1組_自己紹介の音読_20260410.xlsx',
              size_bytes: 9000,
            };
          return { rows: [task], total: 1, page: 1, limit: 20, processing: task.status === 'processing' ? 1 : 0 };
        }),
        reply(downloadTaskFile, () => file('生徒別の得点_5年1組_自己紹介の音読_20260410.xlsx')),
        reply(sendStudentTopicMail, (q) => {
          mailed.push(q);
          return { email: String(q.email) };
        }),
      ],
    });
    fireEvent.mouseEnter(await screen.findByRole('button', { name: /Excelで書き出す/ }, { timeout: 20_000 }));
    fireEvent.click(await screen.findByText('生徒別の得点'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === createDownloadTask.path)?.input).toMatchObject({
        kind: 'topic-student-score',
        homework_id: 9,
      }),
    );
    expect(await screen.findByTestId('export-ready', {}, { timeout: 20_000 })).toHaveTextContent(
      '生徒別の得点_5年1組_自己紹介の音読_20260410.xlsx',
    );
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(screen.queryByText(/処理が失敗しました/)).toBeNull();
    // The window's own 閉じる (antd also labels its × button 閉じる).
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.mouseEnter(screen.getByRole('button', { name: /Excelで書き出す/ }));
    fireEvent.click(await screen.findByText('メールで送る'));
    const address = await screen.findByLabelText('送信先メールアドレス');
    fireEvent.change(address, { target: { value: 'kocho@school.example' } });
    fireEvent.click(screen.getByRole('button', { name: '送信' }));
    await waitFor(() =>
      expect(mailed).toEqual([expect.objectContaining({ homework_id: '9', email: 'kocho@school.example' })]),
    );
  });
});
