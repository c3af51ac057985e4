process.env.TZ = 'Asia/Tokyo';
import {
  ErrorCode,
  getAllTopicOverview,
  getStudentHomeworkTopicDetails,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  getWritingNoteList,
  messages,
  remindUnsubmitted,
  studentMessageMessages,
  submitWritingNote,
  type CallOutput,
  type WritingNote,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, renderRoute, reply, testTeacher, type FakeInput } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => sessionStorage.clear());

const overview: CallOutput<typeof getAllTopicOverview> = {
  homework_id: 9,
  title: '自己紹介の音読',
  team: { team_id: 3, name: '5年1組' },
  origin_type: 'classroom',
  state: 'open',
  start_time: '2026-04-08T00:00:00.000Z',
  end_time: '2026-04-15T00:00:00.000Z',
  assigned_count: 3,
  submitted_count: 1,
  required_times: null,
  done_count: 1,
  average_score: 80,
  distribution: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
  topics: [],
  unsubmitted: [
    { student_id: 'kenta01', name: '佐藤 健太', number: '5' },
    { student_id: 'mio01', name: '鈴木 美桜', number: '6' },
  ],
  practicing: [],
};

const detailsApi = () => [
  reply(getAllTopicOverview, () => overview),
  reply(getTopicScoreOverviewX, () => ({ rows: [] })),
  reply(getTopicScoreOverviewY, () => ({ rows: [], total: 0, page: 1, limit: 5 })),
];

describe('未提出の児童にお知らせ', { timeout: 120_000 }, () => {
  it('asks, naming how many children, then sends once and says how many were reminded', async () => {
    const sent: FakeInput[] = [];
    renderRoute('/homework-details/9', {
      api: [
        ...detailsApi(),
        reply(remindUnsubmitted, (input) => {
          sent.push(input);
          return { count: 2, skipped: 0 };
        }),
      ],
    });
    const section = await screen.findByRole('region', { name: '未提出の生徒（2人）' }, { timeout: 20_000 });
    fireEvent.click(within(section).getByRole('button', { name: '未提出の児童にお知らせ' }));
    expect(await screen.findByTestId('remind-confirm')).toBeInTheDocument();
    expect(screen.getAllByText('未提出の児童2人にお知らせを送りますか？').length).toBeGreaterThan(0);
    expect(screen.getByTestId('remind-confirm')).toHaveTextContent('1時間に1回まで');
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByTestId('remind-confirm')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: '未提出の児童にお知らせ' }));
    await screen.findByTestId('remind-confirm');
    fireEvent.click(screen.getByRole('button', { name: /送\s?る/ }));
    expect(await screen.findByText('2人にお知らせを送りました。')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ homework_id: 9 });
    expect(sent[0]!.student_ids).toBeUndefined();
  });

  it('a reminder sent within the hour: the server’s message, and the dialog closes', async () => {
    const message = studentMessageMessages.remindTooSoon(new Date('2026-04-08T01:00:00Z'));
    renderRoute('/homework-details/9', {
      api: [...detailsApi(), reply(remindUnsubmitted, () => failure(429, ErrorCode.REMIND_TOO_SOON, message))],
    });
    fireEvent.click(await screen.findByRole('button', { name: '未提出の児童にお知らせ' }, { timeout: 20_000 }));
    await screen.findByTestId('remind-confirm');
    fireEvent.click(screen.getByRole('button', { name: /送\s?る/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(message).toContain('2026年4月8日(水) 10:00以降');
    await waitFor(() => expect(screen.queryByTestId('remind-confirm')).not.toBeInTheDocument());
  });

  it('not for the guest type', async () => {
    renderRoute('/homework-details/9', { api: detailsApi(), user: { ...testTeacher, type: 'guest' } });
    await screen.findByRole('region', { name: '未提出の生徒（2人）' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: '未提出の児童にお知らせ' })).toBeNull();
  });
});

const note = (over: Partial<WritingNote> = {}): WritingNote => ({
  note_id: 1,
  student_id: 's1',
  topic_id: 4,
  homework_id: 9,
  content: 'とても上手に読めました。',
  created_at: '2026-04-09T06:30:00.000Z',
  read_at: null,
  ...over,
});

const notesReply = (rows: WritingNote[]) =>
  reply(getWritingNoteList, () => ({
    student: { student_id: 's1', name: '田中 陽翔', number: '1' },
    topic: { topic_id: 4, title: '自己紹介', homework_id: 9, homework_title: '自己紹介の音読' },
    rows,
  }));

describe('/homework/writing/add', { timeout: 120_000 }, () => {
  it('refuses emoji and over-long text before sending, then sends with one guid and goes back to the answer paper', async () => {
    const sent: FakeInput[] = [];
    const { router } = renderRoute('/homework/writing/add?topic_id=4&student_id=s1', {
      api: [
        notesReply([note()]),
        reply(submitWritingNote, (input) => {
          sent.push(input);
          return note({ note_id: 2, content: String(input.content) });
        }),
      ],
    });
    expect(
      await screen.findByRole('heading', { name: /田中 陽翔さんへのコメント/ }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('自己紹介の音読 ／ 自己紹介')).toBeInTheDocument();
    // Earlier notes with their date.
    expect(screen.getByRole('region', { name: 'これまでのコメント' })).toHaveTextContent('2026年4月9日(木) 15:30');

    const box = screen.getByRole('textbox', { name: 'コメント' });
    fireEvent.change(box, { target: { value: 'よくできました😀' } });
    fireEvent.click(screen.getByRole('button', { name: /送信する/ }));
    expect(await screen.findByText(messages.emojiNotAllowed, {}, { timeout: 20_000 })).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'あ'.repeat(401) } });
    expect(screen.getByText('401 / 400')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /送信する/ }));
    await waitFor(() => expect(screen.getAllByText(messages.overLength).length).toBeGreaterThan(0), {
      timeout: 20_000,
    });
    expect(sent).toEqual([]);

    fireEvent.change(box, { target: { value: ' th の音に気をつけよう。 ' } });
    fireEvent.click(screen.getByRole('button', { name: /送信する/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ student_id: 's1', topic_id: 4, content: 'th の音に気をつけよう。' });
    expect(String(sent[0]!.guid)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('田中 陽翔さんにコメントを送りました。')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-details/9/topics/4/students/s1'), {
      timeout: 20_000,
    });
    expect(screen.queryByRole('button', { name: '書き続ける' })).toBeNull();
  });

  it('a failed send keeps the text and the guid: sending again reuses the key', async () => {
    const sent: FakeInput[] = [];
    renderRoute('/homework/writing/add?topic_id=4&student_id=s1', {
      api: [
        notesReply([]),
        reply(submitWritingNote, (input) => {
          sent.push(input);
          return sent.length === 1 ? failure(500, 50000, 'サービス異常。もう一度やり直してください。') : note();
        }),
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'コメント' }, { timeout: 20_000 });
    fireEvent.change(box, { target: { value: 'がんばったね' } });
    fireEvent.click(screen.getByRole('button', { name: /送信する/ }));
    await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(1));
    // The request layer's alert for the 5xx.
    const ok = await screen.findByRole('button', { name: 'OK' });
    fireEvent.click(ok);
    expect(box).toHaveValue('がんばったね');
    fireEvent.click(screen.getByRole('button', { name: /送信する/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.guid).toBe(sent[0]!.guid);
  });

  it('asks before leaving with unsaved text', async () => {
    const { router } = renderRoute('/homework/writing/add?topic_id=4&student_id=s1', { api: [notesReply([])] });
    const box = await screen.findByRole('textbox', { name: 'コメント' }, { timeout: 20_000 });
    fireEvent.change(box, { target: { value: '書きかけ' } });
    fireEvent.click(screen.getByRole('button', { name: /キャンセル/ }));
    fireEvent.click(await screen.findByRole('button', { name: '書き続ける' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '書き続ける' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/homework/writing/add');
    fireEvent.click(screen.getByRole('button', { name: /キャンセル/ }));
    fireEvent.click(await screen.findByRole('button', { name: '離れる' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-details/9/topics/4/students/s1'));
  });
});

describe('notes on the answer paper', { timeout: 120_000 }, () => {
  it('lists the notes to the child about the topic with their date, and opens the writing screen', async () => {
    const paper: CallOutput<typeof getStudentHomeworkTopicDetails> = {
      student: { student_id: 's1', name: '田中 陽翔', number: '1' },
      topic: {
        topic_id: 4,
        position: 1,
        resource_id: null,
        title: '自己紹介',
        type: 'sentence_reading',
        item_count: 1,
      },
      practice_count: 0,
      best_score: null,
      attempts: [],
      attempt: null,
      detail: null,
      answers: [],
      averages: [],
    };
    const { router } = renderRoute('/homework-details/9/topics/4/students/s1', {
      api: [
        reply(getStudentHomeworkTopicDetails, () => paper),
        notesReply([note({ note_id: 2, content: '二つ目', read_at: '2026-04-10T00:00:00.000Z' }), note()]),
      ],
    });
    const section = await screen.findByRole('region', { name: '先生のコメント' }, { timeout: 20_000 });
    await waitFor(() => expect(within(section).getAllByTestId('writing-note')).toHaveLength(2));
    const rows = within(section).getAllByTestId('writing-note');
    expect(rows[0]).toHaveTextContent('二つ目');
    expect(rows[0]).toHaveTextContent('既読');
    expect(rows[1]).toHaveTextContent('2026年4月9日(木) 15:30');
    expect(rows[1]).toHaveTextContent('未読');
    fireEvent.click(within(section).getByRole('button', { name: 'コメントを書く' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework/writing/add'));
    expect(router.state.location.search).toBe('?topic_id=4&student_id=s1');
  });
});
